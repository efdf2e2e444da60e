/**
 * The altitude, power and brake marks on a manoeuvre sequence (ways.ts, level 2): every total of
 * climb and dive, power and brake a plot of it may carry, each placed in the boxes as the rules
 * allow (seed 000 X.C.1-2 and X.D.1-3, seed 001 rules (14)-(20), (22)-(24)):
 *
 * - Level flight: climbs first (never in a box with a forced loss), then dives, each box at most
 *   its share of the turn's maximum (X.D.1-2), the boxes with a forced loss first to dive further;
 *   what last turn's steep flight demands (a pull-out dive, a level-off) bounds the totals.
 * - A steep climb: any climb up to the turn's maximum, spread over the boxes, or the altitudes left
 *   out (the referee climbs the most). Steep and vertical dives: the altitudes left out (the dive
 *   is fixed by the speed and the referee spreads it).
 * - Power factors in the first boxes (one a working engine in a box), brake factors after them
 *   (one a box), at most what the card and the rules give this turn.
 *
 * The plan checker has the last word on each (ways.ts); this file only proposes.
 */
import { bandCondition, enginesWorking } from '../damage/state.ts';
import { movementPoints } from '../impulse/schedule.ts';
import type { Box, Plot } from '../../orders/ast.ts';
import { lastTurnDemand, normalDiveMax, spread, steepTotal } from '../movement/altitude.ts';
import { effectiveBand, perImpulseShare, powerAvailable } from '../movement/performance.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import type { Skeleton } from './skeletons.ts';

/** One marking of a sequence: the plot, and its own totals (100-ft units, factors). */
export interface Marking {
  plot: Plot;
  /** Units climbed and dived by choice (forced losses not counted); null: left to the referee. */
  climb: number | null;
  dive: number | null;
  power: number;
  brake: number;
}

/** The fewest boxes that hold `units` at `base` a box, `extra` of them one more; Infinity when none do. */
function boxesFor(units: number, base: number, extra: number): number {
  if (units <= 0) return 0;
  for (let j = 1; j <= units; j++) if (j * base + Math.min(j, extra) >= units) return j;
  return Infinity;
}

/**
 * `plain`: no power or brake factor on any marking. The plan checker only bounds the factors from
 * above (seed 000 X.C.1-2, X.F.1.c; movement/plan.ts, plan-checks.ts), so a sequence has a legal
 * plot with them only if it has one without: the search for a legal plot needs no factor.
 */
export function* markings(state: GameState, plane: PlaneState, sk: Skeleton, plain = false): Generator<Marking> {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const n = movementPoints(plane.speed).length;
  const working = enginesWorking(card, plane);
  const powerMax = Math.min(powerAvailable(band, plane.speed, plane.last, working, card.engines), sk.need * Math.max(0, working));
  const brakeMax = Math.min(band.brake, sk.need);
  const own = Array.from({ length: sk.need }, (_, j) => j);
  const free = own.filter((j) => !sk.forced[j]);

  const plot = (alts: number[] | null, power: number, brake: number): Plot => {
    const boxes: Box[] = sk.boxes.map((man, j) => ({ man, alt: alts?.[j] ?? 0, power: 0, brake: 0 }));
    // Power in the first boxes, a working engine's factor each; brakes in the boxes after them.
    let p = power;
    let j = 0;
    while (p > 0 && j < sk.need) { const here = Math.min(p, working); (boxes[j] as Box).power = here; p -= here; j++; }
    for (let k = 0; k < brake && j < sk.need; k++, j++) (boxes[j] as Box).brake = 1;
    return { plane: plane.id, ...(sk.mode ? { mode: sk.mode } : {}), bomb: false, boxes };
  };
  const factors = function* (alts: number[] | null, climb: number | null, dive: number | null): Generator<Marking> {
    for (let power = 0; power <= (plain ? 0 : powerMax); power++) {
      for (let brake = 0; brake <= (plain ? 0 : brakeMax); brake++) {
        // Each factor takes a box of its own kind (X.F.1.c): power boxes, then brake boxes.
        if (Math.ceil(power / Math.max(1, working)) + brake > sk.need) continue;
        yield { plot: plot(alts, power, brake), climb, dive, power, brake };
      }
    }
  };

  if (sk.mode === 'SD' || sk.mode === 'VD') {
    yield* factors(null, null, null);
    return;
  }
  if (sk.mode === 'SC') {
    yield* factors(null, null, null);
    const max = steepTotal('SC', plane.speed) / 100;
    for (let c = 0; c < max; c++) {
      const units = spread(c, free.length);
      const alts = own.map(() => 0);
      free.forEach((j, i) => { alts[j] = (units[i] ?? 0) * 100; });
      yield* factors(alts, c, 0);
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
      climbers.forEach((j, i) => { alts[j] = (up[i] ?? 0) * 100; });
      const down = spread(d, diveBoxes);
      divers.slice(0, diveBoxes).forEach((j, i) => { const u = down[i] ?? 0; if (u > 0) alts[j] = -(u + (sk.forced[j] ? 1 : 0)) * 100; });
      yield* factors(alts, c, d);
    }
  }
}
