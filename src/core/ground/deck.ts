/**
 * Carriers (seed 000 IV.8, "carrier take-offs are handled as per the regular game"; docs/ground.md
 * "Carriers"): planes ride a carrier's deck, move with it, and launch off it; a landing plane is
 * caught by the arrester wires.
 *
 * - A launch needs the engine running and the carrier making at least LAUNCH_KNOTS knots into the
 *   wind: the deck run and the wind over the deck give the plane its flying speed. It leaves the
 *   deck in impulse 7, after the ship has moved, at 100 ft, heading the ship's way, at its card's
 *   lowest flying speed at sea level.
 * - One plane leaves a deck a turn (10 seconds): two LAUNCH lines for one deck are refused
 *   (ground/plan.ts planGroundAll).
 */
import type { GameState, PlaneState } from '../state.ts';

/** Knots a carrier makes for a launch or a landing: wind over the deck. */
export const LAUNCH_KNOTS = 20;

/** The ship types that carry planes on deck (data/ships `type`). */
export const CARRIER_TYPES: ReadonlySet<string> = new Set(['fleet-carrier', 'light-carrier']);

/** The carrier unit a plane's deck names, if it is still afloat. */
export function deckShip(state: GameState, plane: PlaneState) {
  const id = plane.ground?.deck;
  return id ? state.units?.find((u) => u.id === id && u.status === 'active') : undefined;
}

export const isCarrier = (state: GameState, shipType: string): boolean =>
  CARRIER_TYPES.has(state.ships?.[shipType]?.type ?? '');

/**
 * A carrier whose damage reaches a quarter of its hull points has its flight deck holed: no plane
 * launches or lands on it for the rest of the game (docs/ground.md "Carriers"). One 1,000 lb hit
 * does it to Hiryu, two to Yorktown.
 */
export function deckHoled(state: GameState, ship: { type: string; damage?: number }): boolean {
  const hull = state.ships?.[ship.type]?.hullPoints ?? 0;
  return hull > 0 && (ship.damage ?? 0) * 4 >= hull;
}

/** Why a plane cannot launch this turn, or undefined when it can. */
export function launchProblem(state: GameState, plane: PlaneState): string | undefined {
  if (!plane.ground?.deck)
    return `${plane.id} is not on a carrier's deck: LAUNCH is for carrier planes; on a field it takes off by gathering speed (P each turn)`;
  const ship = deckShip(state, plane);
  if (!ship) return `${plane.id}'s carrier ${plane.ground.deck} is gone`;
  if (deckHoled(state, ship))
    return `${ship.id}'s flight deck is holed (${ship.damage} damage points of ${state.ships?.[ship.type]?.hullPoints}): nothing launches from her`;
  const knots = ship.ship?.knots ?? 0;
  if (knots < LAUNCH_KNOTS)
    return `${ship.id} makes ${knots} knots: a launch needs ${LAUNCH_KNOTS} or more into the wind; ring her speed up (MOVE ${ship.id} ${LAUNCH_KNOTS}KT) and launch when she makes it`;
  return undefined;
}
