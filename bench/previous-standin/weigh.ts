/**
 * The stand-in's first weighing of a way to fly (docs/standin.md "How it chooses"): by where it
 * ends, against where each enemy is expected to be, without flying the turn. The weights are the
 * table of docs/standin.md; the guns' cone is seed 001 rule (14)'s (combat/cone.ts), the clock
 * positions seed 000 VII's.
 *
 * And its last step (docs/standin.md "The seed"): of the choices it weighed, the seed picks one
 * among those within a small margin of the best. An opponent who knows the whole state, and so
 * every weight, cannot tell which of the near-best it flies unless he knows the seed (the app's is
 * secret until the turn is resolved); the same state and seed always pick the same one, so a turn
 * is verified as it was flown. No die and no clock: the pick is a hash of the seed.
 */
import { inCone } from '../../src/core/combat/cone.ts';
import { bandCondition } from '../../src/core/damage/state.ts';
import { distance, type Hex, toColRow } from '../../src/core/hex/coords.ts';
import { clockPosition, degreesOff } from '../../src/core/hex/facing.ts';
import { flightLine } from '../../src/core/hex/flight.ts';
import { effectiveBand } from '../../src/core/movement/performance.ts';
import type { WayToFly } from '../../src/core/plans/ways.ts';
import { sha256Hex } from '../../src/core/sha256.ts';
import { cardOf, type GameState, type PlaneState } from '../../src/core/state.ts';
import type { Purpose } from './purpose.ts';

export interface Foe {
  plane: PlaneState;
  hex: Hex;
  facing: number;
  nextRight: boolean;
  altitude: number;
}

/** How far a hex is from the map's nearest edge, in hexes (0: on the edge, below 0: off it). */
export function edgeDistance(state: GameState, h: Hex): number {
  const { col, row } = toColRow(h);
  return Math.min(col - 1, row - 1, state.map.width - col, state.map.height - row);
}

/** The worth of ending in `w`'s place against one enemy where he is expected to be. */
function against(w: WayToFly, foe: Foe, bomber: boolean): { score: number; words: string } {
  // Across the grain the next forward hex is the right-front one after a new facing (rule (8)).
  const at = { hex: w.end.hex, facing: w.end.facing, nextRight: true };
  const d = distance(at.hex, foe.hex);
  const high = Math.abs(w.end.altitude - foe.altitude);
  let score = 0;
  const words: string[] = [];
  // A shot it may have (fixed guns ahead), and one it may give (the enemy's ahead).
  if (!bomber && d > 0 && d <= 6 && high <= 1500 && inCone(at, foe.hex)) {
    score += 12 - d;
    words.push(`guns on ${foe.plane.id}`);
  }
  if (
    d > 0 &&
    d <= 6 &&
    high <= 1500 &&
    inCone({ hex: foe.hex, facing: foe.facing, nextRight: foe.nextRight }, at.hex)
  ) {
    score -= 12 - d;
    words.push(`in ${foe.plane.id}'s guns`);
  }
  // A bomber does not hunt: keeping out of the guns is all it asks of an enemy fighter.
  if (bomber) return { score, words: words.join(', ') };
  // Behind him (his 5 to 7 o'clock) and pointing at him (12 o'clock): worth half as much out of
  // the guns' 1,500 ft (seed 001 rule (14)), where the place on the map gives no shot, and half
  // again beyond 8 hexes.
  const level = (high <= 1500 ? 1 : 0.5) * (d <= 8 ? 1 : 0.5);
  const behind = clockPosition(foe.hex, foe.facing, at.hex);
  if (behind !== undefined && behind >= 5 && behind <= 7) {
    score += 4 * level;
    if (level === 1) words.push(`behind ${foe.plane.id}`);
  } else if (behind === 4 || behind === 8) score += 2 * level;
  // Pointing at him: 3 dead ahead, down to -3 with him dead astern.
  const off = degreesOff(at.hex, at.facing, foe.hex);
  if (off !== undefined) score += (3 - off / 30) * level;
  // His height: 0.15 a 100 ft apart beyond 1,000 ft, half that when above him (height is kept speed).
  const apart = Math.max(0, high - 1000) / 100;
  score -= w.end.altitude < foe.altitude ? apart * 0.15 : apart * 0.08;
  // A fighting distance: close enough to shoot, not so close as to overshoot.
  score -= d > 4 ? (d - 4) * 0.8 : d < 2 ? (2 - d) * 2 : 0;
  return { score, words: words.join(', ') };
}

