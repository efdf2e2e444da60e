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
import type { SightedShot } from '../combat/fire-phase.ts';
import { dryShots, type DryShots } from '../plans/menu.ts';
import { type WayWithVariants, waysWithVariants } from '../plans/variants.ts';
import { flownAlone, type WayToFly, waysToFly } from '../plans/ways.ts';
import { missedOrders } from '../movement/missed-orders.ts';
import { sha256Hex } from '../sha256.ts';
import { cardOf, type GameState, type PlaneState, speedText } from '../state.ts';
import { isStalled } from '../movement/bookkeeping.ts';
import { burstWorth } from './exchange.ts';
import { nearestFoe, throttled, throttleWords, wantedSpeed } from './energy.ts';
import { DEFAULT_LEVEL, LEVELS, type LevelTraits, type StandinLevel } from './levels.ts';
import { type Purpose, purposeOf } from './purpose.ts';
import {
  nextRun,
  type Release,
  releaseWorth,
  releaseOn,
  runWays,
  targetAt,
  unitGuesses,
  unitsAt,
  withNext,
} from './release.ts';
import { type Ending, type Foe, pickNearBest, place, roomToEdge, weigh } from './weigh.ts';

export interface AirChoice {
  plane: string;
  plot: Plot;
  text: string;
  why: string;
  /** Where the plot ends the turn (the way's end hex). */
  end: Hex;
}

/**
 * How much the shots of the dry runs count against the first weighing (docs/standin.md "How it
 * chooses, in the air"): the first weighing guesses at guns on either side where the enemy ends
 * flying on (up to 12 a shot), a burst of the dry runs is what the turn flown gives (12 for a kill,
 * 1 to 4 for most bursts); counted 2.5 times, a shot found or suffered in the dry runs outweighs
 * the guess.
 */
const DRY_RUN_WEIGHT = 2.5;
/** An escort's attackers: enemies within this many hexes of one of its bombers (purpose.ts). */
const ESCORT_FIGHT = 5;
/** The enemies whose plans are guessed at: the nearest few within this many hexes (the nearest always). */
const GUESSED_ENEMIES = 2;
const GUESS_RANGE = 10;
/** Beyond this many hexes from the nearest enemy the seed's pick is tight (levels.ts farMargin). */
const FAR = 10;
/** Below this height (feet) a way is looked at one turn further, as near the map's edge; in a steep or vertical dive below the second. */
const LOW = 2500;
const LOW_DIVING = 6000;
const low = (w: WayToFly): boolean =>
  w.end.altitude < (w.plot.mode === 'SD' || w.plot.mode === 'VD' ? LOW_DIVING : LOW);
/** Whether a way ends nearer the map's edge than its next turn's hexes and 2: looked at one turn further. */
const nearEdge = (state: GameState, w: WayToFly): boolean =>
  roomToEdge(state, w.end.hex) < Math.ceil(w.end.speed / 10) + 2;

/**
 * What an enemy may fly, as far as the stand-in can tell: his legal ways (never his orders), of
 * them flying on (none: his missed-orders default), the hardest and the gentlest turn each way.
 */
function guesses(seen: GameState, enemy: PlaneState, n: number): (Plot | undefined)[] {
  if (n <= 1) return [undefined];
  const ways = waysToFly(seen, enemy).filter((w) => w.end.status === 'flying');
  const turn = (w: WayToFly): number => turnBetween(enemy.facing, w.end.facing);
  const right = ways.filter((w) => turn(w) > 0);
  const left = ways.filter((w) => turn(w) < 0);
  const most = (ws: WayToFly[], sign: 1 | -1, hard: boolean): WayToFly | undefined =>
    ws.reduce<WayToFly | undefined>(
      (b, w) => (!b || (hard ? turn(w) * sign > turn(b) * sign : turn(w) * sign < turn(b) * sign) ? w : b),
      undefined,
    );
  const picks = [
    undefined,
    most(right, 1, true)?.plot,
    most(left, -1, true)?.plot,
    most(right, 1, false)?.plot,
    most(left, -1, false)?.plot,
  ];
  return picks.slice(0, n).filter((p, i) => i === 0 || p);
}

