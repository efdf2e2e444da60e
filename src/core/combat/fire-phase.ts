/**
 * The firing phase of every impulse (seed 000 VII): every flying plane's standing fire orders are
 * tried against every enemy in reach; all the shots found are thrown, then their damage is applied
 * together at the end of the phase, so a plane shot down in this impulse still fires in it. What
 * each plane knew is handed to no-shot.ts, which explains at the end of the turn the FIRE orders
 * that never fired.
 */
import { sees } from '../spotting/spot.ts';
import type { AircraftCard } from '../aircraft/types.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import type { FlightPlan } from '../movement/plan.ts';
import type { FireOrder } from '../../orders/ast.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import type { ApplyContext } from './apply.ts';
import type { Attitude } from './cone.ts';
import { workingGuns } from '../damage/state.ts';
import { heldGroups } from './fire-orders.ts';
import { combatModel } from './models/registry.ts';
import type { ThrownShot } from './models/model.ts';
import { type NoShotTracker, observeFirer, planeAt, watching } from './no-shot.ts';
import { type FirerFrame, type PlaneAt } from './no-shot-chances.ts';
import { type FirerContext, fixedShots, flexShots, type ShotPlan } from './shots.ts';
import { applyRocket, findRocketAttack, type RocketAttack, ROCKETS, rocketAttacks } from './rockets.ts';
import type { Bearing } from './targets.ts';
import { MAX_RANGE } from './cone.ts';
import { distance } from '../hex/coords.ts';
import { chartFor, expectedHits } from './fire-tables.ts';

export interface FirePhaseContext {
  state: GameState;
  turn: number;
  impulse: number;
  plans: Map<string, FlightPlan>;
  fire: readonly FireOrder[];
  dice: Dice;
  events: GameEvent[];
  /** Altitudes at the start of this impulse's movement (nose attitude, seed 000 VII.3). */
  startAltitude: Map<string, number>;
  /** Gun groups fired this turn, by plane. */
  fired: Map<string, Set<string>>;
  /** Targets of each plane's flexible guns this turn, by plane. */
  flexTargets: Map<string, Set<string>>;
  /** The FIRE orders not fired yet, watched for the turn's `no-shot` events (no-shot.ts). */
  noShot?: NoShotTracker;
  /**
   * A dry run (a forecast): the shots found are listed here instead of thrown, so no die is rolled
   * and no damage done; the guns still count as fired.
   */
  sighted?: SightedShot[];
  /**
   * The two-phase sequence (core/two-phase/turn.ts): only these planes fire in this call, in this
   * order; and when `targetOnly` is given they may fire only at that plane (the moving plane, seed
   * 003: "Any player who is not the moving player may only fire at the ship that is moving").
   */
  firers?: readonly string[];
  targetOnly?: string;
  /** The turn's FIRE orders worked out once (fireMemo); made afresh when not given. */
  fireMemo?: FireMemo;
}

/** A shot a dry run found: who would fire which guns at whom, when and from how far. */
export interface SightedShot {
  impulse: number;
  plane: string;
  target: string;
  guns: string[];
  range: number;
  hexes: number;
  /** Clock position of the target seen from the firer. */
  clock: number;
  /**
   * The hits a gun burst scores on average (fire-tables.ts expectedHits: the chart of its mix at its
   * range with its deflection modifier; not the pilot's gunnery, which the other side may not know
   * yet, seed 002 9.1.11); none for rockets.
   */
  hits?: number;
}

/**
 * Seed 000 VII.3: nose down when lower than before this impulse's move, up when higher. `forced`
 * is the part of the loss that X.E.1.f, X.E.2.a and X.E.3.a force (banked forwards,
 * maximum-performance turns and slips): it "does not affect nose attitude".
 */
export const attitudeOf = (before: number, now: number, forced = 0): Attitude => {
  const change = now - before + forced;
  return change < 0 ? 'down' : change > 0 ? 'up' : 'level';
};

/** Feet of forced loss in the boxes a plane flew in this impulse. */
const forcedIn = (plan: FlightPlan | undefined, impulse: number): number =>
  plan ? plan.steps.reduce((s, st) => s + (st.impulse === impulse ? st.box.forced : 0), 0) : 0;

/**
 * A plane's FIRE orders and the gun groups they hold (kept in the memo), or undefined when the
 * plane has nothing to do in the phase: no FIRE order, or every gun held with no rocket to fire
 * and no order to explain.
 */
