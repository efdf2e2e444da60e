/**
 * Spotting (seed 000 IV.1; docs/spotting.md), in a game with fog of war (scenario `fog`):
 *
 * - What a side has identified it keeps: `state.fog.spotted[side]`, enemy counters' ids.
 * - Phase A of every impulse: every counter within the table's autoHexes of a counter of a side
 *   (a plane in the air, or an active truck, tank or ship) is seen by that side, without a roll.
 * - Phase A of impulse 7: each plane in the air makes one attempt (IV.1), at the enemy counter not
 *   yet identified by its side that is easiest to see (nearest on ties, then by id): one d6 at or
 *   under the number needed (spotting/table.ts). A cloud layer between them blocks the attempt.
 * - At the end of every impulse: a plane or unit that fired at, bombed or torpedoed a counter of a
 *   side, or shot at one with flak, is seen by that side (its muzzle flashes and tracers give it
 *   away).
 * - A dry run (a forecast) throws no die and spots nothing new.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { distance, type Hex } from '../hex/coords.ts';
import { cardOf, type FogState, type GameState } from '../state.ts';
import { terrainOf } from '../units/walk.ts';
import { needsFor, type SpottingTable } from './table.ts';
import { spottingBonus } from '../pilots/quality.ts';

/** A counter as the spotting rules see it. */
interface Counter {
  id: string;
  side: string;
  hex: Hex;
  altitude: number;
  size: keyof SpottingTable['size'];
  air: boolean;
  keen?: boolean;
}

function counters(state: GameState): Counter[] {
  const planes = state.planes
    .filter((p) => p.status === 'flying')
    .map(
      (p): Counter => ({
        id: p.id,
        side: p.side,
        hex: p.hex,
        altitude: p.altitude,
        air: !p.ground,
        keen: spottingBonus(p.pilot) > 0,
        size: ['bomber2', 'bomber3', 'bomber4', 'fighter2'].includes(cardOf(state, p).class) ? 'multiEngine' : 'plane',
      }),
    );
  const units = (state.units ?? [])
    .filter((u) => u.status === 'active' && u.kind !== 'torpedo')
    .map(
      (u): Counter => ({
        id: u.id,
        side: u.side,
        hex: u.hex,
        altitude: 0,
        air: false,
        size: u.kind === 'ship' ? 'ship' : 'vehicle',
      }),
    );
  return [...planes, ...units];
}

/** Whether `side` sees counter `id` now: its own, anything identified, everything without fog. */
export function sees(state: GameState, side: string, id: string): boolean {
  const fog = state.fog as FogState | undefined;
  if (!fog) return true;
  const own = state.planes.find((p) => p.id === id)?.side ?? state.units?.find((u) => u.id === id)?.side;
  if (own === side) return true;
  // A torpedo is seen with the plane that dropped it.
  const u = state.units?.find((x) => x.id === id);
  if (u?.kind === 'torpedo' && u.launchedBy && fog.spotted[side]?.includes(u.launchedBy)) return true;
  return !!fog.spotted[side]?.includes(id);
}

function mark(fog: FogState, side: string, id: string): boolean {
  const list = (fog.spotted[side] ??= []);
  if (list.includes(id)) return false;
  list.push(id);
  list.sort();
  return true;
}

const range = (t: SpottingTable, a: Counter, b: Counter): number =>
  distance(a.hex, b.hex) + Math.round(Math.abs(a.altitude - b.altitude) / t.feetPerHex);

/** Whether a cloud layer lies between two altitudes (one above the tops, the other below the base). */
const clouded = (fog: FogState, a: number, b: number): boolean =>
  !!fog.cloud && ((a > fog.cloud.tops && b < fog.cloud.base) || (b > fog.cloud.tops && a < fog.cloud.base));

/** The number a spotter needs to identify a target (0: it cannot). */
export function spotNeeds(state: GameState, fog: FogState, spotter: Counter, target: Counter): number {
  const t = fog.table;
  if (clouded(fog, spotter.altitude, target.altitude)) return 0;
  let mods = t.size[target.size];
  if (
    target.air &&
    spotter.altitude - target.altitude >= t.lowOverLand.feet &&
    terrainOf(state, { hex: target.hex, facing: 0, nextRight: true }) !== 'sea'
  )
    mods += t.lowOverLand.mod;
  if (fog.sun !== undefined && target.altitude > spotter.altitude && upSun(spotter.hex, target.hex, fog.sun))
    mods += t.upSun;
  const needs = needsFor(t, range(t, spotter, target), mods);
  // Keen eyesight (seed 002 9.1.10, core/pilots): one more, when the target can be seen at all.
  return needs > 0 && spotter.keen ? Math.min(6, needs + 1) : needs;
}

