/**
 * Every way an aircraft of the quick game (seed 004, docs/quick.md) can move this turn: each end
 * hex, facing and SPEED a legal move reaches, with the move that flies it (core/quick/rules.ts:
 * SPEED spent forward and turning together, within a point of last turn's and never above ENGINE;
 * at most half the ENGINE in clock points of turn; never two turns in a row).
 */
import type { QuickStep } from '../../orders/ast.ts';
import type { Hex } from '../hex/coords.ts';
import { checkQuickMove, flyMove, onQuickMap, quickLimits, quickSpeed } from '../quick/rules.ts';
import type { QuickPlane, QuickState } from '../quick/types.ts';

export interface QuickWay {
  steps: QuickStep[];
  end: { hex: Hex; facing: number; speed: number; exited: boolean };
}

/** Every legal move of `p`, one a distinct end (hex, facing, SPEED), the fewest turns first. */
export function quickWays(state: QuickState, p: QuickPlane): QuickWay[] {
  if (p.status !== 'flying') return [];
  const { low, high, turns: maxTurns } = quickLimits(p);
  const moves: QuickStep[][] = [];
  // Steps one SPEED point at a time: a hex forward, or a clock point of turn (not two in a row).
  const grow = (steps: QuickStep[], spent: number, turns: number): void => {
    if (spent >= low) moves.push(steps);
    if (spent >= high) return;
    const last = steps[steps.length - 1];
    const forward: QuickStep[] =
      last?.kind === 'F' ? [...steps.slice(0, -1), { kind: 'F', n: last.n + 1 }] : [...steps, { kind: 'F', n: 1 }];
    grow(forward, spent + 1, turns);
    if (turns < maxTurns && last?.kind !== 'L' && last?.kind !== 'R') {
      grow([...steps, { kind: 'L' }], spent + 1, turns + 1);
      grow([...steps, { kind: 'R' }], spent + 1, turns + 1);
    }
  };
  grow([], 0, 0);
  const out = new Map<string, QuickWay>();
  const turnsIn = (steps: QuickStep[]): number => steps.filter((s) => s.kind !== 'F').length;
  for (const steps of moves.sort((a, b) => turnsIn(a) - turnsIn(b))) {
    if (checkQuickMove(state, p, steps).length) continue;
    const end = flyMove(p, steps).end;
    const speed = quickSpeed(steps);
    const key = `${end.hex.q},${end.hex.r}|${end.facing}|${speed}`;
    if (out.has(key)) continue;
    out.set(key, { steps, end: { hex: end.hex, facing: end.facing, speed, exited: !onQuickMap(state, end.hex) } });
  }
  return [...out.values()];
}