/**
 * The turn after (docs/standin.md "How it chooses, in the air"), for a way that ends near the map's
 * edge or low: what it costs that from where the dry run leaves the plane no next turn keeps 2
 * hexes of room (8 a hex short), or that none keeps it flying (100: next turn it leaves the map or
 * hits the ground, a steep dive's pull-out too late, seed 001 rules (18)-(20)).
 */
function turnAfter(seen: GameState, w: WayToFly, after: GameState, id: string): number {
  if (w.end.status !== 'flying') return 0;
  if (!nearEdge(seen, w) && !low(w)) return 0;
  const self = after.planes.find((p) => p.id === id);
  if (!self || self.status !== 'flying') return 0;
  let best = -1;
  for (const x of waysToFly(after, self))
    if (x.end.status === 'flying') best = Math.max(best, roomToEdge(after, x.end.hex));
  return best < 0 ? 100 : Math.max(0, 2 - best) * 8;
}

/**
 * Where the nearest enemy is and what the way does to the range, in words that are true of the
 * plot: "B1 7 hexes away at its 2 o'clock: closing to 4 if he flies on" only when the way's end is
 * nearer where he ends flying on; otherwise "opening the range to" or "keeping the range".
 */
export function rangeWords(plane: PlaneState, w: WayToFly, foes: readonly Foe[]): string {
  const foe = [...foes].sort((a, b) => distance(plane.hex, a.plane.hex) - distance(plane.hex, b.plane.hex))[0];
  if (!foe) return '';
  const now = distance(plane.hex, foe.plane.hex);
  const then = distance(w.end.hex, foe.hex);
  const clock = clockPosition(plane.hex, plane.facing, foe.plane.hex);
  const where = `${foe.plane.id} ${now} hex${now === 1 ? '' : 'es'} away${clock === undefined ? '' : ` at its ${clock} o'clock`}`;
  const what = then < now ? `closing to ${then}` : then > now ? `opening the range to ${then}` : 'keeping the range';
  return `${where}: ${what} if he flies on`;
}

/** What the look two turns ahead works out once per choice: each plane's next ways and where it ends flying on, by its state. */
type NextMemo = Map<string, { ways: Ending[]; on: Foe }>;

/**
 * The turn after, for position (docs/standin.md "Two turns ahead"): from where the dry run leaves
 * the planes, the best place (weigh.ts `place`) any of the plane's next ways reaches against the
 * nearest enemy flying on once more, less the best place any of his next ways reaches against it
 * flying on: a way that gives a shot next turn counts, and one that gives him one counts against
 * it. 0 when it is no longer flying (turnAfter weighs that) or no enemy is.
 */
function nextPlace(after: GameState, id: string, memo: NextMemo): number {
  const self = after.planes.find((p) => p.id === id);
  if (!self || self.status !== 'flying') return 0;
  const enemy = after.planes
    .filter((e) => e.side !== self.side && e.status === 'flying' && !e.ground)
    .sort((a, b) => distance(self.hex, a.hex) - distance(self.hex, b.hex))[0];
  if (!enemy) return 0;
  const mine = nextOf(after, self, memo);
  const his = nextOf(after, enemy, memo);
  return bestPlace(after, self, mine.ways, his.on) - bestPlace(after, enemy, his.ways, mine.on);
}

/** A plane's ways next turn and where it ends flying on (its missed-orders plot, flown alone), worked out once a state. */
function nextOf(after: GameState, plane: PlaneState, memo: NextMemo): { ways: Ending[]; on: Foe } {
  const key = JSON.stringify(plane);
  let got = memo.get(key);
  if (!got) {
    const ways = waysToFly(after, plane).filter((w) => w.end.status === 'flying');
    const e = flownAlone(after, plane, missedOrders(after, plane).plan);
    got = { ways, on: { plane, hex: e.hex, facing: e.facing, nextRight: e.nextRight, altitude: e.altitude } };
    memo.set(key, got);
  }
  return got;
}

/** The best place of `ways` (a plane's next ways) against `foe` where he ends flying on. */
function bestPlace(after: GameState, plane: PlaneState, ways: readonly Ending[], foe: Foe): number {
  const purpose = purposeOf(after, plane);
  let best = ways.length ? -Infinity : 0;
  for (const w of ways) best = Math.max(best, place(after, plane, w, [foe], purpose).score);
  return best;
}

