/**
 * The plot flown by a plane whose player sent no orders (rules-notes "Playing by mail"): its
 * carried-over manoeuvre, then forwards manoeuvres at its current speed, no power or brake, fire
 * held — with just enough dive to obey the pull-out rules (seed 001 (22), (23)) that bind it.
 * The same plot fills the ready-to-send orders template of a report.
 */
import { bandCondition } from '../damage/state.ts';
import type { Box, Plot } from '../../orders/ast.ts';
import { movementPoints } from '../impulse/schedule.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import { lastTurnDemand, spread } from './altitude.ts';
import { effectiveBand } from './performance.ts';

export function defaultPlot(state: GameState, plane: PlaneState): Plot {
  const n = movementPoints(plane.speed).length;
  const carried = plane.carry?.boxes.length ?? 0;
  const count = Math.max(0, n - carried);
  const boxes: Box[] = Array.from({ length: count }, () => ({ man: '1', alt: 0, power: 0, brake: 0 }));
  const inheritsSteep = plane.carry?.mode === 'SD' || plane.carry?.mode === 'VD';
  let mustDive = 0;
  if (!inheritsSteep) {
    const band = effectiveBand(cardOf(state, plane), plane.altitude, plane.loaded, bandCondition(plane));
    mustDive = lastTurnDemand(plane.last, band)?.minDive ?? 0;
  }
  if (mustDive > 0 && count > 0) {
    // Spread over all n points so no impulse exceeds its share (seed 000 X.D.1); the carried boxes
    // keep what they had, the forwards boxes take the rest.
    const share = spread(mustDive / 100, n).slice(carried);
    const missing = mustDive / 100 - share.reduce((s, u) => s + u, 0);
    share.forEach((u, i) => {
      (boxes[i] as Box).alt = -(u + (i < missing ? 1 : 0)) * 100;
    });
  }
  return { plane: plane.id, bomb: false, boxes, ...(plane.carry?.mode ? { mode: plane.carry.mode } : {}) };
}
