/**
 * The measuring half of no-shot.ts: for one FIRE order that never fired and one of its plane's
 * firing phases, every chance (each enemy it may aim at, each kind of gun it names) and the
 * conditions of the fire check that failed there, kept when it beats the order's closest chance so
 * far. Each test is the fire check's own (shots.ts, targets.ts, cone.ts, rockets.ts), split into
 * its conditions so that each failure can be named and counted; a test that can only add a failure
 * is skipped for a chance that could no longer win.
 */
import type { AircraftCard, GunGroup } from '../aircraft/types.ts';
import { distance, type Hex } from '../hex/coords.ts';
import { clockPosition } from '../hex/facing.ts';
import { offLine, type Position } from '../hex/flight.ts';
import type { FireOrder } from '../../orders/ast.ts';
import {
  adjustedRange,
  type Attitude,
  coneHalfWidth,
  coneLine,
  MAX_RANGE,
  SHORT_MAX_RANGE,
  targetArea,
} from './cone.ts';
import { type GunClass, groupsFor } from './fire-orders.ts';
import type { NoShotReason } from '../events.ts';
import { fromBehind, isHeavy, ROCKETS } from './rockets.ts';
import type { ShotPlan } from './shots.ts';
import type { PlaneState } from '../state.ts';

export interface Chance {
  reasons: NoShotReason[];
  impulse: number;
  target: string;
  range: number;
  hexes: number;
  dz: number;
  /** Clock position of the target seen from the firer. */
  clock: number;
  /** Outside the cone: by how many hexes the nearest hex of the target area misses it. */
  by?: number;
}

/** One FIRE order being watched through the turn. */
export interface Watch {
  order: FireOrder;
  plane: string;
  fired: boolean;
  /** In some impulse none of the guns it names was working. */
  gunsOut: boolean;
  best?: Chance;
}

/** What had fired in the turn before a frame, and the class of each aircraft type. */
export interface Before {
  fired: ReadonlySet<string>;
  flex: ReadonlySet<string>;
  classOf: (p: PlaneAt) => string;
}

/** Gun groups fired (and flexible targets shot at) when the referee came to this order's class. */
function firedWhenTried(
  f: FirerFrame,
  before: Before,
  cls: GunClass,
  index: number,
): { fired: ReadonlySet<string>; flexTargets: ReadonlySet<string> } {
  if (!f.shots.length) return { fired: before.fired, flexTargets: before.flex };
  const fired = new Set(before.fired);
  const flexTargets = new Set(before.flex);
  // Fixed orders are tried first, in the player's order, then the flexible ones (fire-phase.ts).
  for (const s of f.shots) {
    const earlier = f.orders.indexOf(s.order) < index;
    if (s.cls === 'fixed' ? cls === 'flex' || earlier : cls === 'flex' && earlier) {
      for (const g of s.groups) fired.add(g.id);
      if (s.cls === 'flex') flexTargets.add(s.target.id);
    }
  }
  return { fired, flexTargets };
}

const posOf = (p: PlaneAt): Position => ({ hex: p.hex, facing: p.facing, nextRight: p.nextRight });

const aims = (order: FireOrder, t: PlaneAt): boolean =>
  order.target === 'ANY' || order.target.toUpperCase() === t.id.toUpperCase();

/** Would a candidate with this many failures at this range beat the best so far? (Later = loses ties.) */
const beats = (w: Watch, failed: number, range: number): boolean =>
  !w.best || failed < w.best.reasons.length || (failed === w.best.reasons.length && range < w.best.range);

function record(
  w: Watch,
  f: FirerFrame,
  t: PlaneAt,
  impulse: number,
  reasons: NoShotReason[],
  hexes: number,
  range: number,
  by?: number,
): void {
  if (!beats(w, reasons.length, range)) return;
  const clock = clockPosition(f.plane.hex, f.plane.facing, t.hex) ?? 12;
  w.best = {
    reasons,
    impulse,
    target: t.id,
    range,
    hexes,
    dz: t.altitude - f.plane.altitude,
    clock,
    ...(by !== undefined ? { by } : {}),
  };
}

/** The nose-attitude rule of fixed guns (cone.ts verticalOk), split into its two conditions. */
function vertical(attitude: Attitude, dz: number, hexes: number): NoShotReason | undefined {
  if (dz === 0) return undefined;
  if ((dz < 0 && attitude === 'up') || (dz > 0 && attitude === 'down')) return 'nose-attitude';
  if (attitude === 'level' && Math.abs(dz) > 300 * Math.max(1, hexes)) return 'altitude-separation';
  return undefined;
}

/**
 * The cone test of fixed guns and rockets: is a hex of the target area in the cone (cone.ts
 * inCone over targetArea)? The same test, the cheap width first and the clock (a bearing) last.
 */
