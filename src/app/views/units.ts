/**
 * The mails' words for trucks, tanks and ships (seed 000 V, core/units): where each is and what it
 * may do next turn, read with the rules' own planners so that what a mail promises is what the
 * referee accepts.
 */
import { flakText } from '../../core/flak/fire.ts';
import { hexLabel } from '../../core/hex/coords.ts';
import { facingText } from '../../core/hex/facing.ts';
import type { GameState } from '../../core/state.ts';
import { planShip, shipCardOf } from '../../core/units/ships.ts';
import type { UnitState } from '../../core/units/types.ts';
import { isRoad, positionOf, terrainOf } from '../../core/units/walk.ts';
import { wrapText } from '../../report/wrap.ts';
import { resolveTurn } from '../../core/turn.ts';
import type { MoveOrder } from '../../orders/ast.ts';

/** What the unit may do in the turn about to be played, in one sentence, with an example line. */
export function unitNeeds(state: GameState, u: UnitState): string {
  const road = isRoad(terrainOf(state, positionOf(u)));
  if (u.kind === 'truck') {
    return road
      ? `${u.id} (truck, on a road): 2 movement points, in impulses 4 and 9: F enters the hex ahead, L or R turns a hexside, - waits; e.g. MOVE ${u.id} F F. Without a MOVE line it stays.`
      : `${u.id} (truck, off road): 1 movement point, in impulse 7: MOVE ${u.id} F, L or R. Without a MOVE line it stays.`;
  }
  if (u.kind === 'tank') {
    const point = road
      ? 'on a road: 1 movement point'
      : state.turn % 2 === 0
        ? 'off road, even turn: 1 movement point'
        : 'off road, odd turn: no movement point';
    return `${u.id} (tank, ${point}) in impulse 7, and one free turn of a hexside before or after moving; e.g. MOVE ${u.id} ${road || state.turn % 2 === 0 ? 'F R' : 'L'}. Without a MOVE line it stays.`;
  }
  const card = shipCardOf(state, u);
  const way = u.ship ?? { knots: 0, ordered: 0, way: 0, since: 0 };
  // What the ship's own planner (core/units/ships.ts) makes of no orders, and of a turn.
  const course = planShip(state, u, undefined);
  const hexes = course.ok ? course.value.actions.filter((a) => a.step === 'F').length : 0;
  const canTurn =
    planShip(state, u, { unit: u.id, steps: ['TR'] }).ok || planShip(state, u, { unit: u.id, steps: ['TL'] }).ok;
  const moves =
    hexes === 0 ? 'enters no hex this turn' : `enters ${hexes === 1 ? 'a hex' : `${hexes} hexes`} in impulse 7`;
  const turn = canTurn
    ? `it may turn 30 degrees after moving (MOVE ${u.id} TL or TR)`
    : way.knots === 0
      ? 'it is stopped, and turns only with way on'
      : `it cannot turn this turn (it turns every ${card.turnMode} hex${card.turnMode === 1 ? '' : 'es'})`;
  return `${u.id} (${card.name}, ${way.knots} knots): ${moves}; ${turn}; a new speed, e.g. MOVE ${u.id} ${Math.min(card.maxKnots, way.knots + 5)}KT, is reached at ${card.accelKnots} knot${card.accelKnots === 1 ? '' : 's'} a turn (top speed ${card.maxKnots}). Without a MOVE line it holds its course and speed.`;
}

/** A unit's sheet: where it is, and (unless the game is over) what it may do next turn. */
export function unitSheet(state: GameState, u: UnitState, next = true): string {
  const side = state.sides[u.side]?.name ?? u.side;
  const what = u.kind === 'ship' ? shipCardOf(state, u).name : u.kind;
  const lines = [`${u.id} (${what}, ${side})${u.status === 'active' ? '' : `: ${u.status.toUpperCase()}`}`];
  const speed = u.ship
    ? `, ${u.ship.knots} knots${u.ship.ordered !== u.ship.knots ? ` (rung down: ${u.ship.ordered})` : ''}`
    : '';
  lines.push(`  hex ${hexLabel(u.hex)} (${terrainOf(state, positionOf(u))}), facing ${facingText(u.facing)}${speed}`);
  const guns = flakText(state, u);
  if (guns) lines.push(`  flak: ${guns} (fires in impulses 4, 8 and 12 at enemy planes in reach)`);
  if (next && u.status === 'active') lines.push(`  ${unitNeeds(state, u)}`);
  return wrapText(lines.join('\n'), 78, 4);
}

/** Where each of the player's trucks, tanks and ships is, sunk and wrecked ones too: the mails' sheets. */
export const unitSheets = (state: GameState, ids: readonly string[]): string[] =>
  (state.units ?? []).filter((u) => ids.includes(u.id)).map((u) => unitSheet(state, u, false));

/**
 * What the player's trucks, tanks and ships will do with these orders, one line each, for the
 * acknowledgement: flown alone, with nothing thrown (units' movement depends on no one else).
 */
export function unitPreviews(state: GameState, moves: readonly MoveOrder[], ids: readonly string[]): string[] {
  const mine = (state.units ?? []).filter((u) => ids.includes(u.id) && u.status === 'active');
  if (!mine.length) return [];
  // The units' own MOVE lines: those of planes on the ground are not theirs to fly.
  const unitIds = new Set(mine.map((u) => u.id));
  const r = resolveTurn(
    { ...state, planes: [], units: mine },
    { plots: {}, fire: [], moves: moves.filter((m) => unitIds.has(m.unit.toUpperCase())) },
    undefined,
    { dry: true },
  );
  if (!r.ok) return [];
  return mine.map((u) => {
    const parts: string[] = [];
    for (const e of r.value.events) {
      if (e.plane !== u.id) continue;
      if (e.type === 'unit-move') parts.push(`impulse ${e.impulse}: ${e.from} -> ${e.to}`);
      else if (e.type === 'unit-turn') parts.push(`impulse ${e.impulse}: turns to face ${facingText(e.to)}`);
      else if (e.type === 'unit-exit') parts.push(`LEAVES THE MAP at ${e.hex}`);
      else if (e.type === 'unit-stop') parts.push(`impulse ${e.impulse}: STOPS short of land in ${e.ahead}`);
      else if (e.type === 'ship-speed')
        parts.push(`next turn ${e.to} knots${e.to !== e.ordered ? ` (working up to ${e.ordered})` : ''}`);
    }
    return `${u.id}: ${parts.length ? parts.join('; ') : 'stays where it is'}.`;
  });
}
