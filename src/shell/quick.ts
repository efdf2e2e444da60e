/**
 * The quick game on the command line (docs/quick.md): its aircraft file, its scenarios and orders
 * files, and `tallyho resolve` on them, in words and in JSON.
 */
import { dirname, resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseQuickCards } from '../core/quick/cards.ts';
import { resolveQuickTurn } from '../core/quick/rules.ts';
import { parseQuickScenario } from '../core/quick/scenario.ts';
import type { QuickOrders, QuickSide, QuickState } from '../core/quick/types.ts';
import { hexLabel } from '../core/hex/coords.ts';
import { facingText } from '../core/hex/facing.ts';
import { formatQuickMoves, parseQuickMoves } from '../orders/quick.ts';
import { quickWays, type QuickWay } from '../core/plans/quick.ts';
import { quickMenus, quickWaysSection } from '../app/views/quick-menu.ts';
import { readYaml, shown } from './data-files.ts';
import { TallyhoError } from './errors.ts';
import { wrapText } from '../report/wrap.ts';
import { quickEventLine } from '../report/quick-log.ts';
import { sideNames } from '../report/turn-log.ts';

export const DEFAULT_QUICK_CARDS = resolve(dirname(fileURLToPath(import.meta.url)), '../../data/quick/aircraft.yaml');

export function loadQuickCards(path: string = DEFAULT_QUICK_CARDS) {
  const read = readYaml(path, shown(path));
  const r = read.problems.length ? undefined : parseQuickCards(read.data, shown(path));
  if (!r || !r.ok)
    throw new TallyhoError('E_SCENARIO', `quick aircraft: ${shown(path)} is not valid`, [
      ...read.problems,
      ...(r && !r.ok ? r.error.map((p) => p.message) : []),
    ]);
  return r.value;
}

/**
 * Orders from mail bodies: `A1: 2L1` lines and `FIRE A1 F AT B1` lines, anywhere in the text
 * (envelope lines, comments and quoted lines are passed over). Every bad line is reported.
 */
export function quickOrdersFrom(texts: readonly string[]): QuickOrders {
  const orders: QuickOrders = { moves: {}, targets: {} };
  const problems: string[] = [];
  for (const text of texts) {
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || line.startsWith('>') || /^TURN\b/i.test(line)) continue;
      const fire = /^FIRE\s+([A-Z][A-Z0-9_-]{0,5})\s+([FLRB])\s+AT\s+([A-Z][A-Z0-9_-]{0,5})$/i.exec(line);
      if (fire) {
        // AT ANY names no target: the weapon fires at the nearest enemy in its arc, as without a FIRE line (core/quick/game.ts).
        if (fire[3]!.toUpperCase() !== 'ANY')
          (orders.targets![fire[1]!.toUpperCase()] ??= {})[fire[2]!.toUpperCase() as QuickSide] =
            fire[3]!.toUpperCase();
        continue;
      }
      const move = /^([A-Z][A-Z0-9_-]{0,5}):\s*(.*)$/i.exec(line);
      if (!move) continue;
      const p = parseQuickMoves(move[2]!);
      if (p.value) orders.moves[move[1]!.toUpperCase()] = p.value;
      else problems.push(...p.errors.map((e) => `${move[1]}: ${e.message}`));
    }
  }
  if (problems.length) throw new TallyhoError('E_ORDERS', 'the orders do not read; nothing was moved', problems);
  return orders;
}

export { quickEventLine };

const snap = (s: QuickState, id: string) => {
  const p = s.planes.find((x) => x.id === id)!;
  return {
    hex: hexLabel(p.hex),
    facing: p.facing,
    speed: p.speed,
    engine: p.engine,
    fuselage: p.fuselage,
    lost: p.lost,
    status: p.status,
  };
};

