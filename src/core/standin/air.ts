/**
 * The stand-in's choice for a plane in the air (docs/standin.md "How it chooses"): every way it can
 * fly (plans/ways.ts) weighed by where it ends (weigh.ts), then the best few flown as a dry run of
 * the turn (plans/menu.ts dryShots: no die thrown) against guesses at the near enemies' plans, with
 * a look at the turn after for a way that ends near the map's edge, low or in a dive; the seed
 * picks among the near-best (weigh.ts).
 */
import type { Plot } from '../../orders/ast.ts';
import { formatPlot } from '../../orders/plot.ts';
import { distance, type Hex } from '../hex/coords.ts';
import { clockPosition, turnBetween } from '../hex/facing.ts';
import { dryShots, type DryShots } from '../plans/menu.ts';
import { type WayToFly, waysToFly } from '../plans/ways.ts';
import { sha256Hex } from '../sha256.ts';
import type { GameState, PlaneState } from '../state.ts';
import { type Purpose, purposeOf } from './purpose.ts';
import { type Release, releaseWorth, releaseOn, RUN_WAYS, runWays, targetAt, unitGuesses } from './release.ts';
import { type Foe, pickNearBest, roomToEdge, weigh } from './weigh.ts';

export interface AirChoice {
  plane: string;
  plot: Plot;
  text: string;
  why: string;
  /** Where the plot ends the turn (the way's end hex). */
  end: Hex;
}

/** An escort's attackers: enemies within this many hexes of one of its bombers (purpose.ts). */
const ESCORT_FIGHT = 5;
/** How many ways of a plane are flown as a dry run, the best weighed first. */
const DRY_RUNS = 8;
/** How many plans of each enemy it guesses at (flying on, the hardest turn each way, the gentlest each way). */
const GUESSES = 5;
/** The enemies whose plans are guessed at: the nearest few within this many hexes (the nearest always). */
const GUESSED_ENEMIES = 2;
const GUESS_RANGE = 10;
/** Below this height (feet) a way is looked at one turn further, as near the map's edge; in a steep or vertical dive below the second. */
const LOW = 2500;
const LOW_DIVING = 6000;
const low = (w: WayToFly): boolean => w.end.altitude < (w.plot.mode === 'SD' || w.plot.mode === 'VD' ? LOW_DIVING : LOW);

/**
 * What an enemy may fly, as far as the stand-in can tell: his legal ways (never his orders), of
 * them flying on (none: his missed-orders default), the hardest and the gentlest turn each way.
 */
function guesses(seen: GameState, enemy: PlaneState): (Plot | undefined)[] {
  const ways = waysToFly(seen, enemy).filter((w) => w.end.status === 'flying');
  const turn = (w: WayToFly): number => turnBetween(enemy.facing, w.end.facing);
  const right = ways.filter((w) => turn(w) > 0);
  const left = ways.filter((w) => turn(w) < 0);
  const most = (ws: WayToFly[], sign: 1 | -1, hard: boolean): WayToFly | undefined =>
    ws.reduce<WayToFly | undefined>((b, w) => (!b || (hard ? turn(w) * sign > turn(b) * sign : turn(w) * sign < turn(b) * sign) ? w : b), undefined);
  const picks = [undefined, most(right, 1, true)?.plot, most(left, -1, true)?.plot, most(right, 1, false)?.plot, most(left, -1, false)?.plot];
  return picks.filter((p, i) => i === 0 || p).slice(0, GUESSES);
}

/**
 * The turn after (docs/standin.md "How it chooses, in the air"), for a way that ends near the map's
 * edge or low: what it costs that from where the dry run leaves the plane no next turn keeps 2
 * hexes of room (8 a hex short), or that none keeps it flying (100: next turn it leaves the map or
 * hits the ground, a steep dive's pull-out too late, seed 001 rules (18)-(20)).
 */
function turnAfter(seen: GameState, w: WayToFly, after: GameState, id: string): number {
  if (w.end.status !== 'flying') return 0;
  const near = roomToEdge(seen, w.end.hex) < Math.ceil(w.end.speed / 10) + 2;
  if (!near && !low(w)) return 0;
  const self = after.planes.find((p) => p.id === id);
  if (!self || self.status !== 'flying') return 0;
  let best = -1;
  for (const x of waysToFly(after, self)) if (x.end.status === 'flying') best = Math.max(best, roomToEdge(after, x.end.hex));
  return best < 0 ? 100 : Math.max(0, 2 - best) * 8;
}

