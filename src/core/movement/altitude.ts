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
  return Array.from(
    { length: slots },
    (_, i) => Math.floor(((i + 1) * units) / slots) - Math.floor((i * units) / slots),
  );
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

/** "box 3", "boxes 1, 2 and 5", with the boxes carried over from last turn named as such. */
function listBoxes(nos: readonly number[]): string {
  const own = nos.filter((n) => n > 0);
  const carried = nos.length - own.length;
  const words = [
    ...(own.length
      ? [
          `${own.length === 1 ? 'box' : 'boxes'} ${own.length === 1 ? own[0] : `${own.slice(0, -1).join(', ')} and ${own[own.length - 1]}`}`,
        ]
      : []),
    ...(carried ? [`the box${carried === 1 ? '' : 'es'} carried over from last turn`] : []),
  ];
  return words.join(' and ');
}

/** What a per-turn maximum allows in each impulse, in words (seed 000 X.D.1). */
export function shareText(maxFeet: number, n: number): string {
  const { base, extra } = perImpulseShare(maxFeet, n);
  const per = n > 12 ? 'box' : 'impulse';
  if (base === 0 && extra === 0) return 'none at all';
  if (extra === 0) return `${base * 100} ft in each ${per}`;
  return `${(base + 1) * 100} ft in ${extra} of its ${per === 'box' ? 'boxes' : 'impulses'} and ${base ? `${base * 100} ft` : 'none'} in the others`;
}

/**
 * Checks per-impulse limits: no box above its share of the turn's maximum, no more boxes at the
 * extra 100 ft than the remainder allows (seed 000 X.D.1-2). Boxes carried over from last turn
 * count, but only the player's boxes are reported: they are the ones that can change.
 */
export function checkShares(
  c: AltitudeCheck,
  boxes: PlannedBox[],
  maxFeet: number,
  sign: 1 | -1,
  what: string,
  rule: string,
): Problem[] {
  const { base, extra } = perImpulseShare(maxFeet, c.n);
  // Most plots keep every box within its share: nothing to order or word.
  let over = false;
  for (const b of boxes)
    if (sign * freeAlt(b) > base * 100) {
      over = true;
      break;
    }
  if (!over) return [];
  const out: Problem[] = [];
  const atExtra: number[] = [];
  const order = boxes.map((_, i) => i).sort((x, y) => Number(c.boxNos[x] !== 0) - Number(c.boxNos[y] !== 0));
  const allowed = `the turn's maximum of ${maxFeet} ft over ${c.n} ${c.n > 12 ? 'boxes' : 'impulses'} allows ${shareText(maxFeet, c.n)}`;
  const verb = sign > 0 ? 'climb' : 'dive';
  const per = c.n > 12 ? 'box' : 'impulse';
  for (const i of order) {
    const b = boxes[i] as PlannedBox;
    const no = c.boxNos[i] as number;
    const units = Math.max(0, (sign * freeAlt(b)) / 100);
    if (units <= base) continue;
    if (units === base + 1 && atExtra.length < extra) {
      atExtra.push(no);
      continue;
    }
    if (!no) continue;
    const most = (atExtra.length < extra ? base + 1 : base) * 100;
    const taken =
      units === base + 1 && extra > 0
        ? `, and ${listBoxes(atExtra)} already ${atExtra.length === 1 ? 'takes' : 'take'} ${(base + 1) * 100} ft`
        : '';
    out.push(
      p(
        c,
        'E_ALT_RATE',
        rule,
        `${what} of ${units * 100} ft in one ${per} is too much: ${allowed}${taken}; ${most ? `${verb} at most ${most} ft here` : `no ${verb} here`}`,
        no,
      ),
    );
  }
  return out;
}

/** Rule (17): the deepest shallow dive of a turn, the card's figure or 200 ft per point of speed. */
export const normalDiveMax = (band: AltitudeBand, speedTenths: number): number =>
  Math.min(band.dive, shallowDiveLimit(speedTenths));

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
    case 'VD':
      return {
        code: 'E_PULL_OUT_VD',
        rule: 'seed 001 rule (22)',
        after: 'VD',
        minDive: halfShallowDive(band),
        noClimb: true,
        noDive: false,
      };
    case 'SD':
      return {
        code: 'E_PULL_OUT_SD',
        rule: 'seed 001 rule (23)',
        after: 'SD',
        minDive: 300,
        noClimb: true,
        noDive: false,
      };
    case 'SC':
      return { code: 'E_LEVEL_OFF', rule: 'seed 001 rule (24)', after: 'SC', minDive: 0, noClimb: false, noDive: true };
    default:
      return null;
  }
}

/** Rules (20), (22)-(24): what last turn's steep or vertical flight forbids or demands now. */
export function checkPullOut(
  c: AltitudeCheck,
  last: LastTurn,
  climbed: number,
  divedFree: number,
  dived: number,
): Problem[] {
  const d = lastTurnDemand(last, c.band);
  if (!d) return [];
  const steepDown = c.mode === 'SD' || c.mode === 'VD';
  if (d.noDive) {
    return steepDown || divedFree > 0
      ? [
          p(
            c,
            d.code,
            d.rule,
            "after last turn's steep climb the plane may not dive this turn: fly level, climb, or climb steeply again",
          ),
        ]
      : [];
  }
  if (steepDown || (dived >= d.minDive && climbed === 0)) return [];
  const what =
    d.after === 'VD'
      ? `at least ${d.minDive} ft this turn (half its maximum shallow dive)`
      : `at least ${d.minDive} ft this turn`;
  return [
    p(
      c,
      d.code,
      d.rule,
      `after last turn's ${d.after === 'VD' ? 'vertical' : 'steep'} dive the plane must dive ${what} and may not climb, or dive steeply (SD) or vertically (VD) again; it plots ${dived} ft down, ${climbed} ft up`,
    ),
  ];
}