/** The worth of the scenario's purpose (purpose.ts): a bomber's target or course, an escort's bombers. */
function purposeScore(plane: PlaneState, w: WayToFly, purpose: Purpose): number {
  if (purpose.target) {
    // Closing on the target: 1.5 a hex nearer than it started, and pointing at it.
    const gained = distance(plane.hex, purpose.target.hex) - distance(w.end.hex, purpose.target.hex);
    const off = degreesOff(w.end.hex, w.end.facing, purpose.target.hex);
    return gained * 1.5 + (off === undefined ? 3 : 3 - off / 30);
  }
  if (purpose.course !== undefined) {
    // Holding the raid's heading: 2 a clock point of the course less.
    const off = Math.min((w.end.facing - purpose.course + 12) % 12, (purpose.course - w.end.facing + 12) % 12);
    return -off * 2;
  }
  if (purpose.flock?.length) {
    // An escort stays within 4 hexes of its nearest bomber: 1 a hex beyond.
    const d = Math.min(...purpose.flock.map((h) => distance(h, w.end.hex)));
    return -Math.max(0, d - 4);
  }
  return 0;
}

/** A way weighed by where it ends (no dry run). `foes` the enemies as expected at the turn's end. */
export function weigh(
  state: GameState,
  plane: PlaneState,
  w: WayToFly,
  foes: readonly Foe[],
  purpose: Purpose,
): { score: number; words: string } {
  const band = effectiveBand(cardOf(state, plane), plane.altitude, plane.loaded, bandCondition(plane));
  const bomber = purpose.role === 'bomber';
  let score = 0;
  let words = '';
  // The nearest enemy counts whole, the others half; an interceptor's prey (the bombers) whole too.
  const near = [...foes].sort((a, b) => distance(w.end.hex, a.hex) - distance(w.end.hex, b.hex));
  near.forEach((f, i) => {
    const a = against(w, f, bomber);
    const whole = i === 0 || !!purpose.prey?.has(f.plane.id);
    score += whole ? a.score : a.score / 2;
    if (i === 0) words = a.words;
  });
  score += purposeScore(plane, w, purpose);
  // Nobody in sight: away from the edges, keeping speed and height.
  if (!foes.length) score -= Math.max(0, 6 - edgeDistance(state, w.end.hex));
  // Energy: speed and height, and never near a stall.
  score += ((w.end.altitude - plane.altitude) / 100) * 0.15 + ((w.end.speed - plane.speed) / 10) * 0.8;
  // Near a stall (docs/rules.md: under the card's least speed it stalls; the seeds give no rule): 5, and 6 a point
  // under the least speed and 1 more, so that a slow plane wants its speed back first, diving for it.
  const short = band.minSpeed + 1 - w.end.speed / 10;
  if (short > 0.5) score -= 5;
  if (short > 0) score -= short * 6;
  // Low: a fighter keeps above 1,500 ft; a bomber on its target may go down to it.
  if (w.end.altitude < 1500 && !purpose.target) score -= 5;
  // The map: leaving it is leaving the fight, and near its edge a fast plane cannot turn back in
  // time: it wants room for most of a turn's hexes.
  // Leaving it (or crashing into the ground, movement/fly.ts) is leaving the fight.
  if (w.end.status !== 'flying') score -= 100;
  else {
    score -= Math.max(0, 2 + (w.end.speed / 10) * 0.8 - edgeDistance(state, w.end.hex)) * 6;
    // Pointing at the edge: the straight line of next turn's hexes and two more leaves the map.
    const line = flightLine({ hex: w.end.hex, facing: w.end.facing, nextRight: true }, Math.ceil(w.end.speed / 10) + 2);
    const out = line.findIndex((h) => edgeDistance(state, h) < 0);
    if (out >= 0) score -= (line.length - out) * 3;
  }
  return { score, words };
}

/** How far below the best score a choice may be and still be picked: a tenth of a shot at range 6. */
export const MARGIN = 0.75;

/** Which of `n` choices `seed` picks for `key` (a plane's id and the turn): 0 to n - 1. */
export function seededIndex(seed: string, key: string, n: number): number {
  if (n <= 1) return 0;
  return parseInt(sha256Hex(`${seed}|${key}`).slice(0, 8), 16) % n;
}

/** The choice the seed picks among those within `margin` of the best (`scores` in any order). */
export function pickNearBest<T>(
  items: readonly T[],
  score: (t: T) => number,
  seed: string,
  key: string,
  margin = MARGIN,
): T | undefined {
  if (!items.length) return undefined;
  const top = Math.max(...items.map(score));
  const near = items.filter((t) => score(t) >= top - margin);
  return near[seededIndex(seed, key, near.length)];
}
