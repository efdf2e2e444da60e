/**
 * What a plane can do this turn, read off its data card with the adjustments of seed 001:
 * speed ranges, turn modes with the minimums of rules (26)-(28), power available (rules (14), (25)),
 * the manoeuvre speed-loss table (rule (29)).
 */
import { damagedBand, slowerBand, worseTurnModes } from '../damage/effects.ts';
import type { BandCondition } from '../damage/state.ts';
import type { AircraftCard, AltitudeBand, TurnModes, WingLoadingGroup } from '../aircraft/types.ts';
import { movementRow } from '../impulse/schedule.ts';
import { agilitySteps, loadedBand, loadedPenaltyApplies, pilotBand } from '../pilots/quality.ts';
import type { LastTurn } from '../state.ts';

export type SpeedRange = 'maneuver' | 'level' | 'dive';

/** The band of the card that holds an altitude (the top band also covers anything above). */
export function bandAt(card: AircraftCard, altitude: number): AltitudeBand {
  for (const b of card.bands) if (altitude >= b.floor && altitude < b.top) return b;
  return card.bands[altitude < 0 ? 0 : card.bands.length - 1] as AltitudeBand;
}

/** Band figures with the bomb load applied (the `loaded` figures of the band). */
export function effectiveBand(
  card: AircraftCard,
  altitude: number,
  loaded: boolean,
  cond?: BandCondition,
): AltitudeBand {
  const b = bandAt(card, altitude);
  // Odds model: damage jettisons the bombs (seed 002 9.2.4) and its figures replace the loaded ones.
  let band = loaded && !cond?.damaged && b.loaded ? { ...b, ...b.loaded } : b;
  // Odds model: a damaged plane flies with the worse figures of seed 002 5.1 (combat/odds.ts);
  // 5.1.2's Agility "by 2 if more than 4" is two turn-mode steps for an agile type, as 9.2.1's.
  if (cond?.damaged) band = damagedBand(band, agilitySteps(card, b));
  // Seed 002 7.1.4: rockets cost Agility 1 while carried and Speed 1 for good (the launch tubes).
  if (cond?.rocketsCarried) band = Object.assign({}, band, { turnModes: worseTurnModes(band.turnModes) });
  if (cond?.rocketTubes) band = slowerBand(band);
  // Seed 002 9.2: a loaded fighter or light bomber of a rated game flies worse still; 9.2.4 (a
  // damaged one has jettisoned) keeps it off a damaged plane. Then the pilot's own quality (9.1).
  if (cond && loadedPenaltyApplies(card, cond)) band = loadedBand(card, band, b);
  if (cond?.quality) band = pilotBand(band, cond.quality);
  return band;
}

/** Speed range of a speed (tenths), judged on the speed for map movement (rule (1)). */
export function speedRange(band: AltitudeBand, speedTenths: number): SpeedRange {
  const row = movementRow(speedTenths);
  if (row <= band.maneuverMax) return 'maneuver';
  if (row <= band.levelMax) return 'level';
  return 'dive';
}

export type TurnModeKind = keyof TurnModes;

export interface TurnModeContext {
  card: AircraftCard;
  band: AltitudeBand;
  speed: number; // tenths
  loaded: boolean;
}

/** g-load limit of rules (27)/(28) by class: the turn mode may not be below speed minus this. */
function gLimitOffset(card: AircraftCard, loaded: boolean): number {
  switch (card.class) {
    case 'fighter1':
    case 'fighter2':
    case 'divebomber':
    case 'torpedo':
      return loaded && card.engines >= 2 ? 0 : 4;
    case 'bomber2':
      return loaded ? 0 : 2;
    default:
      return 0;
  }
}

/**
 * The turn mode (hexes to enter) for a manoeuvre kind at the plane's speed and altitude.
 * - rule (2): a 1-point roll takes half the printed (2-point) bank mode, rounded up — see bankMode.
 * - rule (26): manoeuvre speed: printed 1 or 2 at exactly speed 3 -> 1; above speed 3 at least 2
 *   (turns, slips, half rolls).
 * - rule (27): level speed: at least 3, and at least speed-4 (single-engine, twin fighters),
 *   speed-2 (unloaded twin bombers), speed (loaded twins, 3-4 engine bombers).
 * - rule (28): dive speed: at least 4, with the same speed limits.
 * Our reading (docs/rules.md): (27)/(28) also bind half loops and Immelmanns; bank modes are
 * never raised (a roll is not a g-load).
 */
