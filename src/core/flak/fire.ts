/**
 * Flak (seed 000 phase D, "as per the regular game"; docs/flak.md): trucks, tanks and ships with
 * anti-aircraft guns fire three volleys a turn, in the firing phase of impulses 4, 8 and 12, after
 * the planes' own fire.
 *
 * - A unit fires at every enemy plane in the air within its guns' reach (slant range: the hexes
 *   between them at 178.8 m, and the plane's altitude). A gun's rounds are split evenly among the
 *   planes in its reach, so a crowd of attackers thins each plane's share of the fire.
 * - A ship bears half its barrels on any one plane (table shipBearing); a vehicle all of them.
 * - Each volley at a plane is one d1000 throw against the chance of a kill (flak/table.ts). A hit
 *   shoots the plane down; it bails out as any other (seed 000 IX). A chance under 0.05 % is not
 *   thrown.
 * - A dry run (a forecast) fires no flak: the dice are the turn's own.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { distance } from '../hex/coords.ts';
import type { GameState, PlaneState } from '../state.ts';
import type { UnitState } from '../units/types.ts';
import { FLAK_IMPULSES, type FlakMount, flakPermille, volleyChance } from './table.ts';
import { shootDown } from '../combat/apply.ts';

/** A hex is 178.8 m across (docs/ships.md "The scale"); a foot 0.3048 m. */
const HEX_M = 178.8;
const FOOT_M = 0.3048;

export interface FlakContext {
  state: GameState;
  turn: number;
  impulse: number;
  dice: Dice;
  events: GameEvent[];
}

/** The guns a unit fires with: its own (trucks, tanks) or its card's (ships). */
export function flakMounts(state: GameState, u: UnitState): readonly FlakMount[] {
  if (u.kind === 'ship') return state.ships?.[u.type]?.flak?.mounts ?? [];
  return u.flak ?? [];
}

/** A unit's guns in words ("1 x 40 mm Bofors L/60 (Army)"), or undefined when it has none. */
export function flakText(state: GameState, u: UnitState): string | undefined {
  const mounts = flakMounts(state, u);
  return mounts.length
    ? mounts.map((m) => `${m.barrels} x ${state.flak?.guns[m.gun]?.name ?? m.gun}`).join(', ')
    : undefined;
}

/** Slant range from a unit to a plane, metres. */
export function slantM(u: UnitState, p: PlaneState): number {
  return Math.hypot(distance(u.hex, p.hex) * HEX_M, p.altitude * FOOT_M);
}

export function runFlakPhase(ctx: FlakContext): void {
  const { state } = ctx;
  const table = state.flak;
  if (!table || !FLAK_IMPULSES.includes(ctx.impulse)) return;
  const gunners = (state.units ?? []).filter(
    (u) => u.status === 'active' && u.kind !== 'torpedo' && flakMounts(state, u).length,
  );
  for (const u of [...gunners].sort((a, b) => a.id.localeCompare(b.id))) {
    const mounts = flakMounts(state, u);
    const bearing = u.kind === 'ship' ? table.shipBearing : 1;
    // The planes in the air of other sides, as they are when the volley is fired.
    const enemies = state.planes
      .filter((p) => p.status === 'flying' && !p.ground && p.side !== u.side)
      .sort((a, b) => a.id.localeCompare(b.id));
    const slant = new Map(enemies.map((p) => [p.id, slantM(u, p)]));
    const reach = (m: FlakMount): number => table.guns[m.gun]?.reachM ?? 0;
    // Each mount's rounds are split among the planes in its reach.
    const shares = new Map(
      mounts.map((m) => [m, enemies.filter((p) => (slant.get(p.id) as number) <= reach(m)).length]),
    );
    for (const p of enemies) {
      const r = slant.get(p.id) as number;
      const guns = mounts
        .filter((m) => table.guns[m.gun] && r <= reach(m))
        .map((m) => `${m.barrels} x ${table.guns[m.gun]?.name}`);
      const chance = flakPermille(volleyChance(table, table.kM2, mounts, r, bearing, (m) => shares.get(m) ?? 1));
      if (!guns.length || chance < 1) continue;
      const roll = ctx.dice.roll(1000, { turn: ctx.turn, impulse: ctx.impulse, label: `flak:${u.id}>${p.id}` });
      const hit = roll <= chance;
      ctx.events.push({
        impulse: ctx.impulse,
        phase: 'D',
        plane: u.id,
        type: 'flak',
        target: p.id,
        range: distance(u.hex, p.hex),
        altitude: p.altitude,
        slantM: Math.round(r),
        guns,
        chance,
        roll,
        hit,
      });
      if (hit) shootDown(ctx, p, [u.id], 'hit by flak');
    }
  }
}
