/**
 * Planes on the ground through the impulse (seed 000 IV.2-8; docs/ground.md): engine starts in
 * phase A of impulse 7; in phase B, after the trucks, tanks and ships, the planes on a deck move
 * with their carrier, turns and launches in impulse 7, and the roll ahead in the impulses of the
 * plane's speed; landings in phase E; the new speed and the take-off at the end of the turn.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { hexLabel } from '../hex/coords.ts';
import { stepForward, turnBy } from '../hex/flight.ts';
import { effectiveBand } from '../movement/performance.ts';
import { bandCondition } from '../damage/state.ts';
import { cardOf, type GameState, NO_LAST_TURN, type PlaneState } from '../state.ts';
import { isRoad, onMapHex, terrainOf } from '../units/walk.ts';
import { deckShip } from './deck.ts';
import type { GroundPlan } from './plan.ts';

/** A start attempt succeeds on a d6 at or under this (docs/ground.md "Engine starts"). */
export const START_ON = 4;
/** A power factor on the ground is a whole speed point, a brake factor two (docs/ground.md). */
export const GROUND_POWER_TENTHS = 10;
export const GROUND_BRAKE_TENTHS = 20;
/** A plane leaves the ground, or a deck, at the game's lowest altitude. */
export const AIRBORNE_FT = 100;

export interface GroundContext {
  state: GameState;
  turn: number;
  impulse: number;
  ground: Map<string, GroundPlan>;
  dice: Dice;
  events: GameEvent[];
  dry: boolean;
}

const plane = (state: GameState, id: string): PlaneState => state.planes.find((p) => p.id === id) as PlaneState;

/** The lowest flying speed at sea level, tenths: the take-off speed. */
export const takeoffTenths = (state: GameState, p: PlaneState): number =>
  effectiveBand(cardOf(state, p), 0, p.loaded, bandCondition(p)).minSpeed * 10;

/** Phase A of impulse 7: one start attempt for each plane whose MOVE line says START (IV.2). */
export function runEngineStarts(ctx: GroundContext): void {
  if (ctx.impulse !== 7 || ctx.dry) return;
  for (const g of [...ctx.ground.values()].filter((x) => x.start)) {
    const p = plane(ctx.state, g.plane);
    const roll = ctx.dice.roll(6, { turn: ctx.turn, impulse: 7, label: `start:${p.id}` });
    const started = roll <= START_ON;
    if (started && p.ground) p.ground.engine = true;
    ctx.events.push({ impulse: 7, phase: 'A', plane: p.id, type: 'engine-start', roll, needs: START_ON, started });
  }
}

/** Whether the map has terrain and the hex is not a field a plane may roll on (airfield; a road serves too). */
function offField(state: GameState, p: PlaneState): string | undefined {
  const t = terrainOf(state, p);
  return !state.map.terrain || isRoad(t) ? undefined : t;
}

/** Leaving the ground or touching down starts the log afresh: level, nothing carried over, nothing owed. */
export function freshStart(p: PlaneState): void {
  p.bank = 'N';
  p.carry = null;
  p.last = { ...NO_LAST_TURN };
}

/** In the air, at the game's lowest altitude. */
function leaveGround(p: PlaneState): void {
  p.ground = undefined;
  p.altitude = AIRBORNE_FT;
  freshStart(p);
}

/** Planes on a deck move with their carrier; a carrier sunk takes them down with her (docs/ground.md "Carriers"). */
function followDecks(ctx: GroundContext): void {
  const { state } = ctx;
  for (const p of state.planes.filter((x) => x.status === 'flying' && x.ground?.deck)) {
    const ship = deckShip(state, p);
    if (ship) {
      p.hex = ship.hex;
      p.facing = ship.facing;
      p.nextRight = ship.nextRight;
      continue;
    }
    // Her carrier sunk: the planes on her deck go down with her.
    p.status = 'crashed';
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'B',
      plane: p.id,
      type: 'crash',
      hex: hexLabel(p.hex),
      why: `went down with ${p.ground?.deck}`,
    });
  }
}

/**
 * Impulse 7, a started engine: the plane's turns on the ground (seed 000 IV.6), then its launch
 * from a deck (docs/ground.md "Carriers"). True when it launched: it rolls no further.
 */