/** A way tried as dry runs (tryAgainst): its total, its words, a release, and where the dry run against the enemies flying on leaves the planes. */
interface Tried {
  c: Weighed;
  total: number;
  why: string;
  release?: Release;
  after: GameState;
}

/** In a fight, each way tried with half its look two turns ahead added (docs/standin.md "Two turns ahead"). */
function lookedAhead(tried: readonly Tried[], id: string, weight: number): Tried[] {
  if (!weight) return [...tried];
  const memo: NextMemo = new Map();
  return tried.map((t) => ({ ...t, total: t.total + nextPlace(t.after, id, memo) * weight }));
}

/** When a way leaves the plane under its least speed (docs/rules.md "Speed": it stalls), that said in words; else ''. */
function stallWords(seen: GameState, plane: PlaneState, w: WayToFly): string {
  if (w.end.status !== 'flying' || !isStalled(cardOf(seen, plane), plane, w.end.speed, w.end.altitude)) return '';
  return `it stalls: speed ${speedText(w.end.speed)} next turn, under its least speed`;
}

/** A way weighed by where it ends (weigh.ts), with its index and the seed's tie-break. */
type Weighed = { w: WayToFly; i: number; tie: string; score: number; words: string; throttle: string };

/** Each way as a fighter flies it: with the power or brake factors of the speed it wants where it ends (energy.ts), and the words for its speed and height. */
function throttledWays(
  seen: GameState,
  plane: PlaneState,
  ways: readonly WayWithVariants[],
  foes: readonly Foe[],
): { w: WayToFly; words: string }[] {
  return ways.map((way) => {
    const foe = nearestFoe(way, foes);
    const v = throttled(way, wantedSpeed(seen, plane, way, foe), foe?.altitude);
    // The plain plot's own speed and height said too when it is the one flown (docs/standin.md).
    return v
      ? { w: { end: { ...way.end, speed: v.speed }, plot: v.plot }, words: throttleWords(plane, v) }
      : { w: way, words: throttleWords(plane, { plot: way.plot, speed: way.end.speed, altitude: way.end.altitude }) };
  });
}

/** The ways flown as dry runs: the best weighed, low the highest too (a way out of a dive the first weighing ranks low), and a bomber's runs on its target. */
function poolOf(
  plane: PlaneState,
  weighed: readonly Weighed[],
  runs: readonly Weighed[],
  fight: boolean,
  traits: LevelTraits,
): Weighed[] {
  const pool = weighed.slice(0, traits.dryRuns);
  const add = (cs: readonly Weighed[], n: number): void => {
    pool.push(...cs.filter((c) => !pool.includes(c)).slice(0, n));
  };
  if (plane.altitude < LOW_DIVING)
    add(
      [...weighed].sort((a, b) => b.w.end.altitude - a.w.end.altitude),
      4,
    );
  // In a fight, the best of each heading it can end on: a turn that places it well only the turn after is weighed too.
  const headings = new Map<number, Weighed>();
  if (fight && traits.ahead)
    for (const c of weighed) if (!headings.has(c.w.end.facing)) headings.set(c.w.end.facing, c);
  add([...headings.values()], 12);
  add(runs, runs.length);
  return pool;
}

