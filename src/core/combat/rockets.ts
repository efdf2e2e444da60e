/**
 * Air-to-air rockets (seed 002 section 7, an option of the scenario: `rockets: true` on a plane
 * whose card can carry them). Translated to the hex game (docs/rules.md "Rockets"):
 *
 * - one attack a game, by a fire order naming ROCKETS (ALL means the guns only), in an active
 *   impulse, at a heavy bomber (3 or 4 engines) — 7.1.2;
 * - from behind: the firer in the target's 4 to 8 o'clock, inside the cone of fire with the fixed
 *   guns' range and nose-attitude limits (stand-off weapons "launched into bomber formations from
 *   behind");
 * - a D6 up to the card's `hitOn` (1; 1-2 for the Bf 110) destroys the bomber (7.1.3);
 * - carried, they cost the plane one step of turn mode; fired or not, one of speed (7.1.4).
 */
import type { GunGroup } from '../aircraft/types.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import type { PlaneState } from '../state.ts';
import { shootDown, type ApplyContext } from './apply.ts';
import { bestBearing, orderAllows } from './fire-orders.ts';
import type { FirerContext } from './shots.ts';
import { type Bearing, bearingOf, fixedBears } from './targets.ts';

export const ROCKETS = 'ROCKETS';
const LAUNCHER: GunGroup[] = [{ id: ROCKETS, mount: 'FF', weapons: [] }];

const isHeavy = (cls: string): boolean => cls === 'bomber3' || cls === 'bomber4';

export interface RocketAttack {
  event: Extract<GameEvent, { type: 'rocket' }>;
  target: PlaneState;
}

export function rocketAttacks(
  f: FirerContext, enemies: readonly PlaneState[], impulse: number, turn: number, dice: Dice, classOf: (p: PlaneState) => string, hitOn: number,
): RocketAttack[] {
  if (f.plane.rockets !== 'carried' || !f.active) return [];
  const orders = f.orders.filter((o) => o.guns.toUpperCase() === ROCKETS);
  if (!orders.length || orders.some((o) => o.hold)) return [];
  for (const order of orders) {
    const options: { bearing: Bearing; drm: number; order: number }[] = [];
    enemies.forEach((t, i) => {
      if (!isHeavy(classOf(t))) return;
      const b = bearingOf(f.plane, t);
      if (!b || !orderAllows(order, b, impulse)) return;
      if (b.clockFromTarget < 4 || b.clockFromTarget > 8) return;
      if (!fixedBears(f.plane, b, f.attitude, LAUNCHER)) return;
      options.push({ bearing: b, drm: 0, order: i });
    });
    const best = bestBearing(options);
    if (!best) continue;
    const target = best.bearing.target;
    const die = dice.roll(6, { turn, impulse, label: `${f.plane.id}>${target.id}:${ROCKETS}:d6` });
    f.plane.rockets = 'fired';
    return [{
      target,
      event: {
        impulse, phase: 'D', plane: f.plane.id, type: 'rocket', target: target.id, range: best.bearing.range,
        clock: best.bearing.clockFromTarget, die, hitOn, hit: die <= hitOn,
      },
    }];
  }
  return [];
}

export function applyRocket(ctx: ApplyContext, a: RocketAttack): void {
  if (a.event.hit) shootDown(ctx, a.target, [a.event.plane], 'destroyed by rockets (seed 002 7.1.3)');
}
