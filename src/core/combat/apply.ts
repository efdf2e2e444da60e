/**
 * Damage and its effects (seed 001 combat; seed 000 IX, X.C.3), applied at the end of a firing
 * phase, after every shot of the impulse has been thrown. docs/rules.md "Damage and its effects":
 *
 * - A system is destroyed when its hits reach its capacity on the card (E per engine, G per side).
 * - C (crew) or L (control lines) destroyed shoots the plane down (seed 001's Zero and P-40C
 *   examples); so do W or F destroyed (the airframe fails) and the loss of the last engine, which on
 *   a single-engine plane is its only one (seed 001: "any E hit ... red die 6 will also be shot down").
 * - A multi-engine plane losing an engine loses its power factors (performance.ts) and jettisons
 *   its bombs, still flying as loaded (seed 001's He 111 example); its remaining plot is checked
 *   again and excess power factors are erased (seed 000 X.C.3).
 * - A destroyed gun place silences the guns there (damage/state.ts).
 */
import type { AircraftCard } from '../aircraft/types.ts';
import type { GameEvent, ShotEvent } from '../events.ts';
import type { FlightPlan } from '../movement/plan.ts';
import { effectiveBand, powerAvailable } from '../movement/performance.ts';
import type { GameState, PlaneState } from '../state.ts';
import {
  capacityOf,
  emptyDamage,
  engineKey,
  enginesDestroyed,
  enginesWorking,
  gunKey,
  gunPlaceState,
  gunPlaces,
  bandCondition,
  systemName,
} from '../damage/state.ts';
import { resolveEngineHit, resolveSide, type SystemHit } from './hit-location.ts';

export interface ApplyContext {
  state: GameState;
  turn: number;
  impulse: number;
  plans: Map<string, FlightPlan>;
  events: GameEvent[];
  card(p: PlaneState): AircraftCard;
}

const SHOOTS_DOWN: Record<string, string> = {
  C: 'crew hit: the pilot is out of action',
  L: 'control lines cut',
  W: 'a wing fails',
  F: 'the fuselage breaks up',
};

/** The system key a located hit strikes on this plane now, or null when it falls on wreckage. */
export function keyFor(card: AircraftCard, p: PlaneState, hit: SystemHit): string | null {
  if (hit.system === 'E') {
    const e = resolveEngineHit(card.engines, hit.side, enginesDestroyed(card, p));
    return e ? engineKey(e.index) : null;
  }
  if (hit.system === 'G') {
    const place = resolveSide(hit.side, gunPlaceState(card, p));
    return place ? gunKey(place) : null;
  }
  return p.damage?.destroyed.includes(hit.system) ? null : hit.system;
}

/** Shoots a flying plane down; it stays on the map for its bail-out (seed 000 IX). */
export function shootDown(
  ctx: Pick<ApplyContext, 'turn' | 'impulse' | 'events'>,
  p: PlaneState,
  by: string[],
  cause: string,
  shot?: ShotEvent,
): void {
  if (p.status !== 'flying') return;
  p.status = 'shot-down';
  p.downed = { turn: ctx.turn, impulse: ctx.impulse };
  ctx.events.push({ impulse: ctx.impulse, phase: 'D', plane: p.id, type: 'shot-down', by, cause });
  shot?.effects.push(`${p.id} SHOT DOWN: ${cause}`);
}

/** Adds hits to one system key; destroys it at capacity and applies the effects. */
export function addHits(ctx: ApplyContext, target: PlaneState, key: string, hits: number, shot: ShotEvent): void {
  const card = ctx.card(target);
  const d = (target.damage ??= emptyDamage());
  if (d.destroyed.includes(key)) return;
  const capacity = capacityOf(card, key);
  const taken = (d.taken[key] ?? 0) + hits;
  d.taken[key] = taken;
  const destroyed = taken >= capacity;
  const name = systemName(card, key);
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'D',
    plane: target.id,
    type: 'damage',
    system: key,
    name,
    hits,
    taken: Math.min(taken, capacity),
    capacity,
    destroyed,
    by: shot.firer,
  });
  shot.effects.push(`${target.id} ${name} ${Math.min(taken, capacity)}/${capacity}${destroyed ? ' DESTROYED' : ''}`);
  if (!destroyed) return;
  d.destroyed.push(key);
  const cause = SHOOTS_DOWN[key];
  if (cause) return shootDown(ctx, target, [shot.firer], cause, shot);
  if (key.startsWith('E')) return engineLost(ctx, target, card, name, shot);
  if (key.startsWith('G')) {
    const place = key === 'GL' ? 'left' : key === 'GR' ? 'right' : 'centre';
    const groups = card.guns.filter((g) => gunPlaces(g).includes(place)).map((g) => g.id);
    ctx.events.push({ impulse: ctx.impulse, phase: 'D', plane: target.id, type: 'guns-lost', place, groups });
    shot.effects.push(`${target.id} loses guns: ${groups.join(', ')}`);
  }
}

function engineLost(ctx: ApplyContext, p: PlaneState, card: AircraftCard, name: string, shot: ShotEvent): void {
  const working = enginesWorking(card, p);
  if (working === 0)
    return shootDown(ctx, p, [shot.firer], card.engines === 1 ? 'engine destroyed' : 'every engine destroyed', shot);
  const jettison = p.loaded && !p.damage?.jettisoned;
  if (jettison) (p.damage as NonNullable<PlaneState['damage']>).jettisoned = true;
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'D',
    plane: p.id,
    type: 'engine-lost',
    engine: name,
    working,
    jettison,
  });
  shot.effects.push(
    `${p.id} flies on ${working} engine${working === 1 ? '' : 's'}${jettison ? ', bombs jettisoned' : ''}`,
  );
  cutPower(ctx, p, card, working);
}

/**
 * Seed 000 X.C.1 and X.C.3: with an engine gone, at most one power factor per working engine in an
 * impulse and no more in the turn than the working engines give; the excess is erased from the
 * plot's remaining boxes, latest first, and the player told.
 */
export function cutPower(ctx: ApplyContext, p: PlaneState, card: AircraftCard, working: number): void {
  const plan = ctx.plans.get(p.id);
  if (!plan) return;
  const band = effectiveBand(card, p.altitude, p.loaded, bandCondition(p));
  const avail = powerAvailable(band, p.speed, p.last, working, card.engines);
  const used = plan.steps.filter((s) => s.impulse <= ctx.impulse).reduce((n, s) => n + s.box.power, 0);
  let allowed = Math.max(0, avail - used);
  const erasedBoxes: number[] = [];
  let erased = 0;
  plan.steps = plan.steps.map((s) => {
    if (s.impulse <= ctx.impulse || s.box.power === 0) return s;
    const keep = Math.min(s.box.power, working, allowed);
    allowed -= keep;
    if (keep === s.box.power) return s;
    erased += s.box.power - keep;
    erasedBoxes.push(s.boxNo);
    return Object.assign({}, s, { box: Object.assign({}, s.box, { power: keep }) });
  });
  plan.power -= erased;
  if (plan.carry) {
    plan.carry = {
      ...plan.carry,
      boxes: plan.carry.boxes.map((b) => {
        if (b.power <= working) return b;
        erased += b.power - working;
        return Object.assign({}, b, { power: working });
      }),
    };
  }
  if (!erased) return;
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'D',
    plane: p.id,
    type: 'power-cut',
    erased,
    boxes: erasedBoxes,
    available: avail,
  });
}