/** `tallyho resolve` on a quick-game scenario: the text, or the JSON (docs/cli.md). */
export function resolveQuickFile(
  data: unknown,
  path: string,
  texts: readonly string[],
  seed: string,
  json: boolean,
): string {
  const parsed = parseQuickScenario(data, basename(path), loadQuickCards(), seed);
  if (!parsed.ok)
    throw new TallyhoError(
      'E_SCENARIO',
      `${path} is not a valid quick-game scenario`,
      parsed.error.map((p) => p.message),
    );
  const { scenario, state } = parsed.value;
  const r = resolveQuickTurn(state, quickOrdersFrom(texts));
  if (!r.ok)
    throw new TallyhoError(
      'E_ORDERS',
      'the orders are not legal; nothing was moved',
      r.error.map((p) => `${p.plane ?? ''}: ${p.message}`),
    );
  if (json) {
    return `${JSON.stringify({ scenario: scenario.name, ruleset: 'quick', seed, turn: state.turn, planes: state.planes.map((p) => ({ id: p.id, side: p.side, card: p.card, initial: snap(state, p.id), final: snap(r.value.state, p.id) })), events: r.value.events }, null, 2)}\n`;
  }
  const rows = r.value.state.planes.map((p) =>
    `${p.id.padEnd(6)} ${p.side.padEnd(9)} ${(state.cards[p.card]?.name ?? p.card).slice(0, 12).padEnd(12)} ${hexLabel(p.hex)}   ${facingText(p.facing).padEnd(8)} ${String(p.speed).padStart(5)} ${String(p.engine).padStart(6)} ${String(p.fuselage).padStart(8)} ${p.status === 'flying' ? '' : p.status.toUpperCase()}`.trimEnd(),
  );
  return [
    `${scenario.name} (quick game) - turn ${state.turn} resolved`,
    '',
    ...r.value.events.map((e) => wrapText(quickEventLine(e, sideNames(scenario)), 78, 4)),
    '',
    'plane  side      aircraft     hex    facing   SPEED ENGINE FUSELAGE',
    ...rows,
    '',
  ].join('\n');
}

/**
 * `tallyho plans` on a quick-game scenario: every way each aircraft (or the one named) can move its
 * first turn (core/plans/quick.ts), as text or JSON (docs/cli.md).
 */
export function quickPlansFile(
  data: unknown,
  path: string,
  plane: string | undefined,
  json: boolean,
  menu = false,
): string {
  const parsed = parseQuickScenario(data, basename(path), loadQuickCards(), 'plans');
  if (!parsed.ok)
    throw new TallyhoError(
      'E_SCENARIO',
      `${path} is not a valid quick-game scenario`,
      parsed.error.map((p) => p.message),
    );
  const { scenario, state } = parsed.value;
  const planes = state.planes.filter((p) => !plane || p.id.toUpperCase() === plane.toUpperCase());
  if (!planes.length)
    throw new TallyhoError('E_NOT_FOUND', `there is no aircraft ${plane ?? ''} in ${path}`, [
      `its aircraft: ${state.planes.map((p) => p.id).join(', ')}`,
    ]);
  if (menu) {
    // Each aircraft's menu of moves, as its player's welcome gives it (WAYS TO FLY).
    const menus = quickMenus(
      state,
      planes.map((p) => p.id),
    );
    if (json)
      return `${JSON.stringify({ planes: planes.map((p) => ({ plane: p.id, side: p.side, menu: (menus.get(p.id) ?? []).map((m) => ({ letter: m.letter, names: m.names, ...(m.on ? { on: m.on } : {}), hex: hexLabel(m.end.hex), facing: m.end.facing, speed: m.end.speed, ...(m.end.exited ? { status: 'exited' } : {}), move: formatQuickMoves(m.steps) })) })) }, null, 2)}\n`;
    return `${scenario.name} (quick game): ways to fly turn ${state.turn}\n\n${quickWaysSection(
      state,
      planes.map((p) => p.id),
      menus,
    )}\n`;
  }
  const listed = planes.map((p) => ({ p, ways: quickWays(state, p) }));
  const wayJson = (w: QuickWay) => ({
    hex: hexLabel(w.end.hex),
    facing: w.end.facing,
    speed: w.end.speed,
    ...(w.end.exited ? { status: 'exited' } : {}),
    move: formatQuickMoves(w.steps),
  });
  if (json)
    return `${JSON.stringify({ planes: listed.map(({ p, ways }) => ({ plane: p.id, side: p.side, outcomes: ways.map(wayJson) })) }, null, 2)}\n`;
  const out = [`${scenario.name} (quick game): every way to move turn ${state.turn}`, ''];
  for (const { p, ways } of listed) {
    out.push(
      `${p.id} (${p.side}, ${state.cards[p.card]?.name ?? p.card}) at ${hexLabel(p.hex)} facing ${facingText(p.facing)}, SPEED ${p.speed}, ENGINE ${p.engine}: ${ways.length} way${ways.length === 1 ? '' : 's'} to move`,
    );
    out.push('  ends     facing    SPEED  move');
    for (const w of ways) {
      const o = wayJson(w);
      out.push(
        `  ${(o.status ? `${o.hex} off` : o.hex).padEnd(8)} ${facingText(o.facing).padEnd(9)} ${String(o.speed).padStart(5)}  ${o.move}`,
      );
    }
    out.push('');
  }
  out.push(
    'ends: the hex the move ends in ("off": it leaves the map there); SPEED: what the move spends,',
    'its SPEED for next turn.',
  );
  return `${out.join('\n')}\n`;
}
