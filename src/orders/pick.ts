/**
 * A plan picked from a mail's menu (docs/orders.md "Pick a plan"): `R1 PLAN C` (or `R1: PLAN C`,
 * `PLAN R1 C`) in place of R1's plot. The letter stands for the plot of plan C in the WAYS TO FLY
 * menu of the mail for this turn; which plot that is, and whether the letter is on the menu, is the
 * referee's to say (app/intake): the parser knows the words only.
 */
import type { OrderError, PlanPick } from './ast.ts';
import { ErrorSink } from './errors.ts';
import { PLANE_ID } from './plot.ts';
import { cleanLine, tokenize, type Token } from './text.ts';

/** The letters a menu has (core/plans/menu.ts MENU_SIZE plans, A on). */
export const PLAN_LETTERS = /^[A-H]$/;

const isPlan = (t: Token | undefined): boolean => t?.text.toUpperCase() === 'PLAN';

/** A pick written plane first (`R1 PLAN C`, `R1: PLAN C`, `R1 : PLAN C`): the tokens after PLAN; undefined when it is not. */
function planeFirst(tokens: readonly Token[]): Token[] | undefined {
  if (!tokens[0]) return undefined;
  if (isPlan(tokens[1])) return tokens.slice(2);
  if (tokens[1]?.text === ':' && isPlan(tokens[2])) return tokens.slice(3);
  return undefined;
}

/** Whether a line's tokens are a pick: a plane (with or without its colon), then PLAN; or PLAN, then the plane. */
export function isPick(tokens: readonly Token[]): boolean {
  return planeFirst(tokens) !== undefined || (isPlan(tokens[0]) && tokens[1]?.text !== ':');
}

/** Reads a pick (isPick holds). Undefined when it had an error. */
export function readPick(tokens: readonly Token[], line: number, sink: ErrorSink): PlanPick | undefined {
  const after = planeFirst(tokens);
  // PLAN R1 C: the same as R1 PLAN C.
  const planeTok = after ? tokens[0] : tokens[1];
  const rest = after ?? tokens.slice(2);
  if (!planeTok) {
    sink.add('E_BAD_PLAN', { line, column: (tokens[0] as Token).col }, { plane: '', word: '' });
    return undefined;
  }
  // PLAN C: a letter where the plane goes, and nothing after it (the plane left out, not a plane named C).
  if (!after && !rest.length && PLAN_LETTERS.test(planeTok.text.toUpperCase())) {
    sink.add('E_BAD_PLAN', { line, column: planeTok.col }, { plane: '', word: planeTok.text.toUpperCase() });
    return undefined;
  }
  const plane = planeTok.text.replace(/:$/, '').toUpperCase();
  if (!PLANE_ID.test(plane)) {
    sink.add('E_BAD_PLANE', { line, column: planeTok.col }, { word: planeTok.text });
    return undefined;
  }
  const letter = rest[0];
  const extra = rest[1];
  if (!letter || !PLAN_LETTERS.test(letter.text.toUpperCase()) || extra) {
    const bad = extra && letter && PLAN_LETTERS.test(letter.text.toUpperCase()) ? extra : letter;
    sink.add('E_BAD_PLAN', { line, column: bad?.col ?? (tokens[0] as Token).col }, { plane, word: bad?.text ?? '' });
    return undefined;
  }
  return { plane, letter: letter.text.toUpperCase(), line };
}

/** The canonical line: `R1 PLAN C`. */
export const formatPick = (p: PlanPick): string => `${p.plane} PLAN ${p.letter}`;

/** Parses one pick line alone (tests and tools): errors are returned, not thrown. */
export function parsePick(text: string): { value?: PlanPick; errors: OrderError[] } {
  const sink = new ErrorSink();
  const clean = cleanLine(text);
  const tokens = tokenize(clean, 0, clean.text.length);
  if (!isPick(tokens)) {
    sink.add('E_BAD_PLAN', { line: 1, column: tokens[0]?.col ?? 1 }, { plane: '', word: '' });
    return { errors: sink.errors };
  }
  const value = readPick(tokens, 1, sink);
  return value ? { value, errors: sink.errors } : { errors: sink.errors };
}
