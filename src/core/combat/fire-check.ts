/**
 * Checks fire orders before a turn is flown, so a player learns of a mistake in the
 * acknowledgement, not in the report: guns the plane does not carry, targets that are not enemy
 * planes in the game, planes that can no longer fire.
 */
import type { FireOrder } from '../../orders/ast.ts';
import type { Problem } from '../result.ts';
import { cardOf, type GameState } from '../state.ts';
import { groupsFor, heldGroups, unknownGuns } from './fire-orders.ts';
import { ROCKETS } from './rockets.ts';

export function checkFireOrders(state: GameState, fire: readonly FireOrder[]): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map(state.planes.map((p) => [p.id.toUpperCase(), p]));
  // The HOLD lines of each plane, gathered once: the check stays linear in the fire orders.
  const holds = new Map<string, FireOrder[]>();
  for (const h of fire) if (h.hold) holds.set(h.plane.toUpperCase(), [...(holds.get(h.plane.toUpperCase()) ?? []), h]);
  const heldOf = new Map<string, Set<string>>();
  for (const o of fire) {
    const plane = byId.get(o.plane.toUpperCase());
    if (!plane) {
      problems.push({ code: 'E_UNKNOWN_PLANE', plane: o.plane, message: `there is no plane ${o.plane} in this game` });
      continue;
    }
    const card = cardOf(state, plane);
    const bad = o.guns.toUpperCase() === ROCKETS ? undefined : unknownGuns(card, o);
    if (o.guns.toUpperCase() === ROCKETS && !o.hold && plane.rockets !== 'carried') {
      problems.push({
        code: 'E_FIRE_GUNS',
        plane: plane.id,
        message:
          plane.rockets === 'fired'
            ? `${plane.id} has fired its rockets already (one attack a game)`
            : `${plane.id} carries no rockets`,
      });
    }
    if (bad) {
      const groups = card.guns.map((g) => g.id).join(', ') || 'none';
      problems.push({
        code: 'E_FIRE_GUNS',
        plane: plane.id,
        message: `${plane.id} (${card.name}) has no gun group ${bad}; write FIXED, FLEX, ALL or one of its groups: ${groups}`,
      });
    }
    if (!o.hold && o.guns.toUpperCase() !== ROCKETS) {
      const key = o.plane.toUpperCase();
      const held = heldOf.get(key) ?? heldGroups(card, holds.get(key) ?? []);
      heldOf.set(key, held);
      const silenced = [...groupsFor(card, o, 'fixed'), ...groupsFor(card, o, 'flex')]
        .filter((g) => held.has(g.id))
        .map((g) => g.id);
      if (silenced.length) {
        problems.push({
          code: 'E_FIRE_HELD',
          plane: plane.id,
          message: `FIRE ${plane.id} ${o.guns} names guns a HOLD line for ${plane.id} keeps silent (${silenced.join(', ')}); remove the HOLD line or this FIRE line`,
        });
      }
    }
    // Seed 003: each hex a plane moves is an impulse, so their number changes with every turn's
    // speeds and order; an impulse named in advance would mean nothing (docs/rules.md).
    if (!o.hold && o.from !== undefined && state.options.sequence === 'two-phase') {
      problems.push({
        code: 'E_FROM_TWO_PHASE',
        rule: 'seed 003',
        plane: plane.id,
        message: `FIRE ${plane.id} ... FROM ${o.from}: this game plays the two-phase sequence, where each hex a plane moves is an impulse and their number changes every turn, so FROM has no meaning; leave it out (WITHIN still limits the range)`,
      });
    }
    if (o.hold || o.target.toUpperCase() === 'ANY') continue;
    const target = byId.get(o.target.toUpperCase());
    if (!target)
      problems.push({
        code: 'E_FIRE_TARGET',
        plane: plane.id,
        message: `FIRE ${plane.id} ... AT ${o.target}: there is no plane ${o.target} in this game; write AT <an enemy plane> or AUTO`,
      });
    else if (target.side === plane.side)
      problems.push({
        code: 'E_FIRE_TARGET',
        plane: plane.id,
        message: `FIRE ${plane.id} ... AT ${target.id}: ${target.id} is on your own side; write AT <an enemy plane> or AUTO`,
      });
  }
  return problems;
}
