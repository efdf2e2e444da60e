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
import { inCone } from '../combat/cone.ts';
import { bandCondition, carriesBombs } from '../damage/state.ts';
import { distance, type Hex } from '../hex/coords.ts';
import { clockPosition, degreesOff } from '../hex/facing.ts';
import { flightLine } from '../hex/flight.ts';
import { effectiveBand } from '../movement/performance.ts';
import { RELEASE_MAX_ALT_FT } from '../ordnance/torpedo-table.ts';
import { edgeDistance, type WayEnd, type WayToFly } from '../plans/ways.ts';
import { sha256Hex } from '../sha256.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import { exchange } from './exchange.ts';
import type { Purpose } from './purpose.ts';

/** Where a way ends, as far as the weighing reads it (a way to fly, or a place reached two turns ahead). */
export interface Ending {
  end: Pick<WayEnd, 'hex' | 'facing' | 'altitude' | 'speed' | 'status'>;
}

export interface Foe {
  plane: PlaneState;
  hex: Hex;
  facing: number;
  nextRight: boolean;
  altitude: number;
}

/**
 * How far a hex is from the map's nearest edge, in hexes (0: on the edge, below 0: off it): the
 * plotting aid's edgeDistance (plans/ways.ts, 1 on the edge) less one.
 */
export const roomToEdge = (state: GameState, h: Hex): number => edgeDistance(state, h) - 1;

/** Beyond this distance (hexes) a way is out of the fight: weighed by the chase (against). */
const FIGHT_HEXES = 8;

/** How far apart a plane and its enemy are after both fly a turn straight on from where they end (their speeds' hexes). */
function straightOnApart(at: { hex: Hex; facing: number; nextRight: boolean }, speed: number, foe: Foe): number {
  const mine = flightLine(at, Math.round(speed / 10)).at(-1) ?? at.hex;
  const his =
    flightLine({ hex: foe.hex, facing: foe.facing, nextRight: foe.nextRight }, Math.round(foe.plane.speed / 10)).at(
      -1,
    ) ?? foe.hex;
  return distance(mine, his);
}

/** The worth of ending in `w`'s place against one enemy where he is expected to be. */
function against(
  w: Ending,
  foe: Foe,
  bomber: boolean,
  chase: boolean,
  ex: { given: number; taken: number },
): { score: number; words: string } {
  // Across the grain the next forward hex is the right-front one after a new facing (rule (8)).
  const at = { hex: w.end.hex, facing: w.end.facing, nextRight: true };
  const d = distance(at.hex, foe.hex);
  const high = Math.abs(w.end.altitude - foe.altitude);
  let score = 0;
  const words: string[] = [];
  // A shot it may have (fixed guns ahead), and one it may give (the enemy's ahead), each by what
  // it does to the other's airframe (exchange.ts).
  if (!bomber && d > 0 && d <= 6 && high <= 1500 && inCone(at, foe.hex)) {
    score += (12 - d) * ex.given;
    words.push(`guns on ${foe.plane.id}`);
  }
  if (
    d > 0 &&
    d <= 6 &&
    high <= 1500 &&
    inCone({ hex: foe.hex, facing: foe.facing, nextRight: foe.nextRight }, at.hex)
  ) {
    score -= (12 - d) * ex.taken;
    words.push(`in ${foe.plane.id}'s guns`);
  }
  // A bomber does not hunt: keeping out of the guns is all it asks of an enemy fighter.
  if (bomber) return { score, words: words.join(', ') };
  // Behind him (his 5 to 7 o'clock) and pointing at him (12 o'clock): worth half as much out of
  // the guns' 1,500 ft (seed 001 rule (14)), where the place on the map gives no shot; beyond 8
  // hexes pointing at him half again, and being behind him nothing (out of the fight).
  const level = (high <= 1500 ? 1 : 0.5) * (d <= FIGHT_HEXES ? 1 : 0.5);
  const behind = clockPosition(foe.hex, foe.facing, at.hex);
  const tail = d <= FIGHT_HEXES ? level : 0;
  if (behind !== undefined && behind >= 5 && behind <= 7) {
    score += 4 * tail;
    if (tail === 1) words.push(`behind ${foe.plane.id}`);
  } else if (behind === 4 || behind === 8) score += 2 * tail;
  // Pointing at him: 3 dead ahead, down to -3 with him dead astern.
  const off = degreesOff(at.hex, at.facing, foe.hex);
  if (off !== undefined) score += (3 - off / 30) * level;
  // His height: 0.15 a 100 ft apart beyond 1,000 ft, half that when above him (height is kept speed).
  const apart = Math.max(0, high - 1000) / 100;
  score -= w.end.altitude < foe.altitude ? apart * 0.15 : apart * 0.08;
  // A fighting distance: close enough to shoot, not so close as to overshoot. Out of the fight
  // (beyond 8 hexes) the distance where both are a turn later, flying straight on: a chase is
  // won by the heading, not by the hex gained this turn. An escort does not chase (purpose.ts).
  const apartThen = chase && d > FIGHT_HEXES ? Math.max(FIGHT_HEXES, straightOnApart(at, w.end.speed, foe)) : d;
  score -= apartThen > 4 ? (apartThen - 4) * 0.8 : d < 2 ? (2 - d) * 2 : 0;
  return { score, words: words.join(', ') };
}

