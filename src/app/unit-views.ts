/**
 * The mails' words for trucks, tanks and ships (seed 000 V, core/units): where each is and what it
 * may do next turn, read with the rules' own planners so that what a mail promises is what the
 * referee accepts.
 */
import { hexLabel, toColRow } from '../core/hex/coords.ts';
import { facingCompass } from '../core/hex/facing.ts';
import type { GameState } from '../core/state.ts';
import { terrainAt } from '../core/terrain.ts';
import { shipCardOf } from '../core/units/ships.ts';
import { HEX_KNOT_TENTHS, type UnitState } from '../core/units/types.ts';
import { wrapText } from '../report/wrap.ts';
import { resolveTurn } from '../core/turn.ts';
import type { MoveOrder } from '../orders/ast.ts';

const clock = (f: number): string => `${f === 0 ? 12 : f} (${facingCompass(f)})`;

function terrainWord(state: GameState, u: UnitState): string {
  const { col, row } = toColRow(u.hex);
  return terrainAt(state.map.terrain, col, row) ?? 'land';
}

const onRoad = (t: string): boolean => t === 'road' || t === 'airfield';

/** What the unit may do in the turn about to be played, in one sentence, with an example line. */
export function unitNeeds(state: GameState, u: UnitState): string {
  const t = terrainWord(state, u);
  if (u.kind === 'truck') {
    return onRoad(t)
      ? `${u.id} (truck, on a road): 2 movement points, in impulses 4 and 9: F enters the hex ahead, L or R turns a hexside, - waits; e.g. MOVE ${u.id} F F. Without a MOVE line it stays.`
      : `${u.id} (truck, off road): 1 movement point, in impulse 7: MOVE ${u.id} F, L or R. Without a MOVE line it stays.`;
  }
  if (u.kind === 'tank') {
    const point = onRoad(t) ? 'on a road: 1 movement point' : state.turn % 2 === 0 ? 'off road, even turn: 1 movement point' : 'off road, odd turn: no movement point';
    return `${u.id} (tank, ${point}) in impulse 7, and one free turn of a hexside before or after moving; e.g. MOVE ${u.id} ${onRoad(t) || state.turn % 2 === 0 ? 'F R' : 'L'}. Without a MOVE line it stays.`;
  }
  const card = shipCardOf(state, u);
  const way = u.ship ?? { knots: 0, ordered: 0, way: 0, since: 0 };
  const hexes = Math.floor((way.way + way.knots * 10) / HEX_KNOT_TENTHS);
  const canTurn = way.since + hexes >= card.turnMode;
  const moves = hexes === 0 ? 'enters no hex this turn' : `enters ${hexes === 1 ? 'a hex' : `${hexes} hexes`} in impulse 7`;
  const turn = canTurn ? `it may turn 30 degrees after moving (MOVE ${u.id} TL or TR)` : `it cannot turn this turn (it turns every ${card.turnMode} hex${card.turnMode === 1 ? '' : 'es'})`;
  return `${u.id} (${card.name}, ${way.knots} knots): ${moves}; ${turn}; a new speed, e.g. MOVE ${u.id} ${Math.min(card.maxKnots, way.knots + 5)}KT, is reached at ${card.accelKnots} knot${card.accelKnots === 1 ? '' : 's'} a turn (top speed ${card.maxKnots}). Without a MOVE line it holds its course and speed.`;
}

/** A unit's sheet: where it is, and (unless the game is over) what it may do next turn. */
export function unitSheet(state: GameState, u: UnitState, next = true): string {
  const side = state.sides[u.side]?.name ?? u.side;
  const what = u.kind === 'ship' ? shipCardOf(state, u).name : u.kind;
  const lines = [`${u.id} (${what}, ${side})${u.status === 'active' ? '' : `: ${u.status.toUpperCase()}`}`];
  const speed = u.ship ? `, ${u.ship.knots} knots${u.ship.ordered !== u.ship.knots ? ` (rung down: ${u.ship.ordered})` : ''}` : '';
  lines.push(`  hex ${hexLabel(u.hex)} (${terrainWord(state, u)}), facing ${clock(u.facing)}${speed}`);
  if (next && u.status === 'active') lines.push(`  ${unitNeeds(state, u)}`);
  return wrapText(lines.join('\n'), 78, 4);
}

/**
 * What the player's trucks, tanks and ships will do with these orders, one line each, for the
 * acknowledgement: flown alone, with nothing thrown (units' movement depends on no one else).
 */
export function unitPreviews(state: GameState, moves: readonly MoveOrder[], ids: readonly string[]): string[] {
  const mine = (state.units ?? []).filter((u) => ids.includes(u.id) && u.status === 'active');
  if (!mine.length) return [];
  const r = resolveTurn({ ...state, planes: [], units: mine }, { plots: {}, fire: [], moves: [...moves] }, undefined, { dry: true });
  if (!r.ok) return [];
  return mine.map((u) => {
    const parts: string[] = [];
    for (const e of r.value.events) {
      if (e.plane !== u.id) continue;
      if (e.type === 'unit-move') parts.push(`impulse ${e.impulse}: ${e.from} -> ${e.to}`);
      else if (e.type === 'unit-turn') parts.push(`impulse ${e.impulse}: turns to face ${clock(e.to)}`);
      else if (e.type === 'unit-exit') parts.push(`LEAVES THE MAP at ${e.hex}`);
      else if (e.type === 'unit-stop') parts.push(`impulse ${e.impulse}: STOPS short of land in ${e.ahead}`);
      else if (e.type === 'ship-speed') parts.push(`next turn ${e.to} knots${e.to !== e.ordered ? ` (working up to ${e.ordered})` : ''}`);
    }
    return `${u.id}: ${parts.length ? parts.join('; ') : 'stays where it is'}.`;
  });
}
