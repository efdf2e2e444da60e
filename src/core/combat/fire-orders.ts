/**
 * Standing fire orders (rules-notes "Playing by mail"; seed 000 VII): which gun class a fire order
 * covers, whether it applies in this impulse, and which bearing it picks. Orders are tried in the
 * order the player wrote them; the first that finds a target fires. No order for a class of guns =
 * those guns hold fire (the missed-orders default).
 */
import type { AircraftCard, GunGroup } from '../aircraft/types.ts';
import type { FireOrder } from '../../orders/ast.ts';
import type { Bearing } from './targets.ts';

export type GunClass = 'fixed' | 'flex';

export const isFixed = (g: GunGroup): boolean => g.mount !== 'F';

/** The gun groups of a card an order names for one class (FIXED, FLEX, ALL or a group id). */
export function groupsFor(card: AircraftCard, order: FireOrder, cls: GunClass): GunGroup[] {
  const ofClass = card.guns.filter((g) => (cls === 'fixed' ? isFixed(g) : !isFixed(g)));
  const sel = order.guns.toUpperCase();
  if (sel === 'ALL') return ofClass;
  if (sel === 'FIXED') return cls === 'fixed' ? ofClass : [];
  if (sel === 'FLEX') return cls === 'flex' ? ofClass : [];
  return ofClass.filter((g) => g.id.toUpperCase() === sel);
}

/** Gun selectors of an order that match nothing on the card (reported when orders are checked). */
export function unknownGuns(card: AircraftCard, order: FireOrder): string | undefined {
  const sel = order.guns.toUpperCase();
  if (['ALL', 'FIXED', 'FLEX'].includes(sel)) return undefined;
  return card.guns.some((g) => g.id.toUpperCase() === sel) ? undefined : sel;
}

/** FIRE orders of one plane that cover a class of guns, in the player's order. */
export function ordersFor(card: AircraftCard, orders: readonly FireOrder[], cls: GunClass): FireOrder[] {
  return orders.filter((o) => !o.hold && groupsFor(card, o, cls).length > 0);
}

/** Gun groups a HOLD order silences for the turn (HOLD A1 = all of them; HOLD A1 FLEX; HOLD A1 TAIL). */
export function heldGroups(card: AircraftCard, orders: readonly FireOrder[]): Set<string> {
  const held = new Set<string>();
  for (const o of orders) {
    if (!o.hold) continue;
    for (const cls of ['fixed', 'flex'] as const) for (const g of groupsFor(card, o, cls)) held.add(g.id);
  }
  return held;
}

/** Does a bearing satisfy an order's target, FROM and WITHIN conditions in this impulse? */
export function orderAllows(order: FireOrder, b: Bearing, impulse: number): boolean {
  if (order.from !== undefined && impulse < order.from) return false;
  if (order.within !== undefined && b.range > order.within) return false;
  return order.target === 'ANY' || order.target.toUpperCase() === b.target.id.toUpperCase();
}

/**
 * The best of several possible shots for one order: the shortest altitude-adjusted range, then
 * the better deflection (the higher DRM), then the target listed first in the game.
 */
export function bestBearing<T extends { bearing: Bearing; drm: number; order: number }>(shots: T[]): T | undefined {
  return [...shots].sort((a, b) => a.bearing.range - b.bearing.range || b.drm - a.drm || a.order - b.order)[0];
}
