/**
 * Which shots the standing fire orders take in one impulse's firing phase (seed 000 VII; seed 001
 * combat; rules-notes "Playing by mail"). Geometry and orders only, no dice: the shots found here
 * are then thrown by the game's combat model, all together.
 *
 * - Fixed guns (FF, FH, FL): in an active impulse only, not on a turn the plane drops ordnance
 *   (seed 000 VIII.3), through the cone of fire with the nose-attitude limits; each group once a turn.
 * - Flexible guns (F): in any impulse; only the best single position fires at a given target, with
 *   seed 001's 2x30M exception; each position once a turn.
 */
import type { AircraftCard, GunGroup } from '../aircraft/types.ts';
import type { FireOrder } from '../../orders/ast.ts';
import type { PlaneState } from '../state.ts';
import { type Deflection, fixedDeflection, flexDeflection } from './deflection.ts';
import { bestBearing, groupsFor, orderAllows, ordersFor } from './fire-orders.ts';
import { bestHits, chartFor } from './fire-tables.ts';
import { type Bearing, bearingOf, fixedBears, flexBearing, positionOf } from './targets.ts';
import { type Attitude, coneLine, SHORT_MAX_RANGE } from './cone.ts';
import { firepower, type WeaponCount, normalizeMix } from './weapons.ts';

export interface ShotPlan {
  firer: PlaneState;
  target: PlaneState;
  cls: 'fixed' | 'flex';
  groups: GunGroup[];
  mix: WeaponCount[];
  bearing: Bearing;
  deflection: Deflection;
  /** The standing order that fired it (combat/no-shot.ts tells the orders that did not). */
  order: FireOrder;
}

/** What the firing phase knows about one plane this impulse. */
export interface FirerContext {
  plane: PlaneState;
  /** The card with only the guns still working. */
  card: AircraftCard;
  orders: readonly FireOrder[];
  /** Moved (or held a steep or vertical box) in this impulse. */
  active: boolean;
  /** Drops ordnance this turn: no fixed guns (seed 000 VIII.3). */
  dropsOrdnance: boolean;
  attitude: Attitude;
  /** Gun groups already fired this turn. */
  fired: Set<string>;
  /** Planes this plane's flexible guns have fired at this turn (one shot at a plane a turn). */
  flexTargets: Set<string>;
  /** Gun groups a HOLD order silences this turn. */
  held: Set<string>;
  /** Engines of a target's type (deflection columns). */
  enginesOf: (p: PlaneState) => number;
}

const mixOf = (groups: readonly GunGroup[]): WeaponCount[] => normalizeMix(groups.flatMap((g) => g.weapons));

/** Fixed shots of one plane: each order in turn, the best target it allows; groups fire once. */
export function fixedShots(f: FirerContext, enemies: readonly PlaneState[], impulse: number): ShotPlan[] {
  if (!f.active || f.dropsOrdnance) return [];
  const shots: ShotPlan[] = [];
  let line: ReturnType<typeof coneLine> | undefined;
  for (const order of ordersFor(f.card, f.orders, 'fixed')) {
    const free = groupsFor(f.card, order, 'fixed').filter((g) => !f.fired.has(g.id) && !f.held.has(g.id));
    if (!free.length) continue;
    const options: { bearing: Bearing; drm: number; order: number; groups: GunGroup[]; deflection: Deflection }[] = [];
    enemies.forEach((t, order_) => {
      const b = bearingOf(f.plane, t);
      if (!b || !orderAllows(order, b, impulse)) return;
      // Guns rated range 3 in the original reach 6 hexes only (seed 001 combat).
      const groups = free.filter((g) => !g.shortRange || b.range <= SHORT_MAX_RANGE);
      line ??= coneLine(positionOf(f.plane));
      if (!fixedBears(f.plane, b, f.attitude, groups, line)) return;
      const deflection = fixedDeflection(b.clockFromTarget, f.enginesOf(t));
      options.push({ bearing: b, drm: deflection.drm, order: order_, groups, deflection });
    });
    const best = bestBearing(options);
    if (!best) continue;
    for (const g of best.groups) f.fired.add(g.id);
    shots.push({
      firer: f.plane,
      target: best.bearing.target,
      cls: 'fixed',
      groups: best.groups,
      mix: mixOf(best.groups),
      bearing: best.bearing,
      deflection: best.deflection,
      order,
    });
  }
  return shots;
}

/**
 * The flexible position (or the 2x30M pair) that fires at one target: the greatest firepower,
 * then the best chart result. Seed 001: rifle-calibre single guns that bear together fire as 2x30M.
 */
export function bestFlex(groups: readonly GunGroup[]): GunGroup[] {
  if (!groups.length) return [];
  const score = (gs: readonly GunGroup[]) => {
    const mix = mixOf(gs);
    return firepower(mix) * 100 + bestHits(chartFor(mix), 1);
  };
  // The first of the highest-scoring positions, each scored once.
  let single = groups[0] as GunGroup;
  let top = score([single]);
  for (const g of groups.slice(1)) {
    const s = score([g]);
    if (s > top) {
      single = g;
      top = s;
    }
  }
  const rifles = groups.filter((g) => g.weapons.every((w) => w.type === '30M'));
  const count = (g: GunGroup) => g.weapons.reduce((s, w) => s + w.count, 0);
  if (count(single) < 2 && rifles.length >= 2 && top < score(rifles.slice(0, 2))) {
    const pair = [...rifles].sort((a, b) => count(b) - count(a)).slice(0, 2);
    return pair;
  }
  return [single];
}

/**
 * Flexible shots of one plane: per order, the targets it allows, closest first, one shot at each
 * plane a turn (seed 001: only the best single flexible shot at a given plane; seed 000 VII.4).
 */
export function flexShots(f: FirerContext, enemies: readonly PlaneState[], impulse: number): ShotPlan[] {
  const shots: ShotPlan[] = [];
  const shotAt = f.flexTargets;
  for (const order of ordersFor(f.card, f.orders, 'flex')) {
    let free = groupsFor(f.card, order, 'flex').filter((g) => !f.fired.has(g.id) && !f.held.has(g.id));
    if (!free.length) continue;
    const options: { bearing: Bearing; drm: number; order: number; deflection: Deflection }[] = [];
    enemies.forEach((t, i) => {
      if (shotAt.has(t.id)) return;
      const b = bearingOf(f.plane, t);
      if (!b || !orderAllows(order, b, impulse)) return;
      const deflection = flexDeflection(f.plane.facing, t.facing, b.clockFromFirer, f.enginesOf(t));
      options.push({ bearing: b, drm: deflection.drm, order: i, deflection });
    });
    options.sort((a, b) => a.bearing.range - b.bearing.range || b.drm - a.drm || a.order - b.order);
    for (const o of options) {
      if (!free.length) break;
      const groups = bestFlex(flexBearing(o.bearing, free));
      if (!groups.length) continue;
      for (const g of groups) f.fired.add(g.id);
      free = free.filter((g) => !f.fired.has(g.id));
      shotAt.add(o.bearing.target.id);
      shots.push({
        firer: f.plane,
        target: o.bearing.target,
        cls: 'flex',
        groups,
        mix: mixOf(groups),
        bearing: o.bearing,
        deflection: o.deflection,
        order,
      });
    }
  }
  return shots;
}
