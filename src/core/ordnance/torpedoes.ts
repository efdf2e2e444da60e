/**
 * Torpedoes (seed 000 V.D, VIII; docs/ordnance.md "Torpedoes"). A plane with TORPEDO in its plot
 * drops it in its last active impulse (VIII.2), at or below 100 ft and no faster than the
 * torpedo's release speed (checked with the plot). The torpedo enters the hex straight ahead of the
 * plane at once (V.D.1), then one hex a turn in impulse 7 (V.D.2-3), facing as the plane faced,
 * until it enters a hex with a ship (V.D.2), leaves the map, or has run its range. Entering a
 * ship's hex, it is thrown for against the ship it is likeliest to hit, of either side (a torpedo
 * knows no flag), and is spent either way (V.D.4).
 *
 * A hit's damage takes effect in impulse 7, in phase B, the torpedoes' own step (V.D.5: "torpedo
 * damage becomes effective immediately, i.e. in impulse 7"): at once for a torpedo running in
 * impulse 7; for one that met the ship in the impulse it was dropped, not then (VIII.5: "results
 * of all attacks except torpedo attacks become effective in the impulse of release") but in the
 * next impulse 7: this turn's when dropped in impulses 1-6, next turn's when dropped in 7-12.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { hexEquals, hexLabel } from '../hex/coords.ts';
import { stepForward } from '../hex/flight.ts';
import type { FlightPlan } from '../movement/plan.ts';
import type { GameState, PlaneState } from '../state.ts';
import { applyUnitDamage } from '../units/damage.ts';
import { shipCardOf } from '../units/ships.ts';
import type { UnitState } from '../units/types.ts';
import { onMapHex } from '../units/walk.ts';
import type { BombingTable } from './bombing-table.ts';
import {
  RELEASE_MAX_ALT_FT,
  rangeHexes,
  releaseMaxTenths,
  torpedoPermille,
  type TorpedoTable,
} from './torpedo-table.ts';
import { DOC_REFS } from '../doc-refs.ts';
import type { Problem } from '../result.ts';

/** The plot's release limits (the plane's speed, its altitude when it drops). */
export function torpedoProblems(state: GameState, plane: PlaneState, plan: FlightPlan): Problem[] {
  const type = plane.torpedo ? state.torpedoes?.types[plane.torpedo] : undefined;
  if (!plan.torpedo || !type) return [];
  const out: Problem[] = [];
  const fastest = releaseMaxTenths(type);
  if (plane.speed > fastest) {
    out.push({
      code: 'E_TORPEDO_FAST',
      plane: plane.id,
      rule: 'seed 000 VIII',
      see: DOC_REFS.torpedoes,
      message: `${plane.id} is at speed ${(plane.speed / 10).toFixed(1)}; the ${type.name} is dropped at ${type.releaseMaxKt} knots at most, speed ${(fastest / 10).toFixed(1)}: brake this turn (K) and drop it next turn`,
    });
  }
  const alt = plane.altitude + plan.climbed - plan.dived;
  if (alt > RELEASE_MAX_ALT_FT) {
    out.push({
      code: 'E_TORPEDO_HIGH',
      plane: plane.id,
      rule: 'seed 000 VIII',
      see: DOC_REFS.torpedoes,
      message: `${plane.id} would drop its torpedo at ${alt} ft; it is dropped at ${RELEASE_MAX_ALT_FT} ft or lower: dive to ${RELEASE_MAX_ALT_FT} ft by the plot's last box`,
    });
  }
  return out;
}

export interface TorpedoContext {
  state: GameState;
  turn: number;
  impulse: number;
  dice: Dice;
  events: GameEvent[];
  /**
   * Replaying a turn resolved when a hit's damage took effect in the impulse of release, before
   * VIII.5 was followed (app/history/verify.ts): the damage is done at once, as it was then.
   */
  torpedoAtRelease?: boolean;
}

/** The plane drops its torpedo: a new counter in its hex, which runs into the hex ahead at once. */
export function dropTorpedo(ctx: TorpedoContext, plane: PlaneState): void {
  const { state } = ctx;
  const kind = plane.torpedo as string;
  const units = (state.units ??= []);
  let id = `${plane.id}T`;
  for (let n = 2; units.some((u) => u.id === id); n++) id = `${plane.id}T${n}`;
  const torpedo: UnitState = {
    id,
    side: plane.side,
    kind: 'torpedo',
    type: kind,
    hex: plane.hex,
    facing: plane.facing,
    nextRight: plane.nextRight,
    status: 'active',
    run: 0,
    launchedBy: plane.id,
  };
  units.push(torpedo);
  plane.loaded = false;
  delete plane.torpedo;
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'E',
    plane: plane.id,
    type: 'torpedo-drop',
    torpedo: id,
    kind,
    hex: hexLabel(plane.hex),
    facing: plane.facing,
    altitude: plane.altitude,
  });
  runTorpedo(ctx, torpedo, 'E');
}

