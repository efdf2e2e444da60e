/**
 * Orders of the counters that move without a log (seed 000 V; docs/orders.md "Trucks, tanks and
 * ships"): `MOVE <unit> <steps...> [<n>KT]`. The steps are `F` (enter the hex ahead), `L` and `R`
 * (a truck or tank turns one hexside), `TL` and `TR` (a ship turns 30 degrees) and `-` (a truck
 * spends nothing in that impulse); `25KT` rings a ship's speed down. A plane on the ground takes
 * `START`, `P` (POWER), `B` (BRAKE), `L`, `R` and `LAUNCH` (docs/ground.md). Which steps a unit may take is
 * the referee's to check (core/units): the parser knows the words only.
 */
import { MOVE_STEPS, type MoveOrder, type MoveStep, type OrderError } from './ast.ts';
import { ErrorSink } from './errors.ts';
import { PLANE_ID } from './plot.ts';
import { nearest } from './suggest.ts';
import { cleanLine, tokenize, type Token } from './text.ts';

const STEP_WORDS: ReadonlyMap<string, MoveStep> = new Map([
  ...MOVE_STEPS.map((s) => [s, s] as const),
  ['FORWARD', 'F'],
  ['LEFT', 'L'],
  ['RIGHT', 'R'],
  ['WAIT', '-'],
  ['–', '-'],
  ['—', '-'],
  // A plane on the ground (docs/ground.md): start the engine, power or brake, launch from a deck.
  ['POWER', 'P'],
  ['BRAKE', 'B'],
]);

const KNOT_WORD = /^(?:KT|KTS|KN|KNOTS)$/;

/** The most steps a MOVE line may hold (a truck takes 2, a tank 3, a ship 1: room for mistakes). */
export const MAX_MOVE_STEPS = 6;

/** Reads a MOVE line (tokens[0] is MOVE). Undefined when it had errors. */
export function readMoveOrder(tokens: readonly Token[], line: number, sink: ErrorSink): MoveOrder | undefined {
  const verb = tokens[0] as Token;
  const unitTok = tokens[1];
  const unit = unitTok?.text.replace(/:$/, '').toUpperCase() ?? '';
  if (!unitTok || !unit) {
    sink.add('E_NO_UNIT', { line, column: verb.col }, {});
    return undefined;
  }
  if (!PLANE_ID.test(unit)) {
    sink.add('E_BAD_UNIT', { line, column: unitTok.col }, { word: unitTok.text });
    return undefined;
  }
  const order: MoveOrder = { unit, steps: [] };
  let ok = true;
  const rest = tokens.slice(2);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i] as Token;
    let word = t.text.toUpperCase();
    // "25 KT" as well as "25KT".
    if (/^\d{1,3}$/.test(word) && KNOT_WORD.test(rest[i + 1]?.text.toUpperCase() ?? ''))
      word += rest[++i]?.text.toUpperCase();
    const kt = /^(\d{1,3})(?:KT|KTS|KN|KNOTS)$/.exec(word);
    if (kt) {
      if (order.knots !== undefined) {
        sink.add('E_MOVE_SPEED_TWICE', { line, column: t.col }, { word: t.text });
        ok = false;
        continue;
      }
      order.knots = Number(kt[1]);
      continue;
    }
    const step = STEP_WORDS.get(word);
    if (!step) {
      sink.add('E_BAD_STEP', { line, column: t.col }, { word: t.text, suggest: nearest(word, [...MOVE_STEPS]) });
      ok = false;
      continue;
    }
    if (order.steps.length >= MAX_MOVE_STEPS) {
      sink.add('E_TOO_MANY_STEPS', { line, column: t.col }, { unit });
      ok = false;
      break;
    }
    order.steps.push(step);
  }
  if (ok && !order.steps.length && order.knots === undefined) {
    sink.add('E_EMPTY_MOVE', { line, column: verb.col }, { unit });
    ok = false;
  }
  return ok ? order : undefined;
}

/** The canonical line: `MOVE T1 F -`, `MOVE CV1 TR 25KT`. */
export function formatMoveOrder(m: MoveOrder): string {
  return ['MOVE', m.unit, ...m.steps, ...(m.knots !== undefined ? [`${m.knots}KT`] : [])].join(' ');
}

/** Parses one MOVE line alone (tests and tools), like parseFireOrder: errors are returned, not thrown. */
export function parseMoveOrder(text: string): { value?: MoveOrder; errors: OrderError[] } {
  const sink = new ErrorSink();
  const clean = cleanLine(text);
  const tokens = tokenize(clean, 0, clean.text.length);
  const first = tokens[0];
  if (!first || first.text.toUpperCase() !== 'MOVE') {
    sink.add('E_UNKNOWN_WORD', { line: 1, column: first?.col ?? 1 }, { word: first?.text ?? '', commands: 'MOVE' });
    return { errors: sink.errors };
  }
  const value = readMoveOrder(tokens, 1, sink);
  return value ? { value, errors: sink.errors } : { errors: sink.errors };
}
