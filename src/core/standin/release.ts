/**
 * A bomber's release (docs/standin.md "The scenario's purpose"): the stand-in marks BOMB on a way
 * that ends over an enemy truck, tank or ship, and TORPEDO on one that leaves an enemy ship straight
 * ahead, a few hexes off (seed 000 V.D, VIII; seed 001 rule (21)). Where the target is then is where
 * a dry run of the turn leaves it (trucks, tanks and ships move in the turn too). The plot marked is
 * flown as a dry run once more: a release the referee would refuse (a torpedo dropped too high or
 * too fast) is none.
 */
import type { MoveOrder, Plot } from '../../orders/ast.ts';
import { activeUnits } from '../units/plan.ts';
import { groundUnit } from './ground.ts';
import { carriesBombs } from '../damage/state.ts';
import { distance, type Hex, hexEquals } from '../hex/coords.ts';
import { flightLine } from '../hex/flight.ts';
import { rangeHexes } from '../ordnance/torpedo-table.ts';
import { bombMethod } from '../ordnance/bombs.ts';
import { planTurn } from '../movement/plan.ts';
import { targetOf } from '../units/damage.ts';
import type { DryShots } from '../plans/menu.ts';
import { waysToFly, type WayToFly } from '../plans/ways.ts';
import type { GameState, PlaneState } from '../state.ts';
import type { Purpose } from './purpose.ts';

/**
 * How far ahead a torpedo is dropped at most: it runs a hex a turn after the first (seed 000
 * V.D.1-3), and the ship steams on meanwhile.
 */
const TORPEDO_AHEAD = 3;
/** What a release on the target is worth at most in the stand-in's weighing: the raid's whole purpose. */
export const RELEASE_WORTH = 40;
/** The ways that end nearest the target, flown as dry runs besides the best weighed (a run on it may weigh low). */
export const RUN_WAYS = 4;

export interface Release {
  plot: Plot;
  words: string;
  /** Bombs: the chance of each to hit, per mille (ordnance/bombing-table.ts). */
  chance?: number;
}

/**
 * What a release is worth in the stand-in's weighing: the raid's purpose, and more the likelier it
 * is to hit (full from 10% a bomb): a glide from 12,000 ft is taken only when nothing better is.
 */
export const releaseWorth = (r: Release | undefined): number =>
  !r
    ? 0
    : r.chance === undefined
      ? RELEASE_WORTH
      : RELEASE_WORTH / 4 + ((RELEASE_WORTH * 3) / 4) * Math.min(1, r.chance / 100);

/** The enemy's trucks, tanks and ships in `state` still there to hit. */
const enemyUnits = (plane: PlaneState, state: GameState) =>
  (state.units ?? []).filter((u) => u.status === 'active' && u.side !== plane.side && u.kind !== 'torpedo');

/** Where the enemy's trucks, tanks and ships a bomber can hit are at the end of the turn in `after` (a dry run's state). */
export function unitsAt(plane: PlaneState, after: GameState): Hex[] {
  return plane.torpedo || !carriesBombs(plane) ? [] : enemyUnits(plane, after).map((u) => u.hex);
}

/** Where the bomber's target is at the end of the turn in `after` (a dry run's state), if it is still there to hit. */
export function targetAt(purpose: Purpose, after: GameState): Hex | undefined {
  const t = purpose.target;
  return t ? (after.units ?? []).find((u) => u.id === t.id && u.status === 'active')?.hex : undefined;
}

/**
 * The purpose with where its target is guessed to be at the end of the next turn: this turn's
 * guessed move (from where it is to `then`, where the dry run leaves it) once more.
 */
export function withNext(purpose: Purpose, then: Hex | undefined): Purpose {
  const t = purpose.target;
  if (!t || !then) return purpose;
  return { ...purpose, target: { ...t, next: { q: 2 * then.q - t.hex.q, r: 2 * then.r - t.hex.r } } };
}

/**
 * The release a way allows, with its plot marked; `after` is the dry run of the way (the plane and
 * the enemy's units where the turn leaves them), `dry` flies a plot as one. Undefined when the way
 * allows none, or the referee would refuse the marked plot.
 */
