/**
 * What a plane the stand-in flies is there for (docs/standin.md "The scenario's purpose"), read
 * from the state alone, since a scenario writes no mission down:
 *
 * - a bomber (a bomber's or dive or torpedo bomber's card, or any plane loaded with bombs or a
 *   torpedo) flies for the nearest enemy truck, tank or ship its side sees (a torpedo plane for the
 *   nearest ship; nearest counting a turn toward it as a hex a 30 degrees), and without one holds
 *   the course it has (the raid's heading); it fights only to keep out of the enemies' guns;
 * - an escort (a fighter whose side has a bomber in the air) fights, but stays near its bombers;
 * - an interceptor (a fighter whose enemies have a bomber in the air) goes for the bombers first;
 * - any other fighter, while its side sees no enemy plane (fog of war, docs/spotting.md), patrols:
 *   over its side's nearest truck, tank or ship, else toward the nearest enemy one its side sees,
 *   else toward the middle of the map, where the enemy is most likely met.
 */
import { distance, fromColRow, type Hex } from '../hex/coords.ts';
import { degreesOff } from '../hex/facing.ts';
import { flightLine } from '../hex/flight.ts';
import { activeUnits } from '../units/plan.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';

export type Role = 'bomber' | 'escort' | 'interceptor' | 'fighter';

export interface Purpose {
  role: Role;
  /**
   * A bomber's target: the enemy unit it flies for, and where it is guessed to be at the end of the
   * next turn (`next`: this turn's guessed move once more, air.ts), where a run flown next turn ends.
   */
  target?: { id: string; hex: Hex; next?: Hex };
  /** A bomber without a target: the heading it holds (its facing at the turn's start). */
  course?: number;
  /** An escort's bombers: where each is expected at the turn's end (its orders when chosen already, else flying straight on). */
  flock?: Hex[];
  /** An interceptor's prey: the enemy bombers' ids. */
  prey?: Set<string>;
  /** A fighter's patrol while no enemy plane is seen: where, and in words. */
  patrol?: { hex: Hex; words: string };
}

/** Seed 001 rule (27)-(29)'s classes that are not fighters, or a plane carrying a load. */
export function isBomber(state: GameState, p: PlaneState): boolean {
  if (p.loaded || p.torpedo) return true;
  const c = cardOf(state, p).class;
  return c !== 'fighter1' && c !== 'fighter2';
}

const inAir = (p: PlaneState): boolean => p.status === 'flying' && !p.ground;

/** Where a plane is expected at the turn's end if it flies straight on at its speed. */
const straightOn = (p: PlaneState): Hex =>
  flightLine({ hex: p.hex, facing: p.facing, nextRight: p.nextRight }, Math.max(1, Math.round(p.speed / 10))).at(-1) ??
  p.hex;

/**
 * The purpose of `plane` in `seen` (its side's view of the state). `ends`: where planes of its side
 * already given their orders this turn end (the stand-in chooses for a side's bombers first, so
 * that its escorts keep station where the bombers will be, not where flying straight on takes them).
 */
export function purposeOf(seen: GameState, plane: PlaneState, ends?: ReadonlyMap<string, Hex>): Purpose {
  if (isBomber(seen, plane)) {
    // A torpedo is for ships (seed 000 V.D); bombs for any truck, tank or ship.
    // The nearest by the hexes to it and the turn to face it: 1 a 30 degrees off the nose, a hex
    // a clock point (one behind is 6 further than one as far ahead: turning back takes turns).
    const reach = (h: Hex): number => distance(plane.hex, h) + (degreesOff(plane.hex, plane.facing, h) ?? 0) / 30;
    const units = activeUnits(seen)
      .filter((u) => u.side !== plane.side && u.kind !== 'torpedo' && (!plane.torpedo || u.kind === 'ship'))
      .sort((a, b) => reach(a.hex) - reach(b.hex) || a.id.localeCompare(b.id));
    const t = units[0];
    return t ? { role: 'bomber', target: { id: t.id, hex: t.hex } } : { role: 'bomber', course: plane.facing };
  }
  const friends = seen.planes.filter(
    (p) => p.side === plane.side && p.id !== plane.id && inAir(p) && isBomber(seen, p),
  );
  const foes = seen.planes.filter((p) => p.side !== plane.side && inAir(p) && isBomber(seen, p));
  if (foes.length) return { role: 'interceptor', prey: new Set(foes.map((p) => p.id)) };
  if (friends.length) return { role: 'escort', flock: friends.map((p) => ends?.get(p.id) ?? straightOn(p)) };
  return { role: 'fighter', patrol: patrolOf(seen, plane) };
}

/** Where a fighter patrols while it sees no enemy plane: over its side's nearest unit, toward the nearest enemy unit, or the middle of the map. */
function patrolOf(seen: GameState, plane: PlaneState): { hex: Hex; words: string } {
  const units = activeUnits(seen)
    .filter((u) => u.kind !== 'torpedo')
    .sort((a, b) => distance(plane.hex, a.hex) - distance(plane.hex, b.hex) || a.id.localeCompare(b.id));
  const own = units.find((u) => u.side === plane.side);
  if (own) return { hex: own.hex, words: `covering ${own.id}` };
  const theirs = units.find((u) => u.side !== plane.side);
  if (theirs) return { hex: theirs.hex, words: `sweeping toward ${theirs.id}` };
  return {
    hex: fromColRow(Math.ceil(seen.map.width / 2), Math.ceil(seen.map.height / 2)),
    words: 'searching toward the middle of the map',
  };
}
