/**
 * The ace's ACE PILOT card (seed 002 9.1.8: "declare any card to be an ACE PILOT card once per
 * game"). In Down in Flames the card answers any card, the ace's own attack or an attack on him.
 * By mail nobody can answer between impulses, so the referee plays it for the ace at the first
 * moment it matters, once a game: the first 2D6 of a burst the ace fires that scores no hits
 * where an average throw (7) would have hit (no ace wastes it on a long chance), or the
 * first burst fired at the ace that hits him, is thrown again and the second throw stands.
 * The report shows both throws. One card a shot: a shot that brings out one ace's card cannot
 * bring out the other's.
 */
import type { PlaneState } from '../state.ts';

const holdsCard = (p: PlaneState): boolean => p.pilot?.quality === 'ace' && !p.pilot.aceCardUsed;

/** The plane whose ace plays his card on a throw of `hits`, if any. */
export function aceCardPlayer(
  firer: PlaneState,
  target: PlaneState,
  hits: number,
  fairChance: boolean,
): PlaneState | undefined {
  if (hits <= 0 && fairChance && holdsCard(firer)) return firer;
  if (hits > 0 && holdsCard(target)) return target;
  return undefined;
}

/** The card is spent, and the ace has shown what he is (seed 002 9.1.11). */
export function playAceCard(p: PlaneState): void {
  if (!p.pilot) return;
  p.pilot.aceCardUsed = true;
  p.pilot.shown = true;
}
