/**
 * The stand-in's throttle (docs/standin.md "Speed and height"): of a way it chose, the plot with
 * the power or brake factors that leave the plane at the speed it wants next turn, at the height
 * the way's own plot ends at (so the turn it weighed is the turn it flies: the hexes, facings and
 * heights are the same; only next turn's speed differs).
 *
 * The speed it wants: the top of the card's manoeuvre range at that height (the best turn modes
 * there, seed 001 rules (26)-(28), and the most hexes to turn in), or the top of the level range
 * while it chases an enemy ahead of it and 4 hexes or more away, or while every enemy is 9 or more
 * hexes away. Power factors are what the rules allow (seed 000 X.C.1-2, seed 001 rules (14), (25)):
 * full in the manoeuvre range, half in the level range, none beyond it.
 */
import { bandCondition } from '../damage/state.ts';
import { distance } from '../hex/coords.ts';
import { degreesOff } from '../hex/facing.ts';
import { effectiveBand } from '../movement/performance.ts';
import type { Variant, WayWithVariants } from '../plans/variants.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import type { Foe } from './weigh.ts';

/** How far an enemy ahead is chased at the level range's speed, and how far every enemy is when it closes at that speed. */
const CHASE_HEXES = 4;
const FAR_HEXES = 9;
/** How far off the nose an enemy counts as ahead (degrees). */
const AHEAD_DEGREES = 60;

/** The enemy nearest where `way` ends, as expected there (none: undefined). */
export const nearestFoe = (way: WayWithVariants, foes: readonly Foe[]): Foe | undefined =>
  foes.map((f) => ({ f, d: distance(way.end.hex, f.hex) })).sort((a, b) => a.d - b.d)[0]?.f;

/** The fastest next speed (tenths) the plane wants where `way` ends, against its nearest enemy expected there (nearestFoe). */
export function wantedSpeed(state: GameState, plane: PlaneState, way: WayWithVariants, foe: Foe | undefined): number {
  const band = effectiveBand(cardOf(state, plane), way.end.altitude, plane.loaded, bandCondition(plane));
  const d = foe ? distance(way.end.hex, foe.hex) : Infinity;
  const off = foe ? degreesOff(way.end.hex, way.end.facing, foe.hex) : undefined;
  const chasing = d >= FAR_HEXES || (d >= CHASE_HEXES && off !== undefined && off <= AHEAD_DEGREES);
  return (chasing ? band.levelMax : band.maneuverMax) * 10 + 9;
}

/** Below this height (feet) a fighter trades no height for speed; nor more than this below its nearest enemy. */
const FLOOR_FT = 3000;
const UNDER_ENEMY_FT = 1000;

/**
 * The variant of `way` it flies (undefined: the way's own plot). Each is worth its next speed up
 * to the speed it wants (`wanted`, tenths) and its height at the rate of seed 001 rule (16) (a
 * tenth of speed a 100 ft), a 100 ft above its nearest enemy's height and 1,000 ft worth half that:
 * so it opens the throttle first, dives for the speed it wants while it is above him, and climbs
 * with speed it does not want. It never dives below 3,000 ft, nor more than 1,000 ft below him,
 * for speed. Of as good, the way's own height, then the fewest tenths over the speed it wants.
 */
export function throttled(way: WayWithVariants, wanted: number, enemyAltitude?: number): Variant | undefined {
  const own = way.end.altitude;
  const floor = Math.min(own, Math.max(FLOOR_FT, (enemyAltitude ?? 0) - UNDER_ENEMY_FT));
  const high = (enemyAltitude ?? own) + UNDER_ENEMY_FT;
  const feet = (a: number): number => Math.min(a, high) + Math.max(0, a - high) / 2;
  const worth = (v: Variant): number => Math.min(v.speed, wanted) + feet(v.altitude) / 100;
  let best: Variant | undefined;
  for (const v of way.variants) {
    if (v.altitude < floor) continue;
    if (!best) {
      best = v;
      continue;
    }
    const d = worth(v) - worth(best);
    if (d > 1e-9 || (d > -1e-9 && better(v, best, own, wanted))) best = v;
  }
  return !best || (best.speed === way.end.speed && best.altitude === own) ? undefined : best;
}

/** Of two variants worth as much: the one at the way's own height, then the one less over the speed wanted. */
function better(v: Variant, b: Variant, own: number, wanted: number): boolean {
  if ((v.altitude === own) !== (b.altitude === own)) return v.altitude === own;
  return Math.max(0, v.speed - wanted) < Math.max(0, b.speed - wanted);
}

/**
 * The words for the speed and height it flies for, true of the plot: its power or brake factors,
 * how far it climbs or dives this turn, and the speed and height it leaves: "throttle open, height
 * kept: speed 6.8 next turn at 10400 ft", "braking, diving 600 ft: ...", "climbing 300 ft: ...".
 */
export function throttleWords(plane: PlaneState, v: Variant): string {
  const power = v.plot.boxes.some((b) => b.power > 0);
  const brake = v.plot.boxes.some((b) => b.brake > 0);
  const feet = v.altitude - plane.altitude;
  const height = feet > 0 ? `climbing ${feet} ft` : feet < 0 ? `diving ${-feet} ft` : 'height kept';
  const what = [power ? 'throttle open' : brake ? 'braking' : '', height].filter(Boolean).join(', ');
  return `${what}: speed ${(v.speed / 10).toFixed(1)} next turn at ${v.altitude} ft`;
}
