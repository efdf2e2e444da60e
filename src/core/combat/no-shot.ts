/**
 * Why a standing fire order did not fire (rules-notes "Playing by mail"; seed 000 VII; seed 001
 * combat; seed 002 7.1.2 for rockets). Every impulse the firing phase hands over, for each plane
 * with a FIRE order not fired yet, what it knew when it tried the plane's orders (fire-phase.ts):
 * positions, active impulse, nose attitude, the shots it found. Most orders fire sooner or later,
 * so nothing is measured then: at the end of the turn, for each order that never fired, this
 * module goes through those impulses again and measures, for every enemy the order could aim at,
 * which of the conditions of the referee's fire check (shots.ts, targets.ts, cone.ts, rockets.ts)
 * failed (no-shot-chances.ts); the order gets one `no-shot` event with its closest chance:
 *
 * - a chance is one impulse, one gun class of the order (fixed or flexible, or the rockets) and
 *   one enemy it may aim at (its AT target, or every enemy for AUTO), both flying;
 * - the closest chance is the one with the fewest failed conditions, then the shortest
 *   altitude-adjusted range, then the earliest impulse, then fixed guns before flexible ones, then
 *   the enemy listed first in the game;
 * - beyond the range of all firing (8) only the order's own conditions, the range and WITHIN are
 *   counted: the referee measures no cone, arc or attitude that far.
 *
 * No die is thrown and nothing in the game changes: this only reads.
 */
import type { GameEvent, NoShotReason } from '../events.ts';
import type { FireOrder } from '../../orders/ast.ts';
import type { GameState, PlaneState } from '../state.ts';
import {
  type Before,
  type FirerFrame,
  gunChances,
  type PlaneAt,
  rocketChances,
  type Watch,
} from './no-shot-chances.ts';
import { ROCKETS } from './rockets.ts';

/** Where a plane is now: the same object as in an earlier phase when it has not moved since. */
export function planeAt(tracker: NoShotTracker, p: PlaneState): PlaneAt {
  const last = tracker.last.get(p.id);
  if (
    last &&
    last.hex === p.hex &&
    last.facing === p.facing &&
    last.nextRight === p.nextRight &&
    last.altitude === p.altitude
  )
    return last;
  const now = {
    id: p.id,
    side: p.side,
    type: p.type,
    hex: p.hex,
    facing: p.facing,
    nextRight: p.nextRight,
    altitude: p.altitude,
  };
  tracker.last.set(p.id, now);
  return now;
}

export interface NoShotTracker {
  /** The watched orders not fired yet, by plane id (as in the game). */
  pending: Map<string, Watch[]>;
  all: Watch[];
  /** The firing phases of each plane while it had an order not fired, by plane id. */
  frames: Map<string, FirerFrame[]>;
  /** Each plane's latest position (planeAt). */
  last: Map<string, PlaneAt>;
}

/** Watches every FIRE order of the turn (HOLD lines are no order to fire). */
export function watchFireOrders(state: GameState, fire: readonly FireOrder[]): NoShotTracker {
  const ids = new Map(state.planes.map((p) => [p.id.toUpperCase(), p.id]));
  const all: Watch[] = [];
  const pending = new Map<string, Watch[]>();
  for (const order of fire) {
    if (order.hold) continue;
    const plane = ids.get(order.plane.toUpperCase()) ?? order.plane;
    const w: Watch = { order, plane, fired: false, gunsOut: false };
    all.push(w);
    pending.set(plane, [...(pending.get(plane) ?? []), w]);
  }
  return { pending, all, frames: new Map(), last: new Map() };
}

/** Whether a plane has an order still to watch in this impulse. */
export const watching = (tracker: NoShotTracker, plane: string): boolean => !!tracker.pending.get(plane)?.length;

/** Notes which of a plane's orders fired in this impulse, and keeps the frame while any has not. */
export function observeFirer(tracker: NoShotTracker, f: FirerFrame): void {
  const key = f.plane.id;
  const watches = tracker.pending.get(key);
  if (!watches?.length) return;
  if (f.shots.length || f.rocketOrder) {
    for (const w of watches) if (w.order === f.rocketOrder || f.shots.some((s) => s.order === w.order)) w.fired = true;
    const left = watches.filter((w) => !w.fired);
    tracker.pending.set(key, left);
    // Every order of the plane has fired: nothing of it needs explaining.
    if (!left.length) {
      tracker.frames.delete(key);
      return;
    }
  }
  let frames = tracker.frames.get(key);
  if (!frames) {
    frames = [];
    tracker.frames.set(key, frames);
  }
  frames.push(f);
}

/** Goes through the plane's firing phases again for an order that never fired. */
function explain(w: Watch, frames: readonly FirerFrame[], classOf: (p: PlaneAt) => string): void {
  // Each gun group fires once a turn (shots.ts): what fired before a frame is its earlier shots.
  const fired = new Set<string>();
  const flex = new Set<string>();
  const rockets = w.order.guns.toUpperCase() === ROCKETS;
  for (const f of frames) {
    const before: Before = { fired, flex, classOf };
    if (rockets) rocketChances(w, f, before, f.impulse);
    else gunChances(w, f, before, f.impulse);
    for (const s of f.shots) {
      for (const g of s.groups) fired.add(g.id);
      if (s.cls === 'flex') flex.add(s.target.id);
    }
  }
}

export type NoShotEvent = Extract<GameEvent, { type: 'no-shot' }>;

/** One `no-shot` event for each watched order that never fired, in the order they were written. */
export function noShotEvents(tracker: NoShotTracker, state: GameState, end = 13): NoShotEvent[] {
  const classOf = (p: PlaneAt): string => state.aircraft[p.type]?.class ?? '';
  return tracker.all
    .filter((w) => !w.fired)
    .map((w) => {
      const frames = tracker.frames.get(w.plane) ?? [];
      explain(w, frames, classOf);
      const o = w.order;
      const head = {
        phase: 'D' as const,
        plane: w.plane,
        type: 'no-shot' as const,
        guns: o.guns,
        at: o.target,
        ...(o.from !== undefined ? { from: o.from } : {}),
        ...(o.within !== undefined ? { within: o.within } : {}),
      };
      const b = w.best;
      if (b) {
        return {
          impulse: b.impulse,
          ...head,
          reason: b.reasons[0] as NoShotReason,
          reasons: b.reasons,
          target: b.target,
          range: b.range,
          hexes: b.hexes,
          altitudeDiff: b.dz,
          clock: b.clock,
          ...(b.by !== undefined ? { by: b.by } : {}),
        };
      }
      const reason: NoShotReason = !frames.length
        ? 'not-flying'
        : w.gunsOut
          ? 'guns-out'
          : o.target === 'ANY'
            ? 'no-target'
            : 'target-gone';
      return {
        impulse: end,
        ...head,
        reason,
        reasons: [reason],
        ...(reason === 'target-gone' ? { target: o.target } : {}),
      };
    });
}