/** Whether `to` lies within one clock hour of `sun` as seen from `from` (a hex bearing). */
function upSun(from: Hex, to: Hex, sun: number): boolean {
  const dq = to.q - from.q;
  const dr = to.r - from.r;
  if (!dq && !dr) return false;
  // Axial to screen: x = 3/2 q, y = sqrt3 (r + q/2); the clock's 0 is the map top (y decreasing).
  const x = 1.5 * dq;
  const y = Math.sqrt(3) * (dr + dq / 2);
  const clock = ((Math.atan2(x, -y) * 6) / Math.PI + 12) % 12;
  const off = Math.abs(((clock - sun + 18) % 12) - 6);
  return off <= 1;
}

export interface SpotContext {
  state: GameState;
  turn: number;
  impulse: number;
  dice: Dice;
  events: GameEvent[];
  dry: boolean;
  /** The attempts of the turn: in impulse 7 (the default), or when the two-phase sequence says (core/two-phase). */
  attempts?: boolean;
}

/** Phase A: sight within autoHexes every impulse; each plane's attempt in impulse 7. */
export function runSpottingPhase(ctx: SpotContext): void {
  const fog = ctx.state.fog as FogState | undefined;
  if (!fog || ctx.dry) return;
  const all = counters(ctx.state);
  for (const a of all) {
    for (const b of all) {
      if (a.side === b.side || distance(a.hex, b.hex) > fog.table.autoHexes || sees(ctx.state, a.side, b.id)) continue;
      if (clouded(fog, a.altitude, b.altitude)) continue;
      mark(fog, a.side, b.id);
      ctx.events.push({
        impulse: ctx.impulse,
        phase: 'A' as const,
        plane: a.id,
        type: 'spot',
        side: a.side,
        target: b.id,
        how: 'near',
        range: distance(a.hex, b.hex),
        needs: 6,
        roll: 0,
        seen: true,
      });
    }
  }
  if (!(ctx.attempts ?? ctx.impulse === 7)) return;
  for (const a of all.filter((c) => c.air).sort((x, y) => x.id.localeCompare(y.id))) {
    const options = all
      .filter((b) => b.side !== a.side && !sees(ctx.state, a.side, b.id))
      .map((b) => ({ b, needs: spotNeeds(ctx.state, fog, a, b), r: range(fog.table, a, b) }))
      .filter((o) => o.needs > 0)
      .sort((x, y) => y.needs - x.needs || x.r - y.r || x.b.id.localeCompare(y.b.id));
    const pick = options[0];
    if (!pick) continue;
    const roll = ctx.dice.roll(6, { turn: ctx.turn, impulse: ctx.impulse, label: `spot:${a.id}` });
    const seen = roll <= pick.needs;
    if (seen) mark(fog, a.side, pick.b.id);
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'A' as const,
      plane: a.id,
      type: 'spot',
      side: a.side,
      target: pick.b.id,
      how: 'roll',
      range: pick.r,
      needs: pick.needs,
      roll,
      seen,
      ...(a.keen ? { keen: true } : {}),
    });
  }
}

/** End of an impulse: whoever attacked a side's counter is seen by that side. */
export function revealAttackers(state: GameState, events: readonly GameEvent[], impulse: number): void {
  const fog = state.fog as FogState | undefined;
  if (!fog) return;
  const sideOf = (id: string): string | undefined =>
    state.planes.find((p) => p.id === id)?.side ?? state.units?.find((u) => u.id === id)?.side;
  const reveal = (attacker: string, target: string | null | undefined): void => {
    const side = target ? sideOf(target) : undefined;
    if (side && side !== sideOf(attacker)) mark(fog, side, attacker);
  };
  for (const e of events) {
    if (e.impulse !== impulse) continue;
    if (e.type === 'shot') reveal(e.firer, e.target);
    else if (e.type === 'rocket' || e.type === 'flak') reveal(e.plane, e.target);
    else if (e.type === 'bomb' || e.type === 'ground-rockets') reveal(e.plane, e.target);
    else if (e.type === 'torpedo-run') {
      reveal(e.plane, e.target);
      reveal(e.by, e.target);
    }
  }
}
