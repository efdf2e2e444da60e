/**
 * The ways a plane on the ground can move this turn (docs/plans.md, docs/ground.md): every MOVE
 * line the referee accepts for it (seed 000 IV.2-8, core/ground/plan.ts), each with what it does.
 * A plane on the ground takes a MOVE line, not a plot; without one it rolls on at its speed.
 */
import type { MoveOrder, MoveStep } from '../../orders/ast.ts';
import { GROUND_TURNS, planGround } from '../ground/plan.ts';
import type { GameState, PlaneState } from '../state.ts';

export interface GroundWay {
  /** The MOVE line's steps (none: no MOVE line, the plane rolls on). */
  steps: MoveStep[];
  /** What the line does, in words. */
  what: string;
}

const turnsWords = (n: number): string => {
  const side = n < 0 ? 'left' : 'right';
  const k = Math.abs(n);
  return `turns ${k} hexside${k === 1 ? '' : 's'} ${side} in impulse 7`;
};

/** Every MOVE line `plane` may take this turn, the plainest first; none when it is not on the ground. */
export function groundWays(state: GameState, plane: PlaneState): GroundWay[] {
  if (plane.status !== 'flying' || !plane.ground) return [];
  const speed = (plane.speed / 10).toFixed(1);
  const rolls = plane.speed > 0 ? `rolls on at speed ${speed}` : 'stays where it is';
  const candidates: { steps: MoveStep[]; what: string }[] = [
    {
      steps: [],
      what: plane.ground.deck ? `(no MOVE line) stays on ${plane.ground.deck}'s deck` : `(no MOVE line) ${rolls}`,
    },
    { steps: ['LAUNCH'], what: plane.ground.deck ? `leaves ${plane.ground.deck}'s deck` : 'leaves the deck' },
  ];
  const start = 'tries to start its engine in impulse 7 (a die decides); running, it has one power factor at once';
  for (let t = -GROUND_TURNS; t <= GROUND_TURNS; t++) {
    const turns: MoveStep[] = Array.from({ length: Math.abs(t) }, () => (t < 0 ? 'L' : 'R'));
    candidates.push({ steps: ['START', ...turns], what: t ? `${start}; if it starts, ${turnsWords(t)}` : start });
  }
  for (const factor of [[], ['P'], ['B']] as MoveStep[][]) {
    for (let t = -GROUND_TURNS; t <= GROUND_TURNS; t++) {
      if (!factor.length && t === 0) continue;
      const turns: MoveStep[] = Array.from({ length: Math.abs(t) }, () => (t < 0 ? 'L' : 'R'));
      const words = [
        ...(factor[0] === 'P'
          ? ['one power factor: a point faster next turn']
          : factor[0] === 'B'
            ? ['one brake factor: a point slower next turn']
            : []),
        ...(t ? [turnsWords(t)] : []),
      ];
      candidates.push({ steps: [...factor, ...turns], what: `${words.join('; ')}; ${rolls}` });
    }
  }
  return candidates.filter((c) => {
    const order: MoveOrder | undefined = c.steps.length ? { unit: plane.id, steps: c.steps } : undefined;
    return planGround(state, plane, order).ok;
  });
}