/**
 * Where the nearest enemy is and what the way does to the range, in words that are true of the
 * plot: "B1 7 hexes away at its 2 o'clock: closing to 4" only when the way's end is nearer where he
 * ends flying on; otherwise "opening to" or "keeping the range".
 */
export function rangeWords(plane: PlaneState, w: WayToFly, foes: readonly Foe[]): string {
  const foe = [...foes].sort((a, b) => distance(plane.hex, a.plane.hex) - distance(plane.hex, b.plane.hex))[0];
  if (!foe) return '';
  const now = distance(plane.hex, foe.plane.hex);
  const then = distance(w.end.hex, foe.hex);
  const clock = clockPosition(plane.hex, plane.facing, foe.plane.hex);
  const where = `${foe.plane.id} ${now} hex${now === 1 ? '' : 'es'} away${clock === undefined ? '' : ` at its ${clock} o'clock`}`;
  return then < now ? `${where}: closing to ${then}` : then > now ? `${where}: opening the range to ${then}` : `${where}: keeping the range`;
}

/** A way weighed by where it ends (weigh.ts), with its index and the seed's tie-break. */
type Weighed = { w: WayToFly; i: number; tie: string; score: number; words: string };

/** The ways flown as dry runs: the best weighed, low the highest too (a way out of a dive the first weighing ranks low), and a bomber's runs on its target. */
function poolOf(plane: PlaneState, weighed: readonly Weighed[], runs: readonly Weighed[]): Weighed[] {
  const pool = weighed.slice(0, DRY_RUNS);
  const add = (cs: readonly Weighed[], n: number): void => { pool.push(...cs.filter((c) => !pool.includes(c)).slice(0, n)); };
  if (plane.altitude < LOW_DIVING) add([...weighed].sort((a, b) => b.w.end.altitude - a.w.end.altitude), 4);
  add(runs, RUN_WAYS);
  return pool;
}

