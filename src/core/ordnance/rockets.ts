/**
 * Phase E, air-to-ground rockets (seed 000 VIII: released only in active impulses, results at once;
 * docs/ordnance.md "Rockets"): a plane whose plot has ROCKETS fires its whole load, a salvo, in its
 * last active impulse, at the first enemy truck, tank or ship straight ahead of its nose within the
 * table's range (its own hex is under it, not ahead), from the table's altitude or lower. Each
 * rocket is a d1000 against its chance at that range (ordnance/rocket-table.ts); each hit does a
 * warhead's damage (units/damage.ts: a vehicle is wrecked, a ship takes a point). With nothing in
 * reach, or flying too high, the plane holds its rockets and the report says why. It fires no
 * fixed guns that turn (VIII.3, combat/fire-phase.ts).
 */
import type { GameEvent } from '../events.ts';
import { hexEquals, hexLabel } from '../hex/coords.ts';
import { stepForward } from '../hex/flight.ts';
import { type FlightPlan, lastActive } from '../movement/plan.ts';
import type { GameState } from '../state.ts';
import type { Dice } from '../dice.ts';
import { applyUnitDamage, targetSize } from '../units/damage.ts';
import type { UnitState } from '../units/types.ts';
import type { BombingTable } from './bombing-table.ts';
import { type RocketTable, rocketPermille } from './rocket-table.ts';

export interface RocketContext {
  state: GameState;
  turn: number;
  impulse: number;
  plans: ReadonlyMap<string, FlightPlan>;
  dice: Dice;
  events: GameEvent[];
  dry: boolean;
}

export function runRocketPhase(ctx: RocketContext): void {
  if (ctx.dry) return;
  const { state } = ctx;
  const table = state.rocketTable as RocketTable | undefined;
  const bombing = state.bombing as BombingTable | undefined;
  for (const p of state.planes) {
    const plan = ctx.plans.get(p.id);
    if (
      !plan?.rockets ||
      !plan.steps.length ||
      p.status !== 'flying' ||
      !p.rocketLoad ||
      ctx.impulse !== lastActive(plan) ||
      !table ||
      !bombing
    )
      continue;
    const carrier = table.carriers[p.type];
    const kind = carrier ? (table.types[carrier.type]?.name ?? carrier.type) : 'rockets';
    const base = { impulse: ctx.impulse, phase: 'E' as const, plane: p.id };
    const hold = (why: string): void => {
      ctx.events.push({
        impulse: ctx.impulse,
        phase: 'E' as const,
        plane: p.id,
        type: 'ground-rockets',
        hex: hexLabel(p.hex),
        altitude: p.altitude,
        rockets: p.rocketLoad ?? 0,
        kind,
        target: null,
        range: 0,
        chance: 0,
        rolls: [],
        hits: 0,
        why,
      });
    };
    if (p.altitude > table.maxAltitudeFt) {
      hold(
        `at ${p.altitude} ft it is too high: rockets are fired from ${table.maxAltitudeFt} ft or lower; it holds them`,
      );
      continue;
    }
    // The first hex ahead with an enemy unit in it, within range; in it, the likeliest target.
    let pos = { hex: p.hex, facing: p.facing, nextRight: p.nextRight };
    let aim: { unit: UnitState; range: number; chance: number } | undefined;
    for (let r = 1; r <= table.maxRangeHexes && !aim; r++) {
      pos = stepForward(pos);
      const there = (state.units ?? []).filter(
        (u) => u.status === 'active' && u.kind !== 'torpedo' && u.side !== p.side && hexEquals(u.hex, pos.hex),
      );
      for (const u of there.sort((a, b) => a.id.localeCompare(b.id))) {
        // A rocket must hit its target: a vehicle's own size, no wreck radius (units/damage.ts).
        const s = targetSize(state, bombing, u, false);
        const chance = rocketPermille(table, r, s.lengthM, s.widthM);
        if (!aim || chance > aim.chance) aim = { unit: u, range: r, chance };
      }
    }
    if (!aim) {
      hold(`no enemy truck, tank or ship within ${table.maxRangeHexes} hexes straight ahead; it holds them`);
      continue;
    }
    const rockets = p.rocketLoad;
    const rolls: number[] = [];
    for (let i = 1; i <= rockets; i++)
      rolls.push(ctx.dice.roll(1000, { turn: ctx.turn, impulse: ctx.impulse, label: `rocket:${p.id}:${i}` }));
    const hits = rolls.filter((r) => r <= aim.chance).length;
    p.rocketLoad = 0;
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'E' as const,
      plane: p.id,
      type: 'ground-rockets',
      hex: hexLabel(p.hex),
      altitude: p.altitude,
      rockets,
      kind,
      target: aim.unit.id,
      range: aim.range,
      chance: aim.chance,
      rolls,
      hits,
    });
    const warhead = carrier ? (table.types[carrier.type]?.warheadLb ?? 60) : 60;
    if (hits) applyUnitDamage(state, aim.unit, hits, warhead, bombing, p.id, base, ctx.events);
  }
}
