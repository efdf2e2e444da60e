/**
 * The stand-in pilot (docs/standin.md): orders for every plane and unit of a side (or the few of
 * them a player flies), chosen from each one's legal orders, never from anyone's submitted orders.
 * What it knows is what the side sees (fog of war, spotting/fog.ts); what it expects of the enemies
 * is guessed from their legal ways to fly.
 *
 * - Planes in the air (air.ts): a plot, weighed by where it ends (weigh.ts) and by a dry run of the
 *   turn, for the scenario's purpose (purpose.ts); every gun fires at any enemy.
 * - The quick game (seed 004, quick.ts): a move line, and FIRE lines where a target is sure.
 * - Planes on the ground, trucks, tanks and ships (ground.ts): a MOVE line, or their default on
 *   purpose.
 *
 * How well it flies is its level (levels.ts): an ace, its best, unless told.
 *
 * No die and no clock: the same state, seed and level give the same orders, so a game it flew is
 * re-resolved as it was (`tallyho verify`). The seed picks among the near-best choices (weigh.ts).
 */
import type { FireOrder, MoveOrder, Plot } from '../../orders/ast.ts';
import { checkFireOrders } from '../combat/fire-check.ts';
import { fogState } from '../spotting/fog.ts';
import type { GameState, PlaneState } from '../state.ts';
import type { TurnOrders } from '../turn.ts';
import { activeUnits } from '../units/plan.ts';
import { type AirChoice, chooseAir } from './air.ts';
import { isBomber } from './purpose.ts';
import type { Hex } from '../hex/coords.ts';
import { groundPlane, groundUnit } from './ground.ts';
import { quickStandIn } from './quick.ts';
import { DEFAULT_LEVEL, type StandinLevel } from './levels.ts';

/**
 * A plane's (or unit's) choice: the order line as a player would write it in an envelope (`text`:
 * a plot, a quick-game move line or a MOVE line; empty when it is left to its default on purpose),
 * and why, in a few words. `plot`: the plot of a plane in the air.
 */
export interface StandInChoice {
  plane: string;
  plot?: Plot;
  text: string;
  why: string;
}

export interface StandIn {
  orders: TurnOrders;
  choices: StandInChoice[];
}

export interface StandInOptions {
  /** Only these plane and unit ids are given orders (a side split among players); the others none. */
  planes?: readonly string[];
  /** How well it flies (levels.ts): its best, an ace, unless told. */
  level?: StandinLevel;
}

/** The FIRE order of a plane that fires every gun at any enemy, when the referee takes one. */
function fireAll(state: GameState, plane: PlaneState): FireOrder[] {
  const f: FireOrder = { plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' };
  return checkFireOrders(state, [f]).length ? [] : [f];
}

/**
 * The stand-in's orders for `side` in `state` (the whole state: it sees only what the side sees),
 * with what it chose for each plane and unit and why. `seed` picks among the choices it weighs
 * near the best: the app passes one that stays secret until the turn is resolved; by default the
 * state's dice seed (the turn before's, public once it was resolved).
 */
export function standIn(
  state: GameState,
  side: string,
  seed: string = state.dice.seed,
  opts: StandInOptions = {},
): StandIn {
  const only = opts.planes ? new Set(opts.planes.map((id) => id.toUpperCase())) : undefined;
  const flies = (id: string): boolean => !only || only.has(id.toUpperCase());
  const level = opts.level ?? DEFAULT_LEVEL;
  const seen = fogState(state, side);
  const orders: TurnOrders = { plots: {}, fire: [] };
  const choices: StandInChoice[] = [];
  if (seen.quick) {
    const q = quickStandIn(seen, side, seed, flies, level);
    orders.quick = q.moves;
    orders.fire.push(...q.fire);
    choices.push(...q.choices.map((c) => ({ plane: c.plane, text: c.text, why: c.why })));
    return { orders, choices };
  }
  const moves: MoveOrder[] = [];
  const launched = new Set<string>();
  const mine = seen.planes.filter((p) => p.side === side && p.status === 'flying' && flies(p.id));
  // The bombers in the air choose first: their escorts keep station where they will be (purpose.ts).
  const ends = new Map<string, Hex>();
  const air = new Map<string, AirChoice | undefined>();
  for (const plane of [
    ...mine.filter((p) => !p.ground && isBomber(seen, p)),
    ...mine.filter((p) => !p.ground && !isBomber(seen, p)),
  ]) {
    const c = chooseAir(seen, plane, seed, ends, level);
    air.set(plane.id, c);
    if (c) ends.set(plane.id, c.end);
  }
  for (const plane of mine) {
    if (plane.ground) {
      const c = groundPlane(seen, plane, launched);
      if (c.move) moves.push(c.move);
      choices.push({ plane: c.plane, text: c.text, why: c.why });
      continue;
    }
    const c = air.get(plane.id);
    if (!c) continue;
    orders.plots[plane.id] = c.plot;
    orders.fire.push(...fireAll(seen, plane));
    choices.push({ plane: c.plane, plot: c.plot, text: c.text, why: c.why });
  }
  for (const u of activeUnits(seen).filter((x) => x.side === side && x.kind !== 'torpedo' && flies(x.id))) {
    const c = groundUnit(seen, u);
    if (c.move) moves.push(c.move);
    choices.push({ plane: c.plane, text: c.text, why: c.why });
  }
  if (moves.length) orders.moves = moves;
  return { orders, choices };
}