function inConeArea(fp: Position, line: readonly Hex[], target: PlaneAt, hexes: number): boolean {
  for (const h of targetArea(posOf(target), hexes)) {
    const r = distance(fp.hex, h);
    if (r === 0 || r > MAX_RANGE) continue;
    if (offLine(fp, h, MAX_RANGE, line) > coneHalfWidth(r)) continue;
    const clock = clockPosition(fp.hex, fp.facing, h) as number;
    if (clock <= 2 || clock >= 10) return true;
  }
  return false;
}

/**
 * How a target area outside the cone misses it: not ahead at all (every hex of it at 3 to 9
 * o'clock), or outside by the fewest hexes any hex of it ahead and within 8 hexes misses the
 * cone's width at its range.
 */
function coneMiss(
  fp: Position,
  line: readonly Hex[],
  target: PlaneAt,
  hexes: number,
): { reason: NoShotReason; by?: number } {
  let ahead = false;
  let by: number | undefined;
  for (const h of targetArea(posOf(target), hexes)) {
    const r = distance(fp.hex, h);
    if (r === 0) continue;
    const clock = clockPosition(fp.hex, fp.facing, h) as number;
    if (clock > 2 && clock < 10) continue;
    ahead = true;
    if (r > MAX_RANGE) continue;
    const excess = offLine(fp, h, MAX_RANGE, line) - coneHalfWidth(r);
    by = by === undefined ? excess : Math.min(by, excess);
  }
  return ahead ? { reason: 'outside-cone', ...(by !== undefined ? { by } : {}) } : { reason: 'not-ahead' };
}

/** The last test of fixed guns and rockets, the cone, measured only for a target that may still win. */
function coneChance(
  w: Watch,
  f: FirerFrame,
  t: PlaneAt,
  impulse: number,
  reasons: NoShotReason[],
  hexes: number,
  range: number,
  line: readonly Hex[],
): void {
  const fp = posOf(f.plane);
  if (hexes > MAX_RANGE) {
    // Beyond 8 hexes the cone has no width to measure (beyond-range says so): only whether any
    // hex of the target area was ahead at all.
    const ahead = targetArea(posOf(t), hexes).some((h) => {
      const c = clockPosition(fp.hex, fp.facing, h) as number;
      return c <= 2 || c >= 10;
    });
    record(w, f, t, impulse, ahead ? reasons : [...reasons, 'not-ahead'], hexes, range);
    return;
  }
  if (inConeArea(fp, line, t, hexes)) {
    record(w, f, t, impulse, reasons, hexes, range);
    return;
  }
  if (!beats(w, reasons.length + 1, range)) return;
  const miss = coneMiss(fp, line, t, hexes);
  record(w, f, t, impulse, [...reasons, miss.reason], hexes, range, miss.by);
}

const reachOf = (g: GunGroup): number => (g.shortRange ? SHORT_MAX_RANGE : MAX_RANGE);
const reach = (groups: readonly GunGroup[]): number =>
  groups.every((g) => g.shortRange) ? SHORT_MAX_RANGE : MAX_RANGE;

export function gunChances(w: Watch, f: FirerFrame, before: Before, impulse: number): void {
  const index = f.orders.indexOf(w.order);
  let any = false;
  let line: Hex[] | undefined;
  for (const cls of ['fixed', 'flex'] as const) {
    const groups = groupsFor(f.card, w.order, cls);
    if (!groups.length) continue;
    any = true;
    const { fired, flexTargets } = firedWhenTried(f, before, cls, index);
    const own: NoShotReason[] = [];
    const free = groups.filter((g) => !fired.has(g.id) && !f.held.has(g.id));
    if (!free.length) {
      if (groups.some((g) => f.held.has(g.id))) own.push('fire-held');
      if (groups.some((g) => fired.has(g.id))) own.push('already-fired');
    }
    if (w.order.from !== undefined && impulse < w.order.from) own.push('before-from');
    if (cls === 'fixed' && !f.active) own.push('not-active');
    if (cls === 'fixed' && f.dropsOrdnance) own.push('ordnance');
    // The guns measured: those still free, or (all fired or held) the order's own.
    const guns = free.length ? free : groups;
    const at = f.plane.hex;
    for (const t of f.enemies) {
      if (!aims(w.order, t)) continue;
      const hexes = distance(at, t.hex);
      // The hexes bound the range from below, and beyond 8 the range fails: skip a target that
      // cannot beat the best chance so far before measuring anything else.
      if (!beats(w, own.length + (hexes > MAX_RANGE ? 1 : 0), hexes)) continue;
      const dz = t.altitude - f.plane.altitude;
      const range = adjustedRange(hexes, dz);
      const reasons = [...own];
      // In the same hex there is no bearing: the range (the height apart) is all else to measure.
      if (hexes === 0) {
        reasons.push('same-hex');
        if (!guns.some((g) => range <= reachOf(g))) reasons.push('beyond-range');
        if (w.order.within !== undefined && range > w.order.within) reasons.push('beyond-within');
        record(w, f, t, impulse, reasons, hexes, range);
        continue;
      }
      if (cls === 'flex' && flexTargets.has(t.id)) reasons.push('flex-target-shot');
      // Beyond every gun's reach the other conditions are still measured: the player is told
      // every one that failed, not only the first (the cone of a hex beyond 8 has no width: see coneMiss).
      if (cls === 'fixed') {
        if (range > reach(guns)) reasons.push('beyond-range');
        if (w.order.within !== undefined && range > w.order.within) reasons.push('beyond-within');
        const v = vertical(f.attitude, dz, hexes);
        if (v) reasons.push(v);
        // The cone only adds a failure: measure it only for a candidate that may still win.
        if (!beats(w, reasons.length, range)) continue;
        line ??= coneLine(posOf(f.plane));
        coneChance(w, f, t, impulse, reasons, hexes, range, line);
      } else {
        const within = w.order.within !== undefined && range > w.order.within;
        // The arc only adds a failure (and a gun out of reach that bears): bound it first.
        const someReach = guns.some((g) => range <= reachOf(g));
        if (!beats(w, reasons.length + (someReach ? 0 : 1) + (within ? 1 : 0), range)) continue;
        const clock = clockPosition(f.plane.hex, f.plane.facing, t.hex) ?? 12;
        const inArc = guns.filter((g) => (g.arc ?? []).includes(clock));
        if (!(inArc.length ? inArc : guns).some((g) => range <= reachOf(g))) reasons.push('beyond-range');
        if (within) reasons.push('beyond-within');
        if (!inArc.length) reasons.push('outside-arc');
        record(w, f, t, impulse, reasons, hexes, range);
      }
    }
  }
  if (!any) w.gunsOut = true;
}

