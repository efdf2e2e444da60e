/**
 * Phase E, bombs (seed 000 VIII; seed 001 rule (21)): a plane with BOMB in its plot releases its
 * load in its last active impulse of the turn (VIII.2: only in active impulses), over the hex it is
 * in then, and the result takes effect in that impulse (VIII.5). JETTISON drops the load unaimed in
 * its first active impulse. Either way it fires no fixed guns that turn (VIII.3, combat/shots.ts).
 *
 * - Method (rule (21)): dive bombing when the plot is a vertical dive (VD) and the plane is at or
 *   below 3,000 ft; level bombing by a bomber (two engines or more) that dived nothing this turn;
 *   glide bombing otherwise.
 * - Target: the enemy truck, tank or ship in the hex the bomb is most likely to hit (ties by id);
 *   with none there, the bombs fall on empty ground or sea.
 * - The load goes as bombs of at most the table's heaviest bomb; each is thrown for on a d1000
 *   against its chance (ordnance/bombing-table.ts); each hit does its weight in damage points
 *   (units/damage.ts).
 */
import { carriesBombs } from '../damage/state.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { hexEquals, hexLabel } from '../hex/coords.ts';
import { type FlightPlan, lastActive } from '../movement/plan.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import { applyUnitDamage, targetOf } from '../units/damage.ts';
import type { UnitState } from '../units/types.ts';
import type { BombingTable, BombMethod } from './bombing-table.ts';
import { dropTorpedo } from './torpedoes.ts';

const LEVEL_BOMBERS = new Set(['bomber2', 'bomber3', 'bomber4']);

export function bombMethod(state: GameState, plane: PlaneState, plan: FlightPlan): BombMethod {
  if (plan.mode === 'VD' && plane.altitude <= 3000) return 'dive';
  if (LEVEL_BOMBERS.has(cardOf(state, plane).class) && plan.dived === 0) return 'level';
  return 'glide';
}

/** The bombs of a load: as many as bombs of at most `maxLb` make it, of equal weight. */
export function bombsOf(loadLb: number, maxLb: number): { count: number; lb: number } {
  const count = Math.max(1, Math.ceil(loadLb / maxLb));
  return { count, lb: Math.round(loadLb / count) };
}

export interface BombContext {
  state: GameState;
  turn: number;
  impulse: number;
  plans: ReadonlyMap<string, FlightPlan>;
  dice: Dice;
  events: GameEvent[];
  /** A dry run (a forecast): nothing is dropped. */
  dry: boolean;
  /** A torpedo hit's damage at once, as turns resolved before seed 000 VIII.5 was followed (ordnance/torpedoes.ts). */
  torpedoAtRelease?: boolean;
}

const firstActive = (plan: FlightPlan): number => Math.min(...plan.steps.map((s) => s.impulse));

export function runBombPhase(ctx: BombContext): void {
  if (ctx.dry) return;
  for (const plane of ctx.state.planes) {
    const plan = ctx.plans.get(plane.id);
    if (!plan || !plan.steps.length || plane.status !== 'flying' || !carriesBombs(plane)) continue;
    if (plan.jettison && ctx.impulse === firstActive(plan)) {
      plane.loaded = false;
      ctx.events.push({
        impulse: ctx.impulse,
        phase: 'E' as const,
        plane: plane.id,
        type: 'jettison',
        hex: hexLabel(plane.hex),
      });
      continue;
    }
    if (plan.torpedo && plane.torpedo && ctx.impulse === lastActive(plan)) {
      dropTorpedo(ctx, plane);
      continue;
    }
    if (plan.bomb && ctx.impulse === lastActive(plan)) release(ctx, plane, plan);
  }
}

function release(ctx: BombContext, plane: PlaneState, plan: FlightPlan): void {
  const { state } = ctx;
  const card = cardOf(state, plane);
  const table = state.bombing as BombingTable | undefined;
  const method = bombMethod(state, plane, plan);
  const base = { impulse: ctx.impulse, phase: 'E' as const, plane: plane.id };
  const hex = hexLabel(plane.hex);
  const { count, lb } = bombsOf(card.figures.bombLoadLb, table?.bombMaxLb ?? 1100);
  plane.loaded = false;
  const enemies = (state.units ?? []).filter(
    (u) => u.status === 'active' && u.kind !== 'torpedo' && u.side !== plane.side && hexEquals(u.hex, plane.hex),
  );
  const aim = table ? targetOf(state, table, enemies, method, plane.altitude) : undefined;
  if (!aim || !table) {
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'E' as const,
      plane: plane.id,
      type: 'bomb',
      method,
      hex,
      altitude: plane.altitude,
      bombs: count,
      lb,
      target: null,
      chance: 0,
      rolls: [],
      hits: 0,
    });
    return;
  }
  const rolls: number[] = [];
  for (let i = 1; i <= count; i++)
    rolls.push(ctx.dice.roll(1000, { turn: ctx.turn, impulse: ctx.impulse, label: `bomb:${plane.id}:${i}` }));
  const hits = rolls.filter((r) => r <= aim.chance).length;
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'E' as const,
    plane: plane.id,
    type: 'bomb',
    method,
    hex,
    altitude: plane.altitude,
    bombs: count,
    lb,
    target: aim.unit.id,
    chance: aim.chance,
    rolls,
    hits,
  });
  if (hits) applyUnitDamage(state, aim.unit as UnitState, hits, lb, table, plane.id, base, ctx.events);
}