/** The stand-in's choice for one plane in the air: the way it flies and why. */
export function chooseAir(seen: GameState, plane: PlaneState, seed: string, ends?: ReadonlyMap<string, Hex>): AirChoice | undefined {
  const ways = waysToFly(seen, plane);
  if (!ways.length) return undefined;
  const enemies = seen.planes.filter((p) => p.side !== plane.side && p.status === 'flying');
  const purpose = purposeOf(seen, plane, ends);
  // Where the enemies (and a bomber's target) are expected at the end of the turn: a dry run of the first way.
  // A bomber guesses where the enemy's trucks, tanks and ships go (release.ts); the others need not.
  const moves = purpose.role === 'bomber' ? unitGuesses(seen, plane.side) : [];
  const dry = (plot: Plot, g: Record<string, Plot> = {}): DryShots | undefined => dryShots(seen, plane, plot, g, moves);
  const first = enemies.length || purpose.target ? dry((ways[0] as WayToFly).plot) : undefined;
  const expected = first ? targetAt(purpose, first.after) : undefined;
  const foes: Foe[] = enemies.map((e) => {
    const after = first?.ends.get(e.id);
    return { plane: e, hex: after?.hex ?? e.hex, facing: after?.facing ?? e.facing, nextRight: after?.nextRight ?? e.nextRight, altitude: after?.altitude ?? e.altitude };
  });
  const tie = (i: number): string => sha256Hex(`${seed}|${plane.id}|${i}`);
  const weighed: Weighed[] = ways.map((w, i) => ({ w, i, tie: tie(i), ...weigh(seen, plane, w, foes, purpose) }))
    .sort((a, b) => b.score - a.score || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  const key = `${plane.id}|${seen.turn}`;
  const chosen = (c: Weighed, why: string, release?: Release): AirChoice => {
    const plot = release?.plot ?? c.w.plot;
    return { plane: plane.id, plot, text: formatPlot(plot), why: [release?.words, why].filter(Boolean).join('; '), end: c.w.end.hex };
  };
  const quiet = purpose.target ? `for ${purpose.target.id}` : purpose.course !== undefined ? 'holding the raid\'s course' : 'no enemy in sight: keeping speed, height and the map';
  const runs = runWays(weighed, expected);
  const pool = poolOf(plane, weighed, runs);
  if (!enemies.length) {
    // The best few looked at one turn further where they end near the edge or low; a bomber's runs for a release.
    const top = pool.map((c) => {
      const r = low(c.w) || roomToEdge(seen, c.w.end.hex) < Math.ceil(c.w.end.speed / 10) + 2 || runs.includes(c) ? dry(c.w.plot) : undefined;
      const release = r ? releaseOn(seen, plane, purpose, c.w, r.after, dry) : undefined;
      return { c, release, total: c.score - (r ? turnAfter(seen, c.w, r.after, plane.id) : 0) + releaseWorth(release) };
    });
    const best = pickNearBest(top, (x) => x.total, seed, key) as (typeof top)[number];
    return chosen(best.c, best.c.words || quiet, best.release);
  }
  // The near enemies (an interceptor's prey first), each one's guesses flown with the others flying on.
  const rank = (e: PlaneState): number => (e.ground ? 2 : 0) + (purpose.prey?.has(e.id) ? 0 : 1);
  const near = [...enemies].sort((a, b) => rank(a) - rank(b) || distance(plane.hex, a.hex) - distance(plane.hex, b.hex));
  const guessed = near.filter((e, i) => i === 0 || (i < GUESSED_ENEMIES && distance(plane.hex, e.hex) <= GUESS_RANGE));
  const plans = guessed.flatMap((e) => guesses(seen, e).map((g) => (g ? { [e.id]: g } : {})));
  const tried = pool.map((c) => tryAgainst(seen, plane, purpose, c, plans, dry)).filter((t) => t !== undefined);
  const best = pickNearBest(tried, (t) => t.total, seed, key);
  if (!best) {
    const c = weighed[0] as Weighed;
    return chosen(c, c.words || rangeWords(plane, c.w, foes));
  }
  return chosen(best.c, best.why || (purpose.role === 'bomber' ? quiet : rangeWords(plane, best.c.w, foes)), best.release);
}

/**
 * A way flown as dry runs against the guesses at the enemies' plans: the shots it gets (a bomber's,
 * and an escort's at an enemy away from its bombers, count a quarter: purpose.ts) less those it is under, near the edge or low a look
 * at the turn after, and a bomber's release on its target. Undefined when no dry run flies it.
 */
function tryAgainst(seen: GameState, plane: PlaneState, purpose: Purpose, c: Weighed, plans: readonly Record<string, Plot>[], dry: (plot: Plot, g?: Record<string, Plot>) => DryShots | undefined): { c: Weighed; total: number; why: string; release?: Release } | undefined {
  // An escort turns on whoever attacks its bombers (within ESCORT_FIGHT hexes of one); a shot at
  // another enemy counts a quarter, as a bomber's does (it does not hunt).
  const near = (id: string): boolean => {
    const e = seen.planes.find((p) => p.id === id);
    return !!e && (purpose.flock ?? []).some((h) => distance(h, e.hex) <= ESCORT_FIGHT);
  };
  const gotWeight = (id: string): number => (purpose.role === 'bomber' || (purpose.role === 'escort' && !near(id)) ? 0.25 : 1);
  let sum = 0;
  let n = 0;
  const got = new Map<string, number>();
  let given = 0;
  let after: GameState | undefined;
  for (const g of plans) {
    const r = dry(c.w.plot, g);
    if (!r) continue;
    after ??= r.after;
    n++;
    if (r.shot) got.set(r.shot.target, (got.get(r.shot.target) ?? 0) + 1);
    if (r.by.length) given++;
    sum += (r.shot ? (16 - r.shot.range * 1.5) * gotWeight(r.shot.target) : 0) - r.by.length * 12;
  }
  if (!n || !after) return undefined;
  const release = releaseOn(seen, plane, purpose, c.w, after, dry);
  const total = c.score + sum / n - turnAfter(seen, c.w, after, plane.id) + releaseWorth(release);
  const shots = [...got.entries()].map(([t, k]) => `a shot at ${t} against ${k} of ${n} of the enemies' likely plans`).join('; ');
  const why = [shots, given ? `under enemy guns against ${given} of them` : '', c.words].filter(Boolean).join('; ');
  return { c, total, why, ...(release ? { release } : {}) };
}
