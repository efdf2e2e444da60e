/**
 * Ships (seed 000 V.C): every ship moves in impulse 7 only, forward movement before its turn. Speed
 * and turning come from the ship's card (data/ships, docs/ships.md):
 *
 * - A ship runs its speed in knots every turn; one hex a turn is 40 mph, 34.8 knots (docs/ships.md),
 *   so it enters a hex each time its way reaches 348 knot-tenths: a 30-knot carrier enters a hex in
 *   about 6 turns of 7. The way left over is carried to the next turn.
 * - It turns 30 degrees (TL, TR) after its movement, once it has entered `turnMode` hexes since its
 *   last turn (its tactical diameter); one turn a turn at most; not when stopped. A ship starts the
 *   game free to turn (it has been steaming on its course).
 * - `<n>KT` rings down a new speed (a standing order): the ship gains or loses at most its card's
 *   `accelKnots` a turn, from the next turn on (seed 000 X.C: speed changes apply the turn after).
 * - A ship does not enter land: without orders it stops short of the coast (its way lost, speed rung
 *   down to 0); an order that would take it aground is refused. A ship that leaves the map is gone.
 */
import type { MoveOrder } from '../../orders/ast.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import type { GameState } from '../state.ts';
import { HEX_KNOT_TENTHS, type ShipCard, type ShipWay, type UnitState } from './types.ts';
import { applyStep, hexName, onMapHex, positionOf, problem, terrainOf, type UnitAction } from './walk.ts';

export interface ShipPlan {
  unit: string;
  actions: UnitAction[];
  /** The way after this turn, applied at its end. */
  after: ShipWay;
  /** Set when the ship stops short of land (no orders took it there). */
  aground?: string;
}

export function shipCardOf(state: GameState, u: UnitState): ShipCard {
  const c = state.ships?.[u.type];
  if (!c) throw new Error(`no ship card '${u.type}' in the game state`);
  return c;
}

/** A ship's top speed now, knots: the card's, less the share of its hull points lost (docs/ordnance.md "Damage"). */
export function damagedMaxKnots(state: GameState, u: UnitState): number {
  const card = shipCardOf(state, u);
  return Math.floor(card.maxKnots * Math.max(0, 1 - (u.damage ?? 0) / card.hullPoints));
}

/** Knots after one turn's change toward the ordered speed. */
export const nextKnots = (way: ShipWay, accel: number): number =>
  way.knots + Math.max(-accel, Math.min(accel, way.ordered - way.knots));

/**
 * Why a ship may not turn this turn (seed 000 V.C): stopped, it has no way on; or it has not yet
 * run its card's `turnMode` hexes since its last turn (`since`, with `way` knot-tenths left over).
 */
function turnRefused(state: GameState, u: UnitState, card: ShipCard, since: number, way: number): Problem | undefined {
  const way0 = u.ship as ShipWay;
  if (way0.knots === 0)
    return problem(
      u.id,
      'E_SHIP_TURN',
      `${u.id} is stopped: a ship turns only with way on; ring down a speed (e.g. ${Math.min(card.maxKnots, card.accelKnots * 5)}KT) and turn from the next turn`,
    );
  if (since < card.turnMode) {
    const perTurn = way0.knots * 10;
    const need = card.turnMode - since;
    const when = perTurn > 0 ? Math.ceil((need * HEX_KNOT_TENTHS - way) / perTurn) : null;
    return problem(
      u.id,
      'E_SHIP_TURN',
      `${u.id} cannot turn this turn: it will have run ${since} hex${since === 1 ? '' : 'es'} since its last turn, and the ${card.name} turns 30 degrees every ${card.turnMode} hex${card.turnMode === 1 ? '' : 'es'}${when !== null ? `; at ${way0.knots} knots it can turn on turn ${state.turn + when}` : '; it is stopped and cannot turn until it has way on'}`,
    );
  }
  return undefined;
}

export function planShip(state: GameState, u: UnitState, order: MoveOrder | undefined): Result<ShipPlan, Problem[]> {
  const card = shipCardOf(state, u);
  const way0 = u.ship as ShipWay;
  const problems: Problem[] = [];
  const steps = order?.steps ?? [];
  const odd = steps.filter((s) => s !== 'TL' && s !== 'TR');
  if (odd.length)
    problems.push(
      problem(
        u.id,
        'E_UNIT_STEP',
        `${u.id} is a ship: it runs its speed on its own in impulse 7; give it TL or TR to turn 30 degrees and a speed such as ${card.maxKnots}KT (${odd.join(' ')} is for trucks and tanks, or planes on the ground)`,
      ),
    );
  const turns = steps.filter((s) => s === 'TL' || s === 'TR');
  if (turns.length > 1)
    problems.push(
      problem(
        u.id,
        'E_SHIP_TURN',
        `${u.id} turns at most once a turn (30 degrees, after it moves); write one TL or TR`,
      ),
    );
  const max = damagedMaxKnots(state, u);
  if (order?.knots !== undefined && order.knots > max) {
    problems.push(
      problem(
        u.id,
        'E_SHIP_SPEED',
        `${u.id} (${card.name}) makes at most ${max} knots${max < card.maxKnots ? ` with its damage (${u.damage} of ${card.hullPoints} points)` : ''}; ${order.knots}KT is faster`,
      ),
    );
  }
  if (problems.length) return err(problems);
  // Impulse 7: forward movement first (V.C.2), then the turn.
  const actions: UnitAction[] = [];
  let pos = positionOf(u);
  let way = way0.way + way0.knots * 10;
  let since = way0.since;
  let aground: string | undefined;
  while (way >= HEX_KNOT_TENTHS && onMapHex(state, pos)) {
    const next = applyStep(pos, 'F');
    if (onMapHex(state, next) && terrainOf(state, next) !== 'sea') {
      if (order)
        return err([
          problem(
            u.id,
            'E_UNIT_TERRAIN',
            `${u.id} would run aground: the hex ahead, ${hexName(next)}, is ${terrainOf(state, next)}; turn away (TL or TR) earlier or ring down 0KT`,
          ),
        ]);
      aground = hexName(next);
      way = 0;
      break;
    }
    way -= HEX_KNOT_TENTHS;
    since++;
    actions.push({ impulse: 7, step: 'F' });
    pos = next;
  }
  const turn = turns[0];
  if (turn && onMapHex(state, pos)) {
    const refused = turnRefused(state, u, card, since, way);
    if (refused) return err([refused]);
    actions.push({ impulse: 7, step: turn as 'TL' | 'TR' });
    since = 0;
  }
  const ordered = aground ? 0 : (order?.knots ?? way0.ordered);
  const after: ShipWay = { knots: aground ? 0 : nextKnots({ ...way0, ordered }, card.accelKnots), ordered, way, since };
  return ok({ unit: u.id, actions, after, ...(aground ? { aground } : {}) });
}
