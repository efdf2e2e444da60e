/**
 * Altitude plotting (seed 000 X.D; seed 001 rules (16)-(20), (22)-(24)): per-impulse shares of the
 * turn's maximum climb or dive, the fixed totals of steep and vertical dives, the pull-out and
 * level-off rules. Works on the boxes of one turn after forced losses are known.
 */
import type { AltitudeBand } from '../aircraft/types.ts';
import type { PlotMode } from '../../orders/ast.ts';
import type { Problem } from '../result.ts';
import type { LastTurn, PlannedBox } from '../state.ts';
import { perImpulseShare, shallowDiveLimit } from './performance.ts';

/** Feet of a steep or vertical dive, and the steep-climb maximum (rules (18)-(20)). */
export function steepTotal(mode: PlotMode, speedTenths: number): number {
  const perPoint = mode === 'VD' ? 400 : 200;
  const feet = Math.floor((speedTenths * perPoint) / 10 / 100) * 100;
  return mode === 'SC' ? Math.min(feet, 1000) : feet;
}

/** Spread `units` (100 ft) over `slots` boxes as evenly as possible (seed 000 X.D.1). */
export function spread(units: number, slots: number): number[] {
  if (slots <= 0) return [];
  return Array.from({ length: slots }, (_, i) => Math.floor(((i + 1) * units) / slots) - Math.floor((i * units) / slots));
}

export interface AltitudeCheck {
  plane: string;
  band: AltitudeBand;
  speed: number;
  /** Movement points this turn (the n of X.D.1). */
  n: number;
  mode: PlotMode | null;
  /** Plot box numbers of the boxes checked (0 = carried over). */
  boxNos: number[];
}

const p = (c: AltitudeCheck, code: string, rule: string, message: string, box?: number): Problem =>
  box === undefined ? { code, rule, plane: c.plane, message } : { code, rule, plane: c.plane, box, message };

/** The player-chosen part of a box's altitude change (forced losses set apart). */
export const freeAlt = (b: PlannedBox): number => b.alt + b.forced;

/**
 * Checks per-impulse limits: no box above its share of the turn's maximum, no more boxes at the
 * extra 100 ft than the remainder allows (seed 000 X.D.1-2).
 */
export function checkShares(c: AltitudeCheck, boxes: PlannedBox[], maxFeet: number, sign: 1 | -1, what: string, rule: string): Problem[] {
  const { base, extra } = perImpulseShare(maxFeet, c.n);
  const out: Problem[] = [];
  let atExtra = 0;
  boxes.forEach((b, i) => {
    const units = Math.max(0, (sign * freeAlt(b)) / 100);
    if (units > base + 1 || (units === base + 1 && ++atExtra > extra)) {
      const allowed = extra > 0 ? `${base * 100} ft in each impulse, ${(base + 1) * 100} ft in ${extra} of them` : `${base * 100} ft in each impulse`;
      out.push(p(c, 'E_ALT_RATE', rule,
        `box ${c.boxNos[i]}: ${what} of ${units * 100} ft is more than this impulse's share: the turn's maximum ${maxFeet} ft over ${c.n} impulses allows ${allowed}`, c.boxNos[i]));
    }
  });
  return out;
}

/** Rule (17): the deepest shallow dive of a turn, the card's figure or 200 ft per point of speed. */
export const normalDiveMax = (band: AltitudeBand, speedTenths: number): number => Math.min(band.dive, shallowDiveLimit(speedTenths));

export function checkNormalAltitudes(c: AltitudeCheck, boxes: PlannedBox[]): Problem[] {
  const diveMax = normalDiveMax(c.band, c.speed);
  return [
    ...checkShares(c, boxes, c.band.climb, 1, 'a climb', 'seed 000 X.D; seed 001 rule (16)'),
    ...checkShares(c, boxes, diveMax, -1, 'a dive', 'seed 000 X.D; seed 001 rule (17)'),
  ];
}

/** Half the card's maximum shallow dive, rounded up to 100 ft: the vertical dive's entry and pull-out (rules (20), (22)). */
export const halfShallowDive = (band: AltitudeBand): number => Math.ceil(band.dive / 2 / 100) * 100;

/**
 * What last turn's steep or vertical flight demands of this turn (rules (22)-(24)), or null:
 * - pull-out after a vertical dive (22): dive at least half the card's shallow dive, no climb;
 * - pull-out after a steep dive (23): dive at least 300 ft, no climb;
 *   both unless the plane dives steeply or vertically again;
 * - level-off after a steep climb (24): no dive at all, steep or vertical dives included.
 */
export interface LastTurnDemand {
  code: 'E_PULL_OUT_VD' | 'E_PULL_OUT_SD' | 'E_LEVEL_OFF';
  rule: string;
  after: 'VD' | 'SD' | 'SC';
  /** Least dive this turn, feet (0 for the level-off). */
  minDive: number;
  noClimb: boolean;
  noDive: boolean;
}

export function lastTurnDemand(last: LastTurn, band: AltitudeBand): LastTurnDemand | null {
  switch (last.mode) {
    case 'VD': return { code: 'E_PULL_OUT_VD', rule: 'seed 001 rule (22)', after: 'VD', minDive: halfShallowDive(band), noClimb: true, noDive: false };
    case 'SD': return { code: 'E_PULL_OUT_SD', rule: 'seed 001 rule (23)', after: 'SD', minDive: 300, noClimb: true, noDive: false };
    case 'SC': return { code: 'E_LEVEL_OFF', rule: 'seed 001 rule (24)', after: 'SC', minDive: 0, noClimb: false, noDive: true };
    default: return null;
  }
}

/** Rules (20), (22)-(24): what last turn's steep or vertical flight forbids or demands now. */
export function checkPullOut(c: AltitudeCheck, last: LastTurn, climbed: number, divedFree: number, dived: number): Problem[] {
  const d = lastTurnDemand(last, c.band);
  if (!d) return [];
  const steepDown = c.mode === 'SD' || c.mode === 'VD';
  if (d.noDive) {
    return steepDown || divedFree > 0
      ? [p(c, d.code, d.rule, 'after last turn\'s steep climb the plane may not dive this turn: fly level, climb, or climb steeply again')]
      : [];
  }
  if (steepDown || (dived >= d.minDive && climbed === 0)) return [];
  const what = d.after === 'VD' ? `at least ${d.minDive} ft this turn (half its maximum shallow dive)` : `at least ${d.minDive} ft this turn`;
  return [p(c, d.code, d.rule,
    `after last turn's ${d.after === 'VD' ? 'vertical' : 'steep'} dive the plane must dive ${what} and may not climb; it plots ${dived} ft down, ${climbed} ft up`)];
}
