/**
 * The path a plot would fly, for the acknowledgement of orders: the hexes entered, each with its
 * impulse, computed by flying the plane alone (other planes never change a plane's movement).
 */
import type { Hex } from '../hex/coords.ts';
import type { Plot } from '../../orders/ast.ts';
import type { GameEvent } from '../events.ts';
import { parseHexLabel } from '../hex/coords.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import { copyData, type GameState } from '../state.ts';
import { flyImpulse } from './fly.ts';
import { planTurn } from './plan.ts';

export interface PathStep {
  hex: Hex;
  impulse: number;
}

export function previewPath(state: GameState, planeId: string, plot: Plot): Result<PathStep[], Problem[]> {
  const plane = state.planes.find((p) => p.id === planeId);
  if (!plane)
    return err([{ code: 'E_UNKNOWN_PLANE', plane: planeId, message: `there is no plane ${planeId} in this game` }]);
  const plan = planTurn(state, plane, plot);
  if (!plan.ok) return plan;
  const copy = copyData(plane);
  const events: GameEvent[] = [];
  for (let i = 1; i <= 12; i++) flyImpulse(state, copy, plan.value, i, events);
  return ok(
    events.flatMap((e) => (e.type === 'move' ? [{ hex: parseHexLabel(e.to) as Hex, impulse: e.impulse }] : [])),
  );
}
