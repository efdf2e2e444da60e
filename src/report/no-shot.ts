/**
 * Why a fire order did not fire, in one line for a player (core/combat/no-shot.ts makes the
 * `no-shot` events; docs/cli.md lists the reason codes): the order, its closest chance (impulse,
 * range, where the enemy was) and every condition that stopped it there. Only a reader's own
 * planes' lines go in his mail: they tell the plane's fire orders.
 */
import type { NoShotReason } from '../core/events.ts';
import { phaseName, type TurnShape, turnShape } from './turn-shape.ts';
import type { GameEvent } from '../core/events.ts';
import type { PlaneStatus } from '../core/state.ts';
import { formatFireOrder } from '../orders/fire.ts';
import { clockWords } from './clock.ts';

export type NoShotEvent = Extract<GameEvent, { type: 'no-shot' }>;

const hexes = (n: number): string => `${n} hex${n === 1 ? '' : 'es'}`;

const GONE: Partial<Record<PlaneStatus, string>> = {
  'shot-down': 'was shot down',
  'bailed-out': 'was shot down',
  crashed: 'crashed',
  exited: 'left the map',
};

/** What one failed condition means, in words. */
function because(
  r: NoShotReason,
  e: NoShotEvent,
  statusOf: (id: string) => PlaneStatus | undefined,
  shape: TurnShape,
): string {
  const target = e.target ?? e.at;
  const rockets = e.guns.toUpperCase() === 'ROCKETS';
  const gone = GONE[statusOf(target) ?? 'flying'];
  switch (r) {
    case 'not-flying':
      return `${e.plane} ${GONE[statusOf(e.plane) ?? 'flying'] ?? 'did not fly'}`;
    case 'guns-out':
      return rockets ? `${e.plane} carries no rockets` : 'the guns it names are out of action';
    case 'fire-held':
      return 'a HOLD line keeps them silent';
    case 'already-fired':
      return rockets ? 'the rockets were fired already' : 'the guns had fired already this turn (once a turn each)';
    case 'before-from':
      return `before impulse ${e.from ?? '?'} (FROM ${e.from ?? '?'})`;
    case 'not-active':
      return shape.twoPhase
        ? `${e.plane} was not the plane moving (${rockets ? 'rockets' : 'fixed guns'} fire only in its own hexes)`
        : `${e.plane} not active in that impulse (${rockets ? 'rockets' : 'fixed guns'} fire only in one)`;
    case 'ordnance':
      return `no fixed guns on a turn ${e.plane} drops its bombs or torpedo`;
    case 'no-target':
      return 'no enemy plane was flying';
    case 'target-gone':
      return `${target} ${gone ?? 'was not flying'}`;
    case 'same-hex':
      return `${target} in the same hex`;
    case 'not-heavy-bomber':
      return `${target} is no 3- or 4-engined bomber (rockets only at those)`;
    case 'flex-target-shot':
      return `the flexible guns had fired at ${target} already (once a turn)`;
    case 'beyond-range':
      return "beyond the guns' range";
    case 'beyond-within':
      return `beyond WITHIN ${e.within ?? '?'}`;
    case 'nose-attitude':
      return (e.altitudeDiff ?? 0) < 0 ? 'nose up at a lower plane' : 'nose down at a higher plane';
    case 'altitude-separation':
      return 'over 300 ft of height a hex with the nose level';
    case 'not-from-behind':
      return `not behind ${target} (rockets from its 4 to 8 o'clock)`;
    case 'not-ahead':
      return `${target} not ahead (${rockets ? 'rockets' : 'fixed guns'} fire forward)`;
    case 'outside-cone':
      return e.by !== undefined ? `outside the cone by ${hexes(e.by)}` : 'outside the cone';
    case 'outside-arc':
      return 'outside the arc of the guns';
  }
}

/**
 * "FIRE R1 ALL AT G1: no shot - closest chance in impulse 8, range 3, G1 at 2 o'clock: outside
 * the cone by 1 hex". `statusOf` gives a plane's status at the end of the turn (for the words of
 * a plane gone).
 */
export function noShotLine(
  e: NoShotEvent,
  statusOf: (id: string) => PlaneStatus | undefined = () => undefined,
  shape: TurnShape = turnShape([]),
): string {
  const order = formatFireOrder({
    plane: e.plane,
    guns: e.guns,
    hold: false,
    target: e.at,
    ...(e.from !== undefined ? { from: e.from } : {}),
    ...(e.within !== undefined ? { within: e.within } : {}),
  });
  const why = e.reasons.map((r) => because(r, e, statusOf, shape)).join('; ');
  if (e.impulse >= shape.end || e.range === undefined || !e.target) return `${order}: no shot - ${why}`;
  // The range and what it is made of when height adds to it: "range 17 (same hex, 8,700 ft apart)".
  const apart = Math.abs(e.altitudeDiff ?? 0);
  const parts =
    e.range === e.hexes || !apart
      ? []
      : [e.hexes === 0 ? 'same hex' : hexes(e.hexes ?? 0), `${apart.toLocaleString('en-US')} ft apart`];
  const range = `range ${e.range}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  const where = e.hexes === 0 ? '' : `, ${clockWords(e.target, e.plane, e.clock ?? 12)}`;
  const phase = shape.twoPhase ? ` (${phaseName(shape, e.impulse)} phase)` : '';
  return `${order}: no shot - closest chance in impulse ${e.impulse}${phase}, ${range}${where}: ${why}`;
}

/** The lines of the planes given (a reader's own), in the order the orders were written. */
export function noShotLines(
  events: readonly GameEvent[],
  planes: readonly string[],
  statusOf?: (id: string) => PlaneStatus | undefined,
): string[] {
  const mine = new Set(planes.map((p) => p.toUpperCase()));
  const shape = turnShape(events);
  return events
    .filter((e): e is NoShotEvent => e.type === 'no-shot' && mine.has(e.plane.toUpperCase()))
    .map((e) => noShotLine(e, statusOf, shape));
}