function firerOrders(
  ctx: FirePhaseContext,
  memo: FireMemo,
  plane: PlaneState,
): { orders: FireOrder[]; full: AircraftCard; held: Set<string> } | undefined {
  const orders = memo.byPlane.get(plane.id.toUpperCase());
  if (!orders?.length) return undefined;
  const full = cardOf(ctx.state, plane);
  const held = memo.held.get(plane.id) ?? heldGroups(full, orders);
  memo.held.set(plane.id, held);
  if (
    plane.rockets !== 'carried' &&
    full.guns.every((g) => held.has(g.id)) &&
    !(ctx.noShot && watching(ctx.noShot, plane.id))
  )
    return undefined;
  return { orders, full, held };
}

/** What one fire phase shares between its firers: the planes in the air, the shots thrown so far. */
interface Phase {
  flying: PlaneState[];
  allowed: (t: { id: string }) => boolean;
  card: (p: PlaneState) => AircraftCard;
  classOf: (t: PlaneState) => AircraftCard['class'];
  allEnemies: (tracker: NoShotTracker, side: string) => PlaneAt[];
  model: ReturnType<typeof combatModel>;
  thrown: ThrownShot[];
  rockets: RocketAttack[];
}

export function runFirePhase(ctx: FirePhaseContext): ThrownShot[] {
  const memo = ctx.fireMemo ?? fireMemo(ctx.fire);
  // No plane with anything to do: nothing to set up.
  if (
    !ctx.state.planes.some(
      (p) =>
        p.status === 'flying' && !p.ground && (!ctx.firers || ctx.firers.includes(p.id)) && firerOrders(ctx, memo, p),
    )
  )
    return [];
  const { state, impulse } = ctx;
  const card = (p: PlaneState): AircraftCard => cardOf(state, p);
  // Planes on the ground neither fire nor are fired at by planes (docs/ground.md).
  const flying = state.planes.filter((p) => p.status === 'flying' && !p.ground);
  const firing = ctx.firers ? ctx.firers.flatMap((id) => flying.filter((p) => p.id === id)) : flying;
  const allowed = (t: { id: string }): boolean => !ctx.targetOnly || t.id === ctx.targetOnly;
  // Where every flying plane is, and the enemies of each side, for no-shot.ts: made once in the
  // phase, and only when some plane has an order still to explain.
  let at: PlaneAt[] | undefined;
  const enemiesOf = new Map<string, PlaneAt[]>();
  const allEnemies = (tracker: NoShotTracker, side: string): PlaneAt[] => {
    at ??= flying.map((p) => planeAt(tracker, p));
    let list = enemiesOf.get(side);
    if (!list) {
      list = at.filter((t) => t.side !== side && sees(state, side, t.id) && allowed(t));
      enemiesOf.set(side, list);
    }
    return list;
  };
  const phase: Phase = {
    flying,
    allowed,
    card,
    classOf: (t) => card(t).class,
    allEnemies,
    model: combatModel(state.options.combat),
    thrown: [],
    rockets: [],
  };
  for (const plane of firing) firePlane(ctx, memo, phase, plane);
  const { thrown, rockets } = phase;
  const actx: ApplyContext = { state, turn: ctx.turn, impulse, plans: ctx.plans, events: ctx.events, card };
  for (const t of thrown) ctx.events.push(t.event);
  for (const r of rockets) ctx.events.push(r.event);
  for (const t of thrown) t.apply(actx);
  for (const r of rockets) applyRocket(actx, r);
  return thrown;
}

/** The set kept per plane in one of the turn's maps, made on first use. */
function setOf(map: Map<string, Set<string>>, id: string): Set<string> {
  let set = map.get(id);
  if (!set) {
    set = new Set();
    map.set(id, set);
  }
  return set;
}

