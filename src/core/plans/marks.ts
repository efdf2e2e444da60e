/**
 * The altitude marks on a manoeuvre sequence (ways.ts, level 2): every total of climb and dive a
 * plot of it may carry, each placed in the boxes as the rules allow (seed 000 X.D.1-3, seed 001
 * rules (16)-(20), (22)-(24)):
 *
 * - Level flight: climbs first (never in a box with a forced loss), then dives, each box at most
 *   its share of the turn's maximum (X.D.1-2), the boxes with a forced loss first to dive further;
 *   what last turn's steep flight demands (a pull-out dive, a level-off) bounds the totals.
 * - A steep climb: any climb up to the turn's maximum, spread over the boxes (the extra 100 ft
 *   early, then late: the ground and the ceiling), or the altitudes left out (the referee climbs
 *   the most). Steep and vertical dives: the altitudes left out (the dive
 *   is fixed by the speed and the referee spreads it).
 *
 * No power or brake factor is marked: the plan checker only bounds them from above (seed 000
 * X.C.1-2, X.F.1.c; movement/plan.ts, plan-checks.ts), so a sequence has a legal plot with them only
 * if it has one without. The plan checker has the last word on each plot (ways.ts); this file only
 * proposes.
 */
import { bandCondition } from '../damage/state.ts';
import { movementPoints } from '../impulse/schedule.ts';
import type { Plot } from '../../orders/ast.ts';
import { lastTurnDemand, normalDiveMax, spread, steepTotal } from '../movement/altitude.ts';
import { effectiveBand, perImpulseShare } from '../movement/performance.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import type { Sequence } from './skeletons.ts';

const LOOPS = new Set(['V', 'VLL', 'VRR']);

/**
 * What the markings of a sequence, and the plan checker's word on its heights, depend on besides
 * the plane: its mode, length, the boxes with a forced loss and (steep) the boxes of a half loop.
 * Sequences of one signature have the same markings, and the same climbs and dives are legal on them.
 */
export function signature(sk: Sequence): string {
  let forced = 0;
  for (let j = 0; j < sk.forced.length; j++) if (sk.forced[j]) forced += 2 ** j;
  let loops = 0;
  if (sk.mode === 'SC' || sk.mode === 'SD')
    for (let j = 0; j < sk.boxes.length; j++) if (LOOPS.has(sk.boxes[j] as string)) loops += 2 ** j;
  return `${sk.mode ?? ''}|${sk.boxes.length}|${forced}|${loops}`;
}

/** The fewest boxes that hold `units` at `base` a box, `extra` of them one more; Infinity when none do. */
function boxesFor(units: number, base: number, extra: number): number {
  if (units <= 0) return 0;
  for (let j = 1; j <= units; j++) if (j * base + Math.min(j, extra) >= units) return j;
  return Infinity;
}

/** The plot of a sequence with its altitudes marked (null: left out, the referee fills them in). */
export const markedPlot = (plane: PlaneState, sk: Sequence, alts: readonly number[] | null): Plot => ({
  plane: plane.id,
  ...(sk.mode ? { mode: sk.mode } : {}),
  bomb: false,
  boxes: sk.boxes.map((man, j) => ({ man, alt: alts?.[j] ?? 0, power: 0, brake: 0 })),
});

/**
 * The climbs and dives of a sequence's plots, box by box (null: the altitudes left out); the plot
 * of each is markedPlot's. Each array is the caller's to keep.
 */
export function* markings(state: GameState, plane: PlaneState, sk: Sequence): Generator<number[] | null> {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const n = movementPoints(plane.speed).length;
  const own = Array.from({ length: sk.need }, (_, j) => j);
  const free = own.filter((j) => !sk.forced[j]);

  if (sk.mode === 'SD' || sk.mode === 'VD') {
    yield null;
    return;
  }
  if (sk.mode === 'SC') {
    yield null;
    const max = steepTotal('SC', plane.speed) / 100;
    for (let c = 0; c < max; c++) {
      // The climb as early as it can be (clear of the ground before a forced loss), then as late.
      const early = spread(c, free.length).reverse();
      for (const units of c % free.length ? [early, [...early].reverse()] : [early]) {
        const alts = own.map(() => 0);
        free.forEach((j, i) => {
          alts[j] = (units[i] ?? 0) * 100;
        });
        yield alts;
      }
    }
    return;
  }
  // Level flight: shares of the turn's maximum climb and dive (X.D.1-2), what last turn demands.
  const climbShare = perImpulseShare(band.climb, n);
  const diveShare = perImpulseShare(normalDiveMax(band, plane.speed), n);
  const demand = lastTurnDemand(plane.last, band);
  const climbMax = demand?.noClimb ? 0 : free.length * climbShare.base + Math.min(free.length, climbShare.extra);
  for (let c = 0; c <= climbMax; c++) {
    const climbBoxes = boxesFor(c, climbShare.base, climbShare.extra);
    if (climbBoxes > free.length) continue;
    const climbers = free.slice(0, climbBoxes);
    // Dives in the other boxes, those with a forced loss first (they lose 100 ft anyway).
    const divers = [...own.filter((j) => sk.forced[j]), ...free.slice(climbBoxes)];
    const diveMax = demand?.noDive ? 0 : divers.length * diveShare.base + Math.min(divers.length, diveShare.extra);
    // A pull-out's dive (rules (22), (23)): the dives short of it are refused, so they are not tried.
    const forcedUnits = own.filter((j) => sk.forced[j]).length;
    const diveMin = demand && !demand.noDive ? Math.max(0, Math.ceil(demand.minDive / 100) - forcedUnits) : 0;
    for (let d = diveMin; d <= diveMax; d++) {
      const diveBoxes = boxesFor(d, diveShare.base, diveShare.extra);
      if (diveBoxes > divers.length) continue;
      const alts = own.map(() => 0);
      const up = spread(c, climbers.length);
      climbers.forEach((j, i) => {
        alts[j] = (up[i] ?? 0) * 100;
      });
      const down = spread(d, diveBoxes);
      divers.slice(0, diveBoxes).forEach((j, i) => {
        const u = down[i] ?? 0;
        if (u > 0) alts[j] = -(u + (sk.forced[j] ? 1 : 0)) * 100;
      });
      yield alts;
    }
  }
}
