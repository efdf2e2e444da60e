/**
 * Landing (docs/ground.md "Landing"), the take-off in reverse: a plot marked LAND touches down in
 * the plane's last active impulse of the turn (phase E), if then
 *
 * - it is at 100 ft, the game's lowest altitude, in level bank;
 * - it started the turn no faster than one point above its lowest flying speed at sea level;
 * - it is over an airfield hex (any hex on a map without terrain), or over a carrier of its own
 *   side making at least 20 knots into the wind.
 *
 * On a field it rolls on at its speed, and brakes (B) on the following turns; on a deck the
 * arrester wires stop it at once. Otherwise it does not land, the report says why, and it flies on.
 */
import type { GameEvent } from '../events.ts';
import { hexEquals, hexLabel } from '../hex/coords.ts';
import { type FlightPlan, lastActive } from '../movement/plan.ts';
import type { GameState, PlaneState } from '../state.ts';
import { terrainOf } from '../units/walk.ts';
import { deckHoled, isCarrier, LAUNCH_KNOTS } from './deck.ts';
import { AIRBORNE_FT, freshStart, takeoffTenths } from './phase.ts';

export interface LandContext {
  state: GameState;
  before: GameState;
  impulse: number;
  plans: ReadonlyMap<string, FlightPlan>;
  events: GameEvent[];
  dry: boolean;
}

/** Where the plane may touch down now, or why not. */
function landing(state: GameState, p: PlaneState, startSpeed: number): { on: string; deck?: string } | { why: string } {
  if (p.altitude !== AIRBORNE_FT) return { why: `it is at ${p.altitude} ft; a plane lands from ${AIRBORNE_FT} ft` };
  if (p.bank !== 'N') return { why: 'it is not in level bank' };
  const slowest = takeoffTenths(state, p);
  if (startSpeed > slowest + 10)
    return {
      why: `it started the turn at speed ${(startSpeed / 10).toFixed(1)}; a plane lands at ${((slowest + 10) / 10).toFixed(1)} or slower (its lowest flying speed ${slowest / 10} + 1)`,
    };
  const carrier = (state.units ?? []).find(
    (u) =>
      u.kind === 'ship' &&
      u.status === 'active' &&
      u.side === p.side &&
      hexEquals(u.hex, p.hex) &&
      isCarrier(state, u.type),
  );
  if (carrier) {
    if (deckHoled(state, carrier)) return { why: `${carrier.id}'s flight deck is holed: nothing lands on her` };
    const knots = carrier.ship?.knots ?? 0;
    if (knots < LAUNCH_KNOTS)
      return { why: `${carrier.id} makes ${knots} knots; a deck landing needs ${LAUNCH_KNOTS} or more into the wind` };
    return { on: carrier.id, deck: carrier.id };
  }
  if (!state.map.terrain) return { on: 'the field' };
  const t = terrainOf(state, p);
  return t === 'airfield'
    ? { on: 'the airfield' }
    : { why: `${hexLabel(p.hex)} is ${t}, not an airfield or a carrier of its side` };
}

/** Phase E: each LAND plot in its plane's last active impulse. */
export function runLandings(ctx: LandContext): void {
  if (ctx.dry) return;
  for (const p of ctx.state.planes) {
    const plan = ctx.plans.get(p.id);
    if (!plan?.land || !plan.steps.length || p.status !== 'flying' || p.ground || ctx.impulse !== lastActive(plan))
      continue;
    const start = ctx.before.planes.find((x) => x.id === p.id) as PlaneState;
    const r = landing(ctx.state, p, start.speed);
    if ('why' in r) {
      ctx.events.push({
        impulse: ctx.impulse,
        phase: 'E' as const,
        plane: p.id,
        type: 'land-fail',
        hex: hexLabel(p.hex),
        why: r.why,
      });
      continue;
    }
    p.ground = { engine: true, ...(r.deck ? { deck: r.deck } : {}) };
    p.altitude = 0;
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'E' as const,
      plane: p.id,
      type: 'land',
      hex: hexLabel(p.hex),
      on: r.on,
      speed: r.deck ? 0 : start.speed,
    });
  }
}

/** End of turn for a plane that landed: its speed on the ground, nothing carried, nothing owed. */
export function settleLanded(p: PlaneState, startSpeed: number): void {
  p.speed = p.ground?.deck ? 0 : startSpeed;
  freshStart(p);
}
