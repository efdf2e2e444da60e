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
import type { FireOrder } from '../../orders/ast.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import type { PlaneState } from '../state.ts';
import { shootDown, type ApplyContext } from './apply.ts';
import { bestBearing, orderAllows } from './fire-orders.ts';
import type { FirerContext } from './shots.ts';
import { type Bearing, bearingOf, fixedBears } from './targets.ts';

export const ROCKETS = 'ROCKETS';
const LAUNCHER: GunGroup[] = [{ id: ROCKETS, mount: 'FF', weapons: [] }];

export const isHeavy = (cls: string): boolean => cls === 'bomber3' || cls === 'bomber4';

/** The firer in the target's 4 to 8 o'clock: rockets are launched from behind. */
export const fromBehind = (clockFromTarget: number): boolean => clockFromTarget >= 4 && clockFromTarget <= 8;

export interface RocketAttack {
  event: Extract<GameEvent, { type: 'rocket' }>;
  target: PlaneState;
  order: FireOrder;
}

/** The rocket attack the plane's ROCKETS orders find in this impulse, without a die (7.1.2). */
export function findRocketAttack(
  f: FirerContext,
  enemies: readonly PlaneState[],
  impulse: number,
  classOf: (p: PlaneState) => string,
): { order: FireOrder; bearing: Bearing } | undefined {
  if (f.plane.rockets !== 'carried' || !f.active) return undefined;
  const orders = f.orders.filter((o) => o.guns.toUpperCase() === ROCKETS);
  if (!orders.length || orders.some((o) => o.hold)) return undefined;
  for (const order of orders) {
    const options: { bearing: Bearing; drm: number; order: number }[] = [];
    enemies.forEach((t, i) => {
      if (!isHeavy(classOf(t))) return;
      const b = bearingOf(f.plane, t);
      if (!b || !orderAllows(order, b, impulse)) return;
      if (!fromBehind(b.clockFromTarget)) return;
      if (!fixedBears(f.plane, b, f.attitude, LAUNCHER)) return;
      options.push({ bearing: b, drm: 0, order: i });
    });
    const best = bestBearing(options);
    if (best) return { order, bearing: best.bearing };
  }
  return undefined;
}

export function rocketAttacks(
  f: FirerContext,
  enemies: readonly PlaneState[],
  impulse: number,
  turn: number,
  dice: Dice,
  classOf: (p: PlaneState) => string,
  hitOn: number,
): RocketAttack[] {
  const found = findRocketAttack(f, enemies, impulse, classOf);
  if (!found) return [];
  const { bearing } = found;
  const target = bearing.target;
  const die = dice.roll(6, { turn, impulse, label: `${f.plane.id}>${target.id}:${ROCKETS}:d6` });
  f.plane.rockets = 'fired';
  return [
    {
      target,
      order: found.order,
      event: {
        impulse,
        phase: 'D',
        plane: f.plane.id,
        type: 'rocket',
        target: target.id,
        range: bearing.range,
        clock: bearing.clockFromTarget,
        die,
        hitOn,
        hit: die <= hitOn,
      },
    },
  ];
}

export function applyRocket(ctx: ApplyContext, a: RocketAttack): void {
  if (a.event.hit) shootDown(ctx, a.target, [a.event.plane], 'destroyed by rockets (seed 002 7.1.3)');
}
