/**
 * The stand-in pilot (docs/standin.md): orders for every plane a side flies, chosen from each
 * plane's legal ways to fly (plans/ways.ts), never from anyone's submitted orders. What it knows is
 * what the side sees (fog of war, spotting/fog.ts); what it expects of the enemies is that they fly
 * on (their missed-orders default), the forecast's assumption.
 *
 * Each way is weighed first by where it ends (the shot it may give and the shot it may leave the
 * enemy, being behind an enemy and pointing at him, a fighting distance, speed and height, the map's
 * edge and the ground), then the best few are flown as a dry run of the turn (plans/menu.ts
 * dryShots: no die thrown), where the shots it really gets and gives count most. It fires every gun
 * at any enemy it can. No die and no clock: the same state gives the same orders, so a game it
 * flew is re-resolved as it was (`tallyho verify`).
 */
import type { FireOrder, Plot } from '../../orders/ast.ts';
import { checkFireOrders } from '../combat/fire-check.ts';
import { inCone } from '../combat/cone.ts';
import { bandCondition } from '../damage/state.ts';
import { distance, type Hex, toColRow } from '../hex/coords.ts';
import { clockPosition, degreesOff, turnBetween } from '../hex/facing.ts';
import { flightLine } from '../hex/flight.ts';
import { effectiveBand } from '../movement/performance.ts';
import { dryShots } from '../plans/menu.ts';
import { type WayToFly, waysToFly } from '../plans/ways.ts';
import { fogState } from '../spotting/fog.ts';
import { sha256Hex } from '../sha256.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import type { TurnOrders } from '../turn.ts';

/** A plane's choice, and why, in a few words (the report of a turn the stand-in flew). */
export interface StandInChoice { plane: string; plot: Plot; why: string }

export interface StandIn {
  orders: TurnOrders;
  choices: StandInChoice[];
}

/** How many ways of a plane are flown as a dry run, the best weighed first. */
const DRY_RUNS = 8;
/** How many plans of each enemy it guesses at (flying on, the hardest turn each way, the gentlest each way). */
const GUESSES = 5;

interface Foe { plane: PlaneState; hex: Hex; facing: number; nextRight: boolean; altitude: number }

/** How far a hex is from the map's nearest edge, in hexes (0: on the edge). */
function edgeDistance(state: GameState, h: Hex): number {
  const { col, row } = toColRow(h);
  return Math.min(col - 1, row - 1, state.map.width - col, state.map.height - row);
}

/** The worth of ending in `w`'s place against one enemy where he is expected to be. */
function against(w: WayToFly, foe: Foe): { score: number; words: string } {
  // Across the grain the next forward hex is the right-front one after a new facing (rule (8)).
  const at = { hex: w.end.hex, facing: w.end.facing, nextRight: true };
  const d = distance(at.hex, foe.hex);
  const high = Math.abs(w.end.altitude - foe.altitude);
  let score = 0;
  const words: string[] = [];
  // A shot it may have (fixed guns ahead), and one it may give (the enemy's ahead).
  if (d > 0 && d <= 6 && high <= 1500 && inCone(at, foe.hex)) { score += 12 - d; words.push(`guns on ${foe.plane.id}`); }
  if (d > 0 && d <= 6 && high <= 1500 && inCone({ hex: foe.hex, facing: foe.facing, nextRight: foe.nextRight }, at.hex)) { score -= 12 - d; words.push(`in ${foe.plane.id}'s guns`); }
  // Behind him (his 5 to 7 o'clock) and pointing at him (12 o'clock).
  const behind = clockPosition(foe.hex, foe.facing, at.hex);
  if (behind !== undefined && behind >= 5 && behind <= 7) { score += 4; words.push(`behind ${foe.plane.id}`); } else if (behind === 4 || behind === 8) score += 2;
  // Pointing at him: 3 dead ahead, down to -3 with him dead astern.
  const off = degreesOff(at.hex, at.facing, foe.hex);
  if (off !== undefined) score += 3 - off / 30;
  // A fighting distance: close enough to shoot, not so close as to overshoot.
  score -= d > 4 ? (d - 4) * 0.8 : d < 2 ? (2 - d) * 2 : 0;
  return { score, words: words.join(', ') };
}