export function turnMode(ctx: TurnModeContext, kind: TurnModeKind): number {
  const range = speedRange(ctx.band, ctx.speed);
  const printed = ctx.band.turnModes[range][kind];
  if (kind === 'bank') return printed;
  const row = movementRow(ctx.speed);
  if (range === 'maneuver') {
    if (kind === 'halfLoop') return printed;
    if (row === 3 && printed <= 2) return 1;
    if (row > 3) return Math.max(printed, 2);
    return printed;
  }
  const floor = range === 'level' ? 3 : 4;
  return Math.max(printed, floor, row - gLimitOffset(ctx.card, ctx.loaded));
}

/** Rule (2): hexes for a roll of `points` (1 or 2) bank points. */
export function bankMode(ctx: TurnModeContext, points: number): number {
  const printed = turnMode(ctx, 'bank');
  return points >= 2 ? printed : Math.ceil(printed / 2);
}

/**
 * Power factors available this turn (rules (14), (25)): none at top level speed or in the dive
 * range; full in the manoeuvre range; half (rounded up) at level speeds below top speed. A plane
 * whose card gives a single power factor may use it only every other turn, below top speed.
 */
export function powerAvailable(
  band: AltitudeBand,
  speedTenths: number,
  last: LastTurn,
  enginesWorking: number,
  engines: number,
): number {
  const row = movementRow(speedTenths);
  const range = speedRange(band, speedTenths);
  if (range === 'dive' || row >= band.levelMax) return 0;
  let p = band.power;
  // An engine lost (seed 000 X.C.1: one factor per undestroyed engine): a twin has none left, as
  // seed 001's He 111 example says; 3 and 4 engines keep their share, fractions down.
  if (engines > 0 && enginesWorking < engines) p = engines <= 2 ? 0 : Math.floor((p * enginesWorking) / engines);
  if (p === 0) return 0;
  if (p === 1) return last.power ? 0 : 1;
  return range === 'maneuver' ? p : Math.ceil(p / 2);
}

/** Rule (29): speed loss in tenths after 1-4 manoeuvres in the manoeuvre speed range. */
export const MANEUVER_LOSS: Record<WingLoadingGroup, readonly number[]> = {
  LWL: [1, 2, 3, 4],
  MWL: [1, 2, 4, 5],
  P40: [1, 3, 4, 6],
  P51: [2, 3, 5, 6],
  P47: [2, 3, 5, 7],
  FW190: [2, 4, 5, 7],
  HEAVY: [2, 4, 6, 8],
};

/**
 * Speed loss (tenths) for `n` manoeuvres (rule (12)): 3 each in the dive range, 2 each in the level
 * range, the table of rule (29) in the manoeuvre range. Past 4 manoeuvres the table goes on at the
 * average step of its last two entries, rounded up (our extension, docs/rules.md). Loaded planes
 * use the last row.
 */
export function maneuverSpeedLoss(range: SpeedRange, group: WingLoadingGroup, loaded: boolean, n: number): number {
  if (n <= 0) return 0;
  if (range === 'dive') return 3 * n;
  if (range === 'level') return 2 * n;
  const row = MANEUVER_LOSS[loaded ? 'HEAVY' : group];
  if (n <= 4) return row[n - 1] as number;
  const step = Math.ceil(((row[3] as number) - (row[1] as number)) / 2);
  return (row[3] as number) + (n - 4) * step;
}

/** Rule (17): speed gained (tenths) by a shallow dive of `feet`: 2 per 300 ft, 1 per leftover 200. */
export function diveGain(feet: number): number {
  const whole = Math.floor(feet / 300);
  const rest = feet - whole * 300;
  return whole * 2 + (rest >= 200 ? 1 : 0);
}

/** Rule (17): the deepest shallow dive, 200 ft per point of current speed (rounded to 100 ft). */
export const shallowDiveLimit = (speedTenths: number): number => Math.floor((speedTenths * 20) / 100) * 100;

/**
 * Seed 000 X.D.1-2: the per-impulse share of a per-turn maximum over n movement points, in 100-ft
 * units: `base` in every impulse and `extra` impulses of the player's choice one unit more.
 */
export function perImpulseShare(maxFeet: number, n: number): { base: number; extra: number } {
  const units = Math.floor(maxFeet / 100);
  if (n <= 0) return { base: 0, extra: 0 };
  return { base: Math.floor(units / n), extra: units % n };
}