/** One hex of a torpedo's run; then the ship it reaches, the map's edge or the end of its range. */
export function runTorpedo(ctx: TorpedoContext, u: UnitState, phase: 'B' | 'E'): void {
  const { state } = ctx;
  const table = state.torpedoes as TorpedoTable;
  const type = table.types[u.type];
  const base = { impulse: ctx.impulse, phase, plane: u.id };
  const next = stepForward({ hex: u.hex, facing: u.facing, nextRight: u.nextRight });
  ctx.events.push({
    impulse: ctx.impulse,
    phase,
    plane: u.id,
    type: 'unit-move',
    from: hexLabel(u.hex),
    to: hexLabel(next.hex),
    facing: next.facing,
  });
  u.hex = next.hex;
  u.nextRight = next.nextRight;
  u.run = (u.run ?? 0) + 1;
  const dropper = u.launchedBy ?? u.id;
  if (!onMapHex(state, next)) {
    u.status = 'exited';
    ctx.events.push({ impulse: ctx.impulse, phase, plane: u.id, type: 'unit-exit', hex: hexLabel(u.hex) });
    return;
  }
  const ships = (state.units ?? [])
    .filter((s) => s.kind === 'ship' && s.status === 'active' && hexEquals(s.hex, u.hex))
    .map((s) => ({
      s,
      chance: torpedoPermille(table, shipCardOf(state, s).figures.lengthM, (s.ship?.knots ?? 0) === 0),
    }))
    .sort((a, b) => b.chance - a.chance || a.s.id.localeCompare(b.s.id));
  const aim = ships[0];
  if (aim) {
    const roll = ctx.dice.roll(1000, { turn: ctx.turn, impulse: ctx.impulse, label: `torpedo:${u.id}` });
    const hit = roll <= aim.chance;
    u.status = 'spent';
    // VIII.5, V.D.5: met in the impulse of release, the hit waits for the next impulse 7's phase B
    // (in the two-phase game the second phase's impulse zero, which plays impulse 7, comes after).
    if (hit && phase === 'E' && !ctx.torpedoAtRelease) {
      const strikes = state.options.sequence === 'two-phase' || ctx.impulse < 7 ? 'this-turn' : 'next-turn';
      u.strike = { ship: aim.s.id, turn: ctx.turn, impulse: ctx.impulse };
      ctx.events.push({
        impulse: ctx.impulse,
        phase,
        plane: u.id,
        type: 'torpedo-run',
        target: aim.s.id,
        chance: aim.chance,
        roll,
        hit,
        by: dropper,
        strikes,
      });
      return;
    }
    ctx.events.push({
      impulse: ctx.impulse,
      phase,
      plane: u.id,
      type: 'torpedo-run',
      target: aim.s.id,
      chance: aim.chance,
      roll,
      hit,
      by: dropper,
    });
    if (hit) damageShip(ctx, aim.s, type?.weightLb ?? 0, dropper, base);
    return;
  }
  if (type && u.run >= rangeHexes(type)) {
    u.status = 'spent';
    ctx.events.push({
      impulse: ctx.impulse,
      phase,
      plane: u.id,
      type: 'unit-lost',
      how: 'spent',
      hex: hexLabel(u.hex),
      by: dropper,
    });
  }
}

function damageShip(
  ctx: TorpedoContext,
  ship: UnitState,
  lb: number,
  by: string,
  base: { impulse: number; phase: 'B' | 'E' },
): void {
  if (ctx.state.bombing)
    applyUnitDamage(ctx.state, ship, 1, lb, ctx.state.bombing as BombingTable, by, base, ctx.events);
}

/**
 * Impulse 7, phase B, before anything moves: the torpedoes that hit a ship in the impulse they were
 * dropped strike (VIII.5, V.D.5). A ship sunk or gone off the map in between takes nothing.
 */
export function strikeTorpedoes(ctx: TorpedoContext): void {
  const { state } = ctx;
  for (const u of state.units ?? []) {
    if (u.kind !== 'torpedo' || !u.strike) continue;
    const { ship: id, turn, impulse } = u.strike;
    delete u.strike;
    const ship = (state.units ?? []).find((s) => s.id === id);
    const by = u.launchedBy ?? u.id;
    const base = { impulse: ctx.impulse, phase: 'B' as const, plane: u.id };
    const gone = ship?.status === 'sunk' || ship?.status === 'exited' ? ship.status : undefined;
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'B' as const,
      plane: u.id,
      type: 'torpedo-strike',
      target: id,
      by,
      met: { turn, impulse },
      ...(gone ? { gone } : {}),
    });
    if (ship && ship.status === 'active')
      damageShip(ctx, ship, state.torpedoes?.types[u.type]?.weightLb ?? 0, by, base);
  }
}
