/**
 * Who is still in the fight at the end of a turn, and who won a finished game: the sides with a
 * plane flying or a truck, tank or ship in the game. One side left wins; none or several: nobody
 * does (the app's last report, the campaign's victory points).
 */
import type { GameState } from './state.ts';

/** The sides still in the fight: with a plane flying or a truck, tank or ship in the game. */
export function sidesInFight(s: GameState): string[] {
  return [...new Set([
    ...s.planes.filter((p) => p.status === 'flying').map((p) => p.side),
    ...(s.units ?? []).filter((u) => u.status === 'active' && u.kind !== 'torpedo').map((u) => u.side),
  ])];
}

/** The side that won a finished game, or null when none or several are left in the fight. */
export function winnerOf(end: GameState): string | null {
  const left = sidesInFight(end);
  return left.length === 1 ? (left[0] as string) : null;
}