/** The height a bomber comes down to near its target (seed 001 rule (21): a dive bomb at 3,000 ft or lower), and how near. */
const BOMBING_HEIGHT = 3000;
const DESCENT_HEXES = 6;
/** How near its bombers an escort keeps station. */
const ESCORT_HEXES = 3;
/** How near its patrol's place a fighter circles (purpose.ts). */
const PATROL_HEXES = 3;

/** The worth of the scenario's purpose (purpose.ts): a bomber's target or course, an escort's bombers. */
function purposeScore(plane: PlaneState, w: Ending, purpose: Purpose): number {
  if (purpose.target) {
    if (plane.torpedo && carriesBombs(plane)) {
      const off = degreesOff(w.end.hex, w.end.facing, purpose.target.hex);
      const pointing = off === undefined ? 3 : 3 - off / 30;
      // A torpedo run (release.ts): 2 hexes short of the ship and pointing at it, at the torpedo's
      // height (dropped at 100 ft or lower, ordnance/torpedoes.ts): 1.5 a hex off that range, 1.5 a
      // 100 ft above that height; from too near it turns away to come round again.
      const d = distance(w.end.hex, purpose.target.hex);
      const high = (Math.max(0, w.end.altitude - RELEASE_MAX_ALT_FT) / 100) * 1.5;
      return -Math.abs(d - 2) * 1.5 + pointing * 2 - high;
    }
    // Bombs: down to the bombing height near the target (seed 001 rule (21): dive bombing is a
    // vertical dive released at 3,000 ft or lower, and the bombing table's chances grow as the
    // bombs fall less): 0.5 a 100 ft lost above 3,000 ft, within 6 hexes of the target.
    const down =
      carriesBombs(plane) && distance(w.end.hex, purpose.target.hex) <= DESCENT_HEXES
        ? (Math.max(0, plane.altitude - Math.max(BOMBING_HEIGHT, w.end.altitude)) / 100) * 0.5
        : 0;
    return lineUp(plane, w, purpose.target.next ?? purpose.target.hex) + down;
  }
  if (purpose.course !== undefined) {
    // Holding the raid's heading: 2 a clock point of the course less.
    const off = Math.min((w.end.facing - purpose.course + 12) % 12, (purpose.course - w.end.facing + 12) % 12);
    return -off * 2;
  }
  if (purpose.flock?.length) {
    // An escort keeps station within 3 hexes of its nearest bomber: 5 a hex beyond (more than a
    // shot is worth: it does not chase an enemy away from them).
    const d = Math.min(...purpose.flock.map((h) => distance(h, w.end.hex)));
    return -Math.max(0, d - ESCORT_HEXES) * 5;
  }
  return 0;
}

/**
 * A bomb run lined up (release.ts: the bombs fall on the hex where the plot ends): next turn's
 * run ends on the target where it will be then (`aim`), so this turn ends as many hexes short of
 * it as the plane flies a turn at the speed it has (a bomber on its run keeps its speed),
 * pointing at it: 1.5 a hex nearer that than it started (further off where it is too near to end
 * on the target next turn: it turns away to come round again), + 3 pointing at it down to - 3
 * pointing away.
 */
function lineUp(plane: PlaneState, w: Ending, aim: Hex): number {
  const hexes = Math.max(1, Math.round(plane.speed / 10));
  const gained = Math.abs(distance(plane.hex, aim) - hexes) - Math.abs(distance(w.end.hex, aim) - hexes);
  const off = degreesOff(w.end.hex, w.end.facing, aim);
  return gained * 1.5 + (off === undefined ? 3 : 3 - off / 30);
}

