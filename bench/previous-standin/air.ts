/**
 * The stand-in's choice for a plane in the air (docs/standin.md "How it chooses"): every way it can
 * fly (plans/ways.ts) weighed by where it ends (weigh.ts), then the best few flown as a dry run of
 * the turn (plans/menu.ts dryShots: no die thrown) against guesses at the near enemies' plans, with
 * a look at the turn after for a way that ends near the map's edge, low or in a dive; the seed
 * picks among the near-best (weigh.ts).
 */
import type { Plot } from '../../src/orders/ast.ts';
import { formatPlot } from '../../src/orders/plot.ts';
import { distance } from '../../src/core/hex/coords.ts';
import { turnBetween } from '../../src/core/hex/facing.ts';
import { dryShots } from '../../src/core/plans/menu.ts';
import { type WayToFly, waysToFly } from '../../src/core/plans/ways.ts';
import { sha256Hex } from '../../src/core/sha256.ts';
import type { GameState, PlaneState } from '../../src/core/state.ts';
import { purposeOf } from './purpose.ts';
import { edgeDistance, type Foe, pickNearBest, weigh } from './weigh.ts';

export interface AirChoice {
  plane: string;
  plot: Plot;
  text: string;
  why: string;
}

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
const low = (w: WayToFly): boolean =>
  w.end.altitude < (w.plot.mode === 'SD' || w.plot.mode === 'VD' ? LOW_DIVING : LOW);

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
  const near = edgeDistance(seen, w.end.hex) < Math.ceil(w.end.speed / 10) + 2;
  if (!near && !low(w)) return 0;
  const self = after.planes.find((p) => p.id === id);
  if (!self || self.status !== 'flying') return 0;
  let best = -1;
  for (const x of waysToFly(after, self))
    if (x.end.status === 'flying') best = Math.max(best, edgeDistance(after, x.end.hex));
  return best < 0 ? 100 : Math.max(0, 2 - best) * 8;
}

/** The stand-in's choice for one plane in the air: the way it flies and why. */
export function chooseAir(seen: GameState, plane: PlaneState, seed: string): AirChoice | undefined {
  const ways = waysToFly(seen, plane);
  if (!ways.length) return undefined;
  const enemies = seen.planes.filter((p) => p.side !== plane.side && p.status === 'flying');
  const purpose = purposeOf(seen, plane);
  // Where the enemies are expected at the end of the turn: flying on (a dry run of the first way).
  const first = enemies.length ? dryShots(seen, plane, (ways[0] as WayToFly).plot) : undefined;
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
  const weighed = ways
    .map((w, i) => ({ w, i, tie: tie(i), ...weigh(seen, plane, w, foes, purpose) }))
    .sort((a, b) => b.score - a.score || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  const key = `${plane.id}|${seen.turn}`;
  const text = (w: WayToFly): string => formatPlot(w.plot);
  const quiet = purpose.target
    ? `for ${purpose.target.id}`
    : purpose.course !== undefined
      ? "holding the raid's course"
      : 'no enemy in sight: keeping speed, height and the map';
  if (!enemies.length) {
    // The best few looked at one turn further where they end near the edge or low.
    const pool = weighed.slice(0, DRY_RUNS);
    if (plane.altitude < LOW_DIVING)
      pool.push(
        ...[...weighed]
          .sort((a, b) => b.w.end.altitude - a.w.end.altitude)
          .filter((c) => !pool.includes(c))
          .slice(0, 4),
      );
    const top = pool.map((c) => {
      const r =
        low(c.w) || edgeDistance(seen, c.w.end.hex) < Math.ceil(c.w.end.speed / 10) + 2
          ? dryShots(seen, plane, c.w.plot)
          : undefined;
      return { c, total: c.score - (r ? turnAfter(seen, c.w, r.after, plane.id) : 0) };
    });
    const best = pickNearBest(top, (x) => x.total, seed, key) as (typeof top)[number];
    return { plane: plane.id, plot: best.c.w.plot, text: text(best.c.w), why: best.c.words || quiet };
  }
  // The near enemies (an interceptor's prey first), each one's guesses flown with the others flying on.
  const rank = (e: PlaneState): number => (e.ground ? 2 : 0) + (purpose.prey?.has(e.id) ? 0 : 1);
  const near = [...enemies].sort(
    (a, b) => rank(a) - rank(b) || distance(plane.hex, a.hex) - distance(plane.hex, b.hex),
  );
  const guessed = near.filter((e, i) => i === 0 || (i < GUESSED_ENEMIES && distance(plane.hex, e.hex) <= GUESS_RANGE));
  const runs = guessed.flatMap((e) => guesses(seen, e).map((g) => (g ? { [e.id]: g } : {})));
  // A bomber does not hunt (purpose.ts): the shots it gets count a quarter.
  const gotWeight = purpose.role === 'bomber' ? 0.25 : 1;
  const tried: { c: (typeof weighed)[number]; total: number; why: string }[] = [];
  // Low, the ways that end highest are flown too: a way out of a dive the first weighing ranks low.
  const pool = weighed.slice(0, DRY_RUNS);
  if (plane.altitude < LOW_DIVING)
    pool.push(
      ...[...weighed]
        .sort((a, b) => b.w.end.altitude - a.w.end.altitude)
        .filter((c) => !pool.includes(c))
        .slice(0, 4),
    );
  for (const c of pool) {
    let sum = 0;
    let n = 0;
    const got = new Map<string, number>();
    let given = 0;
    let after: GameState | undefined;
    for (const g of runs) {
      const r = dryShots(seen, plane, c.w.plot, g);
      if (!r) continue;
      after ??= r.after;
      n++;
      if (r.shot) got.set(r.shot.target, (got.get(r.shot.target) ?? 0) + 1);
      if (r.by.length) given++;
      sum += (r.shot ? (16 - r.shot.range * 1.5) * gotWeight : 0) - r.by.length * 12;
    }
    if (!n) continue;
    // Near the edge or low, a look at the turn after.
    const total = c.score + sum / n - (after ? turnAfter(seen, c.w, after, plane.id) : 0);
    const shots = [...got.entries()]
      .map(([t, k]) => `a shot at ${t} against ${k} of ${n} of the enemies' likely plans`)
      .join('; ');
    const why = [shots, given ? `under enemy guns against ${given} of them` : '', c.words].filter(Boolean).join('; ');
    tried.push({ c, total, why });
  }
  const best = pickNearBest(tried, (t) => t.total, seed, key);
  if (!best) {
    const c = weighed[0] as (typeof weighed)[number];
    return { plane: plane.id, plot: c.w.plot, text: text(c.w), why: c.words || 'closing on the enemy' };
  }
  return {
    plane: plane.id,
    plot: best.c.w.plot,
    text: text(best.c.w),
    why: best.why || (purpose.role === 'bomber' ? quiet : 'closing on the enemy'),
  };
}