/** A way weighed by where it ends (no dry run). */
function weigh(state: GameState, plane: PlaneState, w: WayToFly, foes: readonly Foe[]): { score: number; words: string } {
  const band = effectiveBand(cardOf(state, plane), plane.altitude, plane.loaded, bandCondition(plane));
  let score = 0;
  let words = '';
  // The nearest enemy counts whole, the others half.
  const near = [...foes].sort((a, b) => distance(w.end.hex, a.hex) - distance(w.end.hex, b.hex));
  near.forEach((f, i) => {
    const a = against(w, f);
    score += i === 0 ? a.score : a.score / 2;
    if (i === 0) words = a.words;
  });
  // Nobody in sight: away from the edges, keeping speed and height.
  if (!foes.length) score -= Math.max(0, 6 - edgeDistance(state, w.end.hex));
  // Energy: speed and height, and never near a stall.
  score += ((w.end.altitude - plane.altitude) / 100) * 0.15 + ((w.end.speed - plane.speed) / 10) * 0.8;
  if (w.end.speed / 10 < band.minSpeed + 0.5) score -= 5;
  if (w.end.altitude < 1500) score -= 5;
  // The map: leaving it is leaving the fight, and near its edge a fast plane cannot turn back in
  // time: it wants room for most of a turn's hexes.
  if (w.end.status === 'exited') score -= 100;
  else {
    score -= Math.max(0, 2 + (w.end.speed / 10) * 0.8 - edgeDistance(state, w.end.hex)) * 6;
    // Pointing at the edge: the straight line of next turn's hexes and two more leaves the map.
    const line = flightLine({ hex: w.end.hex, facing: w.end.facing, nextRight: true }, Math.ceil(w.end.speed / 10) + 2);
    const out = line.findIndex((h) => edgeDistance(state, h) < 0);
    if (out >= 0) score -= (line.length - out) * 3;
  }
  return { score, words };
}

/** The FIRE order of a plane that fires every gun at any enemy, when the referee takes one. */
function fireAll(state: GameState, plane: PlaneState): FireOrder[] {
  const f: FireOrder = { plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' };
  return checkFireOrders(state, [f]).length ? [] : [f];
}

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

/** The stand-in's choice for one plane: the way it flies and why (ways that weigh the same in the order `seed` draws). */
function choose(seen: GameState, plane: PlaneState, seed: string): StandInChoice | undefined {
  const ways = waysToFly(seen, plane);
  if (!ways.length) return undefined;
  const enemies = seen.planes.filter((p) => p.side !== plane.side && p.status === 'flying');
  // Where the enemies are expected at the end of the turn: flying on (a dry run of the first way).
  const first = enemies.length ? dryShots(seen, plane, (ways[0] as WayToFly).plot) : undefined;
  const foes: Foe[] = enemies.map((e) => {
    const after = first?.ends.get(e.id);
    return { plane: e, hex: after?.hex ?? e.hex, facing: after?.facing ?? e.facing, nextRight: after?.nextRight ?? e.nextRight, altitude: after?.altitude ?? e.altitude };
  });
  const tie = (i: number): string => sha256Hex(`${seed}|${plane.id}|${i}`);
  const weighed = ways.map((w, i) => ({ w, i, tie: tie(i), ...weigh(seen, plane, w, foes) }))
    .sort((a, b) => b.score - a.score || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  let best = weighed[0] as (typeof weighed)[number];
  let bestWhy = best.words;
  if (enemies.length) {
    // Each of the best ways flown against each guess at the enemies' plans (all of them flying one
    // guess at a time, the nearest enemy's guesses counting): the shots got and given, on average.
    const nearest = [...enemies].sort((a, b) => distance(plane.hex, a.hex) - distance(plane.hex, b.hex))[0] as PlaneState;
    const theirs = guesses(seen, nearest);
    let top = -Infinity;
    for (const c of weighed.slice(0, DRY_RUNS)) {
      let sum = 0;
      let runs = 0;
      let got = 0;
      let given = 0;
      for (const g of theirs) {
        const r = dryShots(seen, plane, c.w.plot, g ? { [nearest.id]: g } : {});
        if (!r) continue;
        runs++;
        if (r.shot) got++;
        if (r.by.length) given++;
        sum += (r.shot ? 16 - r.shot.range * 1.5 : 0) - r.by.length * 12;
      }
      if (!runs) continue;
      const score = c.score + sum / runs;
      if (score > top) {
        top = score;
        best = c;
        bestWhy = [got ? `a shot at ${nearest.id} against ${got} of ${runs} of his likely plans` : '', given ? `under his guns against ${given} of them` : '', c.words].filter(Boolean).join('; ');
      }
    }
  }
  return { plane: plane.id, plot: best.w.plot, why: bestWhy || (enemies.length ? 'closing on the enemy' : 'no enemy in sight: keeping speed, height and the map') };
}

/**
 * The stand-in's orders for every flying plane of `side` in `state` (the whole state: it sees only
 * what the side sees), with what it chose for each and why. `seed` orders the ways it weighs the
 * same: by default the state's dice seed (the turn before's, public once it was resolved), so that
 * the same game gives the same choices.
 */
export function standIn(state: GameState, side: string, seed: string = state.dice.seed): StandIn {
  const seen = fogState(state, side);
  const orders: TurnOrders = { plots: {}, fire: [] };
  const choices: StandInChoice[] = [];
  for (const plane of seen.planes.filter((p) => p.side === side && p.status === 'flying' && !p.ground)) {
    const c = choose(seen, plane, seed);
    if (!c) continue;
    orders.plots[plane.id] = c.plot;
    orders.fire.push(...fireAll(seen, plane));
    choices.push(c);
  }
  return { orders, choices };
}