/** The stand-in's choice for one plane in the air, flown at `level` (levels.ts): the way it flies and why. */
export function chooseAir(
  seen: GameState,
  plane: PlaneState,
  seed: string,
  ends?: ReadonlyMap<string, Hex>,
  level: StandinLevel = DEFAULT_LEVEL,
): AirChoice | undefined {
  const traits = LEVELS[level];
  const purpose = purposeOf(seen, plane, ends);
  // A fighter's ways come with their heights and speeds (the same ways in the same order: one search).
  const envelope = purpose.role !== 'bomber' && traits.envelope;
  const ways: readonly WayToFly[] = envelope ? waysWithVariants(seen, plane, { keep: false }) : waysToFly(seen, plane);
  if (!ways.length) return undefined;
  const enemies = seen.planes.filter((p) => p.side !== plane.side && p.status === 'flying');
  // Where the enemies (and a bomber's target) are expected at the end of the turn: a dry run of the first way.
  // A bomber guesses where the enemy's trucks, tanks and ships go (release.ts); the others need not.
  const moves = purpose.role === 'bomber' ? unitGuesses(seen, plane.side) : [];
  const dry = (plot: Plot, g: Record<string, Plot> = {}): DryShots | undefined => dryShots(seen, plane, plot, g, moves);
  const first = enemies.length || purpose.target ? dry((ways[0] as WayToFly).plot) : undefined;
  const expected = first ? targetAt(purpose, first.after) : undefined;
  const foes: Foe[] = enemies.map((e) => {
    const after = first?.ends.get(e.id);
    return {
      plane: e,
      hex: after?.hex ?? e.hex,
      facing: after?.facing ?? e.facing,
      nextRight: after?.nextRight ?? e.nextRight,
      altitude: after?.altitude ?? e.altitude,
    };
  });
  const tie = (i: number): string => sha256Hex(`${seed}|${plane.id}|${i}`);
  // A fighter's ways with the throttle it would fly them with (energy.ts): weighed, flown as dry runs and flown so.
  const flown = envelope
    ? throttledWays(seen, plane, ways as readonly WayWithVariants[], foes)
    : ways.map((w) => ({ w, words: '' }));
  const aimed = withNext(purpose, expected);
  const weighed: Weighed[] = flown
    .map(({ w, words }, i) => ({ w, i, tie: tie(i), throttle: words, ...weigh(seen, plane, w, foes, aimed) }))
    .sort((a, b) => b.score - a.score || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  const key = `${plane.id}|${seen.turn}`;
  const chosen = (c: Weighed, why: string, release?: Release): AirChoice => {
    const plot = release?.plot ?? c.w.plot;
    return {
      plane: plane.id,
      plot,
      text: formatPlot(plot),
      why: [release?.words, why, c.throttle, stallWords(seen, plane, c.w)].filter(Boolean).join('; '),
      end: c.w.end.hex,
    };
  };
  const quiet = purpose.target
    ? `for ${purpose.target.id}`
    : purpose.course !== undefined
      ? "holding the raid's course"
      : purpose.patrol
        ? `no enemy in sight: ${purpose.patrol.words}`
        : 'no enemy in sight: keeping speed, height and the map';
  const runs = runWays(weighed, expected, first && purpose.role === 'bomber' ? unitsAt(plane, first.after) : []);
  const fight = purpose.role !== 'bomber' && enemies.some((e) => !e.ground);
  const pool = poolOf(plane, weighed, runs, fight, traits);
  if (!enemies.length) {
    // The best few looked at one turn further where they end near the edge or low; a bomber's runs for a release.
    const top = pool.map((c) => {
      const r = low(c.w) || nearEdge(seen, c.w) || purpose.target ? dry(c.w.plot) : undefined;
      const release = r ? releaseOn(seen, plane, purpose, c.w, r.after, dry) : undefined;
      const lined = r && !release ? nextRun(aimed, plane, r.after) : undefined;
      const total = c.score - (r ? turnAfter(seen, c.w, r.after, plane.id) : 0) + releaseWorth(release);
      return { c, release, lined, total: total + (lined?.worth ?? 0) };
    });
    const best = pickNearBest(top, (x) => x.total, seed, key, traits.margin) as (typeof top)[number];
    return chosen(best.c, [best.lined?.words, best.c.words || quiet].filter(Boolean).join('; '), best.release);
  }
  // The near enemies (an interceptor's prey first), each one's guesses flown with the others flying on.
  const rank = (e: PlaneState): number => (e.ground ? 2 : 0) + (purpose.prey?.has(e.id) ? 0 : 1);
  const near = [...enemies].sort(
    (a, b) => rank(a) - rank(b) || distance(plane.hex, a.hex) - distance(plane.hex, b.hex),
  );
  const guessed = near.filter((e, i) => i === 0 || (i < GUESSED_ENEMIES && distance(plane.hex, e.hex) <= GUESS_RANGE));
  // A recruit expects every enemy to fly on: one plan for them all.
  const plans =
    traits.guesses <= 1
      ? [{}]
      : guessed.flatMap((e) => guesses(seen, e, traits.guesses).map((g) => (g ? { [e.id]: g } : {})));
  const tried = pool.map((c) => tryAgainst(seen, plane, aimed, c, plans, dry, traits)).filter((t) => t !== undefined);
  const ahead = fight ? lookedAhead(tried, plane.id, traits.ahead) : tried;
  // Out of reach (every enemy beyond FAR hexes) there is no shot to hide: the pick is tight (levels.ts farMargin).
  const margin = enemies.every((e) => distance(plane.hex, e.hex) > FAR) ? traits.farMargin : traits.margin;
  const best = pickNearBest(ahead, (t) => t.total, seed, key, margin);
  if (!best) {
    const c = weighed[0] as Weighed;
    return chosen(c, c.words || rangeWords(plane, c.w, foes));
  }
  return chosen(
    best.c,
    best.why || (purpose.role === 'bomber' ? quiet : rangeWords(plane, best.c.w, foes)),
    best.release,
  );
}

/**
 * A way flown as dry runs against the guesses at the enemies' plans: the shots it gets (a bomber's,
 * and an escort's at an enemy away from its bombers, count a quarter: purpose.ts) less those it is
 * under, three parts their average and one part the worst of them, counted DRY_RUN_WEIGHT times; near the edge or low a look
 * at the turn after, and a bomber's release on its target. Undefined when no dry run flies it.
 */
function tryAgainst(
  seen: GameState,
  plane: PlaneState,
  purpose: Purpose,
  c: Weighed,
  plans: readonly Record<string, Plot>[],
  dry: (plot: Plot, g?: Record<string, Plot>) => DryShots | undefined,
  traits: LevelTraits,
): Tried | undefined {
  // An escort turns on whoever attacks its bombers (within ESCORT_FIGHT hexes of one); a shot at
  // another enemy counts a quarter, as a bomber's does (it does not hunt).
  const near = (id: string): boolean => {
    const e = seen.planes.find((p) => p.id === id);
    return !!e && (purpose.flock ?? []).some((h) => distance(h, e.hex) <= ESCORT_FIGHT);
  };
  // A bomber on its run (its target within 6 hexes) takes no shot at all: it flies for the target.
  const onRun = purpose.role === 'bomber' && !!purpose.target && distance(plane.hex, purpose.target.hex) <= 6;
  const gotWeight = (id: string): number =>
    onRun ? 0 : purpose.role === 'bomber' || (purpose.role === 'escort' && !near(id)) ? 0.25 : 1;
  // A burst by the hits it is expected to score against what its target can take (exchange.ts);
  // a rocket's, which the fire tables do not give, 16 less 1.5 a hex of range.
  const worth = (s: SightedShot): number => {
    const target = s.target === plane.id ? plane : seen.planes.find((p) => p.id === s.target);
    return s.hits === undefined || !target ? 16 - s.range * 1.5 : burstWorth(seen, target, s.hits);
  };
  let sum = 0;
  let worst = Infinity;
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
    let x = 0;
    for (const s of r.sighted) x += s.plane === plane.id ? worth(s) * gotWeight(s.target) : -worth(s) * traits.watchSix;
    sum += x;
    worst = Math.min(worst, x);
  }
  if (!n || !after) return undefined;
  const release = releaseOn(seen, plane, purpose, c.w, after, dry);
  const lined = release ? undefined : nextRun(purpose, plane, after);
  const total =
    (lined?.worth ?? 0) +
    c.score +
    DRY_RUN_WEIGHT * ((sum / n) * (1 - traits.worstPart) + worst * traits.worstPart) -
    turnAfter(seen, c.w, after, plane.id) +
    releaseWorth(release);
  // One plan: the enemies flying on (a recruit's only guess, levels.ts).
  const shots = [...got.entries()]
    .map(([t, k]) =>
      n === 1
        ? `a shot at ${t} if the enemy flies on`
        : `a shot at ${t} against ${k} of ${n} of the enemies' likely plans`,
    )
    .join('; ');
  const under =
    n === 1
      ? "in the enemy's guns if he flies on"
      : `under enemy guns against ${given} of ${shots ? 'them' : `${n} of the enemies' likely plans`}`;
  const why = [lined?.words, shots, given ? under : '', c.words].filter(Boolean).join('; ');
  return { c, total, why, after, ...(release ? { release } : {}) };
}