export function rocketChances(w: Watch, f: FirerFrame, before: Before, impulse: number): void {
  const own: NoShotReason[] = [];
  const rocketOrders = f.orders.filter((o) => o.guns.toUpperCase() === ROCKETS);
  // Only the first ROCKETS order that finds a target fires; the later ones find them gone.
  const spent = f.rocketOrder !== undefined && rocketOrders.indexOf(w.order) > rocketOrders.indexOf(f.rocketOrder);
  if (f.rocketsBefore === undefined) {
    w.gunsOut = true;
    return;
  }
  if (rocketOrders.some((o) => o.hold)) own.push('fire-held');
  if (f.rocketsBefore !== 'carried' || spent) own.push('already-fired');
  if (w.order.from !== undefined && impulse < w.order.from) own.push('before-from');
  if (!f.active) own.push('not-active');
  let line: Hex[] | undefined;
  const at = f.plane.hex;
  for (const t of f.enemies) {
    if (!aims(w.order, t)) continue;
    const hexes = distance(at, t.hex);
    if (!beats(w, own.length + (hexes > MAX_RANGE ? 1 : 0), hexes)) continue;
    const dz = t.altitude - f.plane.altitude;
    const range = adjustedRange(hexes, dz);
    const reasons = [...own];
    if (hexes === 0) reasons.push('same-hex');
    if (!isHeavy(before.classOf(t))) reasons.push('not-heavy-bomber');
    if (range > MAX_RANGE) reasons.push('beyond-range');
    if (w.order.within !== undefined && range > w.order.within) reasons.push('beyond-within');
    if (hexes === 0) {
      record(w, f, t, impulse, reasons, hexes, range);
      continue;
    }
    const v = vertical(f.attitude, dz, hexes);
    if (v) reasons.push(v);
    if (!fromBehind(clockPosition(t.hex, t.facing, f.plane.hex) ?? 12)) reasons.push('not-from-behind');
    if (!beats(w, reasons.length, range)) continue;
    line ??= coneLine(posOf(f.plane));
    coneChance(w, f, t, impulse, reasons, hexes, range, line);
  }
}

/** Where a plane was in one firing phase (planes move on; the diagnosis comes at the end of the turn). */
export type PlaneAt = Pick<PlaneState, 'id' | 'side' | 'type' | 'hex' | 'facing' | 'nextRight' | 'altitude'>;

/** What the firing phase knew about one plane in one impulse, and the shots it found. */
export interface FirerFrame {
  impulse: number;
  plane: PlaneAt;
  /** The card with only the guns working in this impulse. */
  card: AircraftCard;
  /** The plane's orders, in the player's order (shots.ts tries them so). */
  orders: readonly FireOrder[];
  active: boolean;
  dropsOrdnance: boolean;
  attitude: Attitude;
  held: ReadonlySet<string>;
  /** Rockets carried at the start of this firing phase. */
  rocketsBefore: PlaneState['rockets'];
  shots: ShotPlan[];
  /** The ROCKETS order that fired in this impulse, if one did. */
  rocketOrder?: FireOrder;
  /** Every flying enemy, in the game's order. */
  enemies: readonly PlaneAt[];
}
