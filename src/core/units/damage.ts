/**
 * What bombs do to trucks, tanks and ships (docs/ordnance.md "Damage"): a truck or tank hit is
 * wrecked; a ship takes each hit's damage points (the bomb's weight / the table's lbPerPoint) against
 * its card's hull points, losing top speed in proportion, and sinks when they are used up.
 */
import type { GameEvent, Phase } from '../events.ts';
import { hexLabel } from '../hex/coords.ts';
import { type BombingTable, type BombMethod, hitPermille } from '../ordnance/bombing-table.ts';
import type { GameState } from '../state.ts';
import { damagedMaxKnots, shipCardOf } from './ships.ts';
import type { UnitState } from './types.ts';

/** The size a bomb must land on (a vehicle grown by its wreck radius; without `wreck`, its own: a rocket must hit it), and whether it is aimed at as a still target. */
export function targetSize(
  state: GameState,
  table: BombingTable,
  u: UnitState,
  wreck = true,
): { lengthM: number; widthM: number; still: boolean } {
  if (u.kind === 'ship') {
    const f = shipCardOf(state, u).figures;
    return { lengthM: f.lengthM, widthM: f.beamM, still: (u.ship?.knots ?? 0) === 0 };
  }
  const v = table.vehicles[u.kind === 'tank' ? 'tank' : 'truck'];
  const grow = wreck ? 2 * v.wreckM : 0;
  return { lengthM: v.lengthM + grow, widthM: v.widthM + grow, still: true };
}

/** The unit a bomb is most likely to hit, with its chance in tenths of a percent. */
export function targetOf(
  state: GameState,
  table: BombingTable,
  units: UnitState[],
  method: BombMethod,
  altitudeFt: number,
): { unit: UnitState; chance: number } | undefined {
  let best: { unit: UnitState; chance: number } | undefined;
  for (const u of [...units].sort((a, b) => a.id.localeCompare(b.id))) {
    const chance = hitPermille(table, method, altitudeFt, targetSize(state, table, u));
    if (!best || chance > best.chance) best = { unit: u, chance };
  }
  return best;
}

export function applyUnitDamage(
  state: GameState,
  u: UnitState,
  hits: number,
  lb: number,
  table: BombingTable,
  by: string,
  base: { impulse: number; phase: Phase },
  events: GameEvent[],
): void {
  const at = { ...base, plane: u.id };
  if (u.kind !== 'ship') {
    u.status = 'destroyed';
    events.push({ ...at, type: 'unit-lost', how: 'destroyed', hex: hexLabel(u.hex), by });
    return;
  }
  const card = shipCardOf(state, u);
  const points = hits * Math.max(1, Math.floor(lb / table.lbPerPoint + 0.5));
  u.damage = (u.damage ?? 0) + points;
  const max = damagedMaxKnots(state, u);
  if (u.ship) {
    u.ship.knots = Math.min(u.ship.knots, max);
    u.ship.ordered = Math.min(u.ship.ordered, max);
  }
  events.push({
    ...at,
    type: 'unit-damage',
    points,
    taken: Math.min(u.damage, card.hullPoints),
    capacity: card.hullPoints,
    maxKnots: max,
    by,
  });
  if (u.damage >= card.hullPoints) {
    u.status = 'sunk';
    events.push({ ...at, type: 'unit-lost', how: 'sunk', hex: hexLabel(u.hex), by });
  }
}