function turnAndLaunch(ctx: GroundContext, g: GroundPlan, p: PlaneState): boolean {
  const { state } = ctx;
  for (const t of g.turns) {
    const from = p.facing;
    const r = turnBy({ hex: p.hex, facing: p.facing, nextRight: p.nextRight }, 2 * t);
    p.facing = r.facing;
    p.nextRight = r.nextRight;
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'B' as const,
      plane: p.id,
      type: 'ground-turn',
      from,
      to: p.facing,
    });
  }
  if (!g.launch) return false;
  const ship = deckShip(state, p);
  leaveGround(p);
  p.speed = takeoffTenths(state, p);
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'B' as const,
    plane: p.id,
    type: 'launch',
    ship: ship?.id ?? '',
    hex: hexLabel(p.hex),
    facing: p.facing,
    speed: p.speed,
  });
  return true;
}

/**
 * One hex straight ahead (seed 000 IV.5); off the map the plane leaves the game, off the field it
 * crashes (docs/ground.md "Power, brakes and rolling").
 */
function rollAhead(ctx: GroundContext, p: PlaneState): void {
  const { state } = ctx;
  const from = hexLabel(p.hex);
  const next = stepForward({ hex: p.hex, facing: p.facing, nextRight: p.nextRight });
  p.hex = next.hex;
  p.nextRight = next.nextRight;
  ctx.events.push({
    impulse: ctx.impulse,
    phase: 'B' as const,
    plane: p.id,
    type: 'taxi',
    from,
    to: hexLabel(p.hex),
  });
  if (!onMapHex(state, p)) {
    p.status = 'exited';
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'B' as const,
      plane: p.id,
      type: 'exit-map',
      hex: hexLabel(p.hex),
    });
    return;
  }
  const off = offField(state, p);
  if (off) {
    p.status = 'crashed';
    ctx.events.push({
      impulse: ctx.impulse,
      phase: 'B' as const,
      plane: p.id,
      type: 'crash',
      hex: hexLabel(p.hex),
      why: `ran off the field onto ${off}`,
    });
  }
}

/** Phase B: decks follow their ships; turns and launches in impulse 7; the roll ahead. */
export function moveGround(ctx: GroundContext): void {
  const { state } = ctx;
  followDecks(ctx);
  for (const g of [...ctx.ground.values()].sort((a, b) => a.plane.localeCompare(b.plane))) {
    const p = plane(state, g.plane);
    if (p.status !== 'flying' || !p.ground) continue;
    if (ctx.impulse === 7 && p.ground.engine && turnAndLaunch(ctx, g, p)) continue;
    if (!g.rolls.includes(ctx.impulse) || p.speed === 0) continue;
    rollAhead(ctx, p);
  }
}

/** End of turn: the new speed on the ground (IV.3-4), and the take-off at flying speed. */
export function endGroundTurn(
  state: GameState,
  before: GameState,
  plans: Map<string, GroundPlan>,
  events: GameEvent[],
): void {
  for (const g of plans.values()) {
    const p = plane(state, g.plane);
    if (p.status !== 'flying' || !p.ground) continue;
    const start = plane(before, g.plane);
    const terms: { why: string; tenths: number; rule: string }[] = [];
    const started = events.some((e) => e.type === 'engine-start' && e.plane === p.id && e.started);
    if (started)
      terms.push({
        why: 'the engine started: one power factor at once',
        tenths: GROUND_POWER_TENTHS,
        rule: 'seed 000 IV.3',
      });
    if (g.power)
      terms.push({ why: 'power on the ground', tenths: GROUND_POWER_TENTHS * g.power, rule: 'seed 000 IV.4' });
    if (g.brake)
      terms.push({
        why: 'brakes on the ground',
        tenths: -Math.min(start.speed, GROUND_BRAKE_TENTHS * g.brake),
        rule: 'seed 000 IV.4',
      });
    if (!terms.length) continue;
    const to = Math.max(0, start.speed + terms.reduce((s, t) => s + t.tenths, 0));
    events.push({ impulse: 13, phase: 'H' as const, plane: p.id, type: 'speed', from: start.speed, to, terms });
    p.speed = to;
    if (!p.ground.deck && p.ground.engine && to >= takeoffTenths(state, p)) {
      leaveGround(p);
      events.push({ impulse: 13, phase: 'H' as const, plane: p.id, type: 'takeoff', hex: hexLabel(p.hex), speed: to });
    }
  }
}