/** One plane's shots of the impulse (seed 000 VII-VIII), thrown or, in a dry run, sighted. */
function firePlane(ctx: FirePhaseContext, memo: FireMemo, phase: Phase, plane: PlaneState): void {
  const { impulse } = ctx;
  const firer = firerOrders(ctx, memo, plane);
  if (!firer) return;
  const { orders, full, held } = firer;
  const plan = ctx.plans.get(plane.id);
  const fired = setOf(ctx.fired, plane.id);
  const flexTargets = setOf(ctx.flexTargets, plane.id);
  const guns = workingGuns(full, plane);
  // The card with the guns still working (damage may have silenced some).
  const armed = guns === full.guns ? full : Object.assign({}, full, { guns });
  const active = !!plan?.steps.some((s) => s.impulse === impulse);
  const dropsOrdnance = !!plan?.bomb || !!plan?.jettison || !!plan?.torpedo || !!plan?.rockets;
  // Forced 100-ft losses do not change the nose attitude (seed 000 X.E.1.f, X.E.2.a, X.E.3.a).
  const attitude = attitudeOf(
    ctx.startAltitude.get(plane.id) ?? plane.altitude,
    plane.altitude,
    forcedIn(plan, impulse),
  );
  // What the referee knew, kept while the plane has an order that has not fired (no-shot.ts).
  const tracker = ctx.noShot && watching(ctx.noShot, plane.id) ? ctx.noShot : undefined;
  const frame: FirerFrame | undefined = tracker && {
    impulse,
    plane: planeAt(tracker, plane),
    card: armed,
    orders,
    active,
    dropsOrdnance,
    attitude,
    held,
    rocketsBefore: plane.rockets,
    shots: [],
    enemies: phase.allEnemies(tracker, plane.side),
  };
  // A plane with nothing left to fire in this impulse (each group once a turn; fixed guns only
  // in an active impulse and not on a bombing turn, seed 000 VII-VIII) needs no geometry at all.
  const canFire =
    plane.rockets === 'carried' ||
    guns.some((g) => !fired.has(g.id) && !held.has(g.id) && (g.mount === 'F' || (active && !dropsOrdnance)));
  // Pairs are pruned by distance before any cone or arc test.
  // Only what the plane's side has identified can be fired at (docs/spotting.md).
  const enemies = !canFire
    ? []
    : phase.flying.filter(
        (t) =>
          t.side !== plane.side &&
          distance(plane.hex, t.hex) <= MAX_RANGE &&
          phase.allowed(t) &&
          sees(ctx.state, plane.side, t.id),
      );
  if (!enemies.length) {
    if (tracker && frame) observeFirer(tracker, frame);
    return;
  }
  const f: FirerContext = {
    plane,
    card: armed,
    orders,
    active,
    dropsOrdnance,
    attitude,
    fired,
    flexTargets,
    held,
    enginesOf: (t) => phase.card(t).engines,
  };
  const shots = [...fixedShots(f, enemies, impulse), ...flexShots(f, enemies, impulse)];
  const rocketOrder = ctx.sighted
    ? sightShots(ctx, phase, f, shots, enemies)
    : throwShots(ctx, phase, f, shots, enemies);
  if (tracker && frame) {
    frame.shots = shots;
    if (rocketOrder) frame.rocketOrder = rocketOrder;
    observeFirer(tracker, frame);
  }
}

/** A dry run's shots: sighted, with their expected hits, none thrown; returns the rocket attack's order. */
function sightShots(
  ctx: FirePhaseContext,
  phase: Phase,
  f: FirerContext,
  shots: ShotPlan[],
  enemies: PlaneState[],
): FireOrder | undefined {
  const { impulse } = ctx;
  const sighted = ctx.sighted as SightedShot[];
  const plane = f.plane;
  for (const s of shots)
    sighted.push({
      ...sighting(
        impulse,
        s.firer.id,
        s.groups.map((g) => g.id),
        s.bearing,
      ),
      hits: expectedHits(chartFor(s.mix), s.bearing.range, s.deflection.drm),
    });
  const r = plane.rockets === 'carried' ? findRocketAttack(f, enemies, impulse, phase.classOf) : undefined;
  if (!r) return undefined;
  plane.rockets = 'fired';
  sighted.push(sighting(impulse, plane.id, [ROCKETS], r.bearing));
  return r.order;
}

/** The shots thrown by the combat model (the dice rolled in order), and the rockets fired; returns the rocket attack's order. */
function throwShots(
  ctx: FirePhaseContext,
  phase: Phase,
  f: FirerContext,
  shots: ShotPlan[],
  enemies: PlaneState[],
): FireOrder | undefined {
  const { state, impulse } = ctx;
  for (const s of shots)
    phase.thrown.push(phase.model.throwShot(s, { state, turn: ctx.turn, impulse, dice: ctx.dice, card: phase.card }));
  if (f.plane.rockets !== 'carried') return undefined;
  const r = rocketAttacks(f, enemies, impulse, ctx.turn, ctx.dice, phase.classOf, f.card.rockets?.hitOn ?? 0);
  phase.rockets.push(...r);
  return r[0]?.order;
}

/**
 * What the fire phase works out once a turn from the turn's FIRE orders, kept on the turn's context
 * (resolveTurn makes it): the orders by plane (upper-case id, in the order written), and the gun
 * groups each plane's HOLD orders silence (fire-orders.ts heldGroups).
 */
export interface FireMemo {
  byPlane: Map<string, FireOrder[]>;
  held: Map<string, Set<string>>;
}

export function fireMemo(fire: readonly FireOrder[]): FireMemo {
  const byPlane = new Map<string, FireOrder[]>();
  for (const o of fire) {
    const id = o.plane.toUpperCase();
    const list = byPlane.get(id);
    if (list) list.push(o);
    else byPlane.set(id, [o]);
  }
  return { byPlane, held: new Map() };
}

const sighting = (impulse: number, plane: string, guns: string[], b: Bearing): SightedShot => ({
  impulse,
  plane,
  target: b.target.id,
  guns,
  range: b.range,
  hexes: b.hexes,
  clock: b.clockFromFirer,
});
