/**
 * The quick game's move orders (seed 004 "Aircraft Movement Orders"): `2L1` moves two SPEED
 * forward, turns one clock point left, then one SPEED forward. Numbers are SPEED forward (a hex
 * each), `L` and `R` one clock point each; spaces may separate them (`2 L 1`). Which orders a plane
 * may fly is the referee's to check (core/quick/rules.ts): the parser knows the notation only.
 */
import type { QuickStep } from './ast.ts';

export interface QuickParseError {
  code: 'E_QUICK_EMPTY' | 'E_QUICK_WORD';
  message: string;
}

/** Parses a move order; the steps, or every problem. */
export function parseQuickMoves(text: string): { value?: QuickStep[]; errors: QuickParseError[] } {
  const src = text.trim().toUpperCase();
  if (!src)
    return {
      errors: [{ code: 'E_QUICK_EMPTY', message: 'the move is empty: write SPEED forward and turns, e.g. 2L1' }],
    };
  const steps: QuickStep[] = [];
  const errors: QuickParseError[] = [];
  const re = /\s*(?:(\d{1,2})|([LR])|(\S))/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src)) && m[0].length) {
    if (m[1]) {
      const n = Number(m[1]);
      if (n === 0) {
        errors.push({ code: 'E_QUICK_WORD', message: `'0' moves nothing: leave it out` });
        continue;
      }
      const last = steps[steps.length - 1];
      if (last?.kind === 'F') last.n += n;
      else steps.push({ kind: 'F', n });
    } else if (m[2]) steps.push({ kind: m[2] as 'L' | 'R' });
    else
      errors.push({
        code: 'E_QUICK_WORD',
        message: `'${m[3]}' is not part of a move: numbers are SPEED forward, L and R a clock point of turn (e.g. 2L1)`,
      });
    if (re.lastIndex >= src.length) break;
  }
  return errors.length ? { errors } : { value: steps, errors };
}

/** The canonical order: `2L1`, `1R1R1`. */
export const formatQuickMoves = (steps: readonly QuickStep[]): string =>
  steps.map((s) => (s.kind === 'F' ? String(s.n) : s.kind)).join('');
