/**
 * Traps (docs/plans.md "Traps"): a way to fly after which every way of the next turn leaves the
 * map, flies into the ground or stalls. A plane that leaves the map is out of the game (seed 000
 * VI; docs/rules.md), one that ends below its minimum speed stalls (seed 001 rule (1), docs/rules.md),
 * and a plot that dives into the ground is refused, so a plane none of whose plots the checker
 * accepts flies its missed-orders plot into it (movement/missed-orders.ts).
 *
 * The next turn is asked of the plane alone, where the plot leaves it (its speed, height, bank,
 * the boxes it carries and what this turn did: the pull-out and level-off rules). Far from every
 * edge, high and fast, a plane cannot be trapped and nothing is searched; otherwise the sequences
 * of the next turn are searched for one that stays on the map and that the checker accepts, and,
 * when the plane is slow, every height and speed of every way for one above its minimum speed.
 */
import { isStalled, newSpeed } from '../movement/bookkeeping.ts';
import { movementPoints, movementRow } from '../impulse/schedule.ts';
import { effectiveBand } from '../movement/performance.ts';
import { planTurn } from '../movement/plan.ts';
import { bandCondition } from '../damage/state.ts';
import type { Plot } from '../../orders/ast.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import { edgeDistance, endOf, firstLegal, flownAlone } from './ways.ts';
import { skeletons } from './skeletons.ts';
import { someVariant, waysWithVariants, type WayWithVariants } from './variants.ts';

/** What every way of the next turn does: leaves the map, flies into the ground (no plot is accepted), or stalls. */
export type TrapKind = 'exit' | 'ground' | 'stall';

/** Above this height no plot of one turn can be forced into the ground (a vertical dive loses 400 ft a point of speed). */
const SAFE_HEIGHT = 6000;
/** Movement rows above the minimum speed at which a plane can always fly a turn without stalling. */
const SAFE_ROWS = 2;

/**
 * Whether the plane, at the start of a turn, is trapped: every way it can fly leaves the map, flies
 * into the ground or stalls. Null when some way does none of these (or it is not in the air).
 */
export function trapOf(state: GameState, plane: PlaneState): TrapKind | null {
  if (plane.status !== 'flying' || plane.ground) return null;
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const hexes = movementPoints(plane.speed).length;
  const slow = plane.speed < (band.minSpeed + SAFE_ROWS) * 10;
  if (edgeDistance(state, plane.hex) > hexes + 1 && plane.altitude > SAFE_HEIGHT && !slow && !plane.carry) return null;
  let onMap = false;
  let free = false;
  let legalAny = false;
  const dead = new Set<string>();
  // The first sequence that stays on the map, that the checker accepts and (for a slow plane) whose
  // plot ends above the minimum speed; those that leave the map are followed no further.
  skeletons(
    state,
    plane,
    (sk) => {
      if (sk.leaves) return false;
      const legal = firstLegal(state, plane, sk, dead);
      if (!legal) return false;
      legalAny = true;
      // A vertical dive's hex, and a turn the carried boxes fill, are placed by flying it.
      const end = endOf(state, plane, legal.plan);
      if (end.status !== 'flying') return false;
      onMap = true;
      free = !slow || !isStalled(card, plane, end.speed, end.altitude);
      return free;
    },
    { onMap: true },
  );
  if (free) return null;
  // None stays on the map: it leaves it whatever it flies, or no plot at all is accepted (the ground).
  if (!onMap) {
    // Those that stay on the map were asked already: only those that leave it are asked now.
    let legal = legalAny;
    if (!legal) skeletons(state, plane, (sk) => (legal = !!sk.leaves && !!firstLegal(state, plane, sk, dead)));
    return legal ? 'exit' : 'ground';
  }
  // Slow, and no plain plot keeps it above its minimum speed: some height and speed of some way may
  // (power, a dive). A way fast enough at its fastest for any height it reaches is enough, unlisted.
  const ways = waysWithVariants(state, plane).filter((w) => w.end.status === 'flying');
  const minRow = (w: WayWithVariants): number =>
    Math.max(
      ...[w.range.lowest, w.range.highest].map(
        (a) => effectiveBand(card, a, plane.loaded, bandCondition(plane)).minSpeed,
      ),
    );
  if (ways.some((w) => movementRow(w.range.fastest) >= minRow(w) + 1)) return null;
  return ways.some((w) => someVariant(w, (altitude, speed) => !isStalled(card, plane, speed, altitude)))
    ? null
    : 'stall';
}

/**
 * The plane as a plot leaves it for the next turn (seed 000 XI): where it ends, its new speed, the
 * boxes it carries and what the turn did. Undefined when the checker refuses the plot.
 */
export function planeAfter(state: GameState, plane: PlaneState, plot: Plot): PlaneState | undefined {
  const r = planTurn(state, plane, plot);
  if (!r.ok) return undefined;
  const after = flownAlone(state, plane, r.value);
  after.speed = newSpeed(cardOf(state, plane), plane, r.value, after.altitude).to;
  after.carry = after.status === 'flying' ? r.value.carry : null;
  after.last = { mode: r.value.mode, climbed: r.value.climbed, dived: r.value.dived, power: r.value.power > 0 };
  return after;
}

/** The trap a plot leads into: the plane flown alone as the plot leaves it, then asked for the next turn. */
export function trapAfter(state: GameState, plane: PlaneState, plot: Plot): TrapKind | null {
  const after = planeAfter(state, plane, plot);
  if (!after || after.status !== 'flying') return null;
  return trapOf({ ...state, planes: state.planes.map((p) => (p.id === plane.id ? after : p)) }, after);
}

/** How many of the ways with the most room to the edge are asked whether they are traps. */
const CLEAR_TRIES = 8;

/**
 * Of ways that end flying, the first of the first few in the caller's order that is no trap (`trap`:
 * the trap a way leads into, trapAfter unless the caller keeps them); undefined when none of them is
 * (the menu's "stays on the map", plans/menu.ts).
 */
export function firstClear<W extends { plot: Plot }>(
  ways: readonly W[],
  trap: (w: W) => TrapKind | null,
): W | undefined {
  return ways.slice(0, CLEAR_TRIES).find((w) => !trap(w));
}