/**
 * A fighter's patrol while it sees no enemy plane (purpose.ts): within 3 hexes of its place it
 * circles there; beyond, 0.8 a hex further, and pointing at it (+ 1.5 dead ahead down to - 1.5
 * pointing away).
 */
function patrolScore(w: Ending, at: Hex): number {
  const d = distance(w.end.hex, at);
  if (d <= PATROL_HEXES) return 0;
  const off = degreesOff(w.end.hex, w.end.facing, at);
  return -(d - PATROL_HEXES) * 0.8 + (off === undefined ? 0 : 1.5 - off / 60);
}

/**
 * Where a way leaves the plane against the enemies expected where they end (`foes`), its purpose
 * and the map: the place alone, not its speed and height (the look at the turn after weighs the
 * places it can reach so).
 */
export function place(
  state: GameState,
  plane: PlaneState,
  w: Ending,
  foes: readonly Foe[],
  purpose: Purpose,
): { score: number; words: string } {
  const bomber = purpose.role === 'bomber';
  let score = 0;
  let words = '';
  // The nearest enemy counts whole, the others half; an interceptor's prey (the bombers) whole too.
  const near = [...foes].sort((a, b) => distance(w.end.hex, a.hex) - distance(w.end.hex, b.hex));
  near.forEach((f, i) => {
    const a = against(w, f, bomber, purpose.role !== 'escort', exchange(state, plane, f.plane));
    const whole = i === 0 || !!purpose.prey?.has(f.plane.id);
    score += whole ? a.score : a.score / 2;
    // Where he ends flying on: a guess, and said so.
    if (i === 0 && a.words) words = `${a.words} if he flies on`;
  });
  score += purposeScore(plane, w, purpose);
  // Nobody in sight: away from the edges, and a fighter on patrol toward its place (purpose.ts).
  if (!foes.length) {
    score -= Math.max(0, 6 - roomToEdge(state, w.end.hex));
    if (purpose.patrol) score += patrolScore(w, purpose.patrol.hex);
  }
  // The map: leaving it is leaving the fight, and near its edge a fast plane cannot turn back in
  // time: it wants room for most of a turn's hexes.
  // Leaving it (or crashing into the ground, movement/fly.ts) is leaving the fight.
  if (w.end.status !== 'flying') score -= 100;
  else {
    score -= Math.max(0, 2 + (w.end.speed / 10) * 0.8 - roomToEdge(state, w.end.hex)) * 6;
    // Pointing at the edge: the straight line of next turn's hexes and two more leaves the map.
    const line = flightLine({ hex: w.end.hex, facing: w.end.facing, nextRight: true }, Math.ceil(w.end.speed / 10) + 2);
    const out = line.findIndex((h) => roomToEdge(state, h) < 0);
    if (out >= 0) score -= (line.length - out) * 3;
  }
  return { score, words };
}

/** A way weighed by where it ends (no dry run): its place (above) and the speed and height it keeps. `foes` the enemies as expected at the turn's end. */
export function weigh(
  state: GameState,
  plane: PlaneState,
  w: WayToFly,
  foes: readonly Foe[],
  purpose: Purpose,
): { score: number; words: string } {
  const band = effectiveBand(cardOf(state, plane), plane.altitude, plane.loaded, bandCondition(plane));
  const { score: at, words } = place(state, plane, w, foes, purpose);
  let score = at;
  // Energy: speed and height, and never near a stall.
  score += ((w.end.altitude - plane.altitude) / 100) * 0.15 + ((w.end.speed - plane.speed) / 10) * 0.8;
  // Near a stall (docs/rules.md: under the card's least speed it stalls; the seeds give no rule): 5, and 6 a point
  // under the least speed and 1 more, so that a slow plane wants its speed back first, diving for it.
  const short = band.minSpeed + 1 - w.end.speed / 10;
  if (short > 0.5) score -= 5;
  if (short > 0) score -= short * 6;
  // Low: a fighter keeps above 1,500 ft; a bomber on its target may go down to it.
  if (w.end.altitude < 1500 && !purpose.target) score -= 5 + ((1500 - Math.max(0, w.end.altitude)) / 100) * 0.5;
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
