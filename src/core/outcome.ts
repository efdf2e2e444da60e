/**
 * The game's own words for who is in it: a player's planes and units, those still in play, the
 * sides still in the fight at the end of a turn, whether the game is over and who won it. A side
 * is in the fight while it has a plane flying or a truck, tank or ship in the game. One side left
 * wins; none or several: nobody does (the app's last report, the campaign's victory points).
 */
import type { GameState, PlaneState } from './state.ts';
import type { UnitState } from './units/types.ts';

/** A player's planes (by their ids), whatever became of them. */
export const myPlanes = (state: GameState, ids: readonly string[]): PlaneState[] =>
  state.planes.filter((p) => ids.includes(p.id));

/** Of some planes, those still flying. */
export const flying = (planes: PlaneState[]): PlaneState[] => planes.filter((p) => p.status === 'flying');

/** The player's trucks, tanks and ships still in the game (seed 000 V). */
export const myUnits = (state: GameState, ids: readonly string[]): UnitState[] =>
  (state.units ?? []).filter((u) => ids.includes(u.id) && u.status === 'active');

/** How many of a player's pieces take part in the turn: planes flying, units in the game. */
export const inPlay = (state: GameState, ids: readonly string[]): number =>
  flying(myPlanes(state, ids)).length + myUnits(state, ids).length;

/** The ids of a player's planes still flying and his units; all his pieces when the state cannot be read. */
export const inPlayIds = (state: GameState | undefined, ids: readonly string[]): string[] =>
  state ? [...flying(myPlanes(state, ids)).map((p) => p.id), ...myUnits(state, ids).map((u) => u.id)] : [...ids];

/** The sides still in the fight: with a plane flying or a truck, tank or ship in the game. */
export function sidesInFight(s: GameState): string[] {
  return [
    ...new Set([
      ...s.planes.filter((p) => p.status === 'flying').map((p) => p.side),
      ...(s.units ?? []).filter((u) => u.status === 'active' && u.kind !== 'torpedo').map((u) => u.side),
    ]),
  ];
}

/** The side that won a finished game, or null when none or several are left in the fight. */
export function winnerOf(end: GameState): string | null {
  const left = sidesInFight(end);
  return left.length === 1 ? (left[0] as string) : null;
}

/**
 * The game is over when fewer sides are still in the fight than can fight (two, or one if alone):
 * `start` the state the turn began from (its sides), `end` where it left them.
 */
export function isOver(start: GameState, end: GameState): boolean {
  const left = sidesInFight(end).length;
  return left < Math.min(2, Object.keys(start.sides).length) || left === 0;
}
