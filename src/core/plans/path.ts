/**
 * The path of a plot, impulse by impulse (the plotter on the web, docs/plans.md): where the plane
 * is after each impulse it moves or changes in, as the referee flies the plan (movement/fly.ts,
 * seed 000 X, seed 001 rules (1)-(20)), the plane alone.
 */
import type { Bank } from '../bank.ts';
import type { GameEvent } from '../events.ts';
import type { Hex } from '../hex/coords.ts';
import { flyImpulse } from '../movement/fly.ts';
import type { FlightPlan } from '../movement/plan.ts';
import { copyData, type GameState, type PlaneState } from '../state.ts';

export interface PathStep {
  impulse: number;
  hex: Hex;
  facing: number;
  altitude: number;
  bank: Bank;
  status: PlaneState['status'];
}

/** Each impulse the plan moves or changes the plane in, and where that leaves it. */
export function pathOf(state: GameState, plane: PlaneState, plan: FlightPlan): PathStep[] {
  const copy = copyData(plane);
  const events: GameEvent[] = [];
  const out: PathStep[] = [];
  let last = `${plane.hex.q},${plane.hex.r}|${plane.facing}|${plane.altitude}|${plane.bank}`;
  for (let i = 1; i <= 12; i++) {
    flyImpulse(state, copy, plan, i, events);
    const now = `${copy.hex.q},${copy.hex.r}|${copy.facing}|${copy.altitude}|${copy.bank}`;
    if (now === last) continue;
    last = now;
    out.push({
      impulse: i,
      hex: { ...copy.hex },
      facing: copy.facing,
      altitude: copy.altitude,
      bank: copy.bank,
      status: copy.status,
    });
    if (copy.status !== 'flying') break;
  }
  return out;
}