export function releaseOn(
  seen: GameState,
  plane: PlaneState,
  purpose: Purpose,
  w: WayToFly,
  after: GameState,
  dry: (plot: Plot) => DryShots | undefined,
): Release | undefined {
  if (purpose.role !== 'bomber' || !carriesBombs(plane) || w.end.status !== 'flying') return undefined;
  const self = after.planes.find((p) => p.id === plane.id);
  if (!self || self.status !== 'flying') return undefined;
  // Any enemy it can hit will do, its own target or another (a column of trucks, a screen of ships).
  const enemies = enemyUnits(plane, after);
  let r: Release | undefined;
  if (plane.torpedo) {
    // Seed 000 V.D.1: the torpedo enters the hex ahead at once, then runs on straight.
    const type = seen.torpedoes?.types[plane.torpedo];
    const run = Math.min(TORPEDO_AHEAD, type ? rangeHexes(type) : TORPEDO_AHEAD);
    const line = flightLine({ hex: self.hex, facing: self.facing, nextRight: self.nextRight }, run);
    for (let k = 0; k < line.length && !r; k++) {
      const ship = enemies.find((u) => u.kind === 'ship' && hexEquals(u.hex, line[k] as Hex));
      if (ship)
        r = {
          plot: { ...w.plot, torpedo: true },
          words: `torpedo dropped at ${ship.id}, ${k + 1} hex${k ? 'es' : ''} ahead`,
        };
    }
  } else {
    const under = enemies.filter((u) => hexEquals(u.hex, self.hex));
    const table = seen.bombing;
    // The hit chance of each bomb (seed 001 rule (21): dive, level or glide bombing, by the height).
    const plan = under.length && table ? planTurn(seen, plane, { ...w.plot, bomb: true }) : undefined;
    const aim =
      plan?.ok && table ? targetOf(seen, table, under, bombMethod(seen, plane, plan.value), w.end.altitude) : undefined;
    if (aim)
      r = {
        plot: { ...w.plot, bomb: true },
        words: `bombs released over ${aim.unit.id} (${(aim.chance / 10).toFixed(1)}% a bomb)`,
        chance: aim.chance,
      };
  }
  return r && dry(r.plot) ? r : undefined;
}

/**
 * A bomb run lined up for next turn (docs/standin.md "The scenario's purpose"): from where `after`
 * (a dry run of a way without a release) leaves the plane, one of next turn's ways ends on the
 * target where it is guessed to be then (`purpose` with its target's `next`: withNext). Worth half
 * a release (a turn later, on a guess), with words; undefined when none does.
 */
export function nextRun(
  purpose: Purpose,
  plane: PlaneState,
  after: GameState,
): { worth: number; words: string } | undefined {
  const t = purpose.target;
  if (purpose.role !== 'bomber' || !t?.next || plane.torpedo || !carriesBombs(plane)) return undefined;
  const self = after.planes.find((p) => p.id === plane.id);
  if (!self || self.status !== 'flying' || !carriesBombs(self) || !targetAt(purpose, after)) return undefined;
  const aim = t.next;
  const on = waysToFly(after, self).some((x) => x.end.status === 'flying' && hexEquals(x.end.hex, aim));
  return on ? { worth: RELEASE_WORTH / 2, words: `lining up a bomb run on ${t.id} next turn` } : undefined;
}

/**
 * The ways that end nearest where the target is expected, the nearest first (a bombing or torpedo
 * run), and for bombs those that end on another enemy truck, tank or ship where it is expected
 * (`others`): any will do for a release when the target is out of reach (releaseOn).
 */
export function runWays<T extends { w: WayToFly }>(
  weighed: readonly T[],
  expected: Hex | undefined,
  others: readonly Hex[] = [],
): T[] {
  if (!expected) return [];
  const flying = weighed.filter((c) => c.w.end.status === 'flying');
  const nearest = flying
    .map((c) => ({ c, d: distance(c.w.end.hex, expected) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, RUN_WAYS)
    .map((x) => x.c);
  const on = flying.filter((c) => !nearest.includes(c) && others.some((h) => hexEquals(h, c.w.end.hex)));
  return [...nearest, ...on.slice(0, RUN_WAYS)];
}

/**
 * Where the enemy's trucks, tanks and ships are guessed to go this turn: as the stand-in would move
 * them (ground.ts: on along the road, ships on at their speed), from what the bomber's side sees.
 */
export function unitGuesses(seen: GameState, side: string): MoveOrder[] {
  const out: MoveOrder[] = [];
  for (const u of activeUnits(seen)) {
    if (u.side === side || u.kind === 'torpedo') continue;
    const m = groundUnit(seen, u).move;
    if (m) out.push(m);
  }
  return out;
}
