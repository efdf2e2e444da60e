/**
 * Pilots in words (seed 002 section 9, core/pilots), with the secrecy of 9.1.11: a side always
 * knows its own pilots; another side knows an enemy pilot's rating only once he has shown it in
 * combat (PilotState.shown), or when the game is over. docs/rules.md "Pilots and the loaded condition".
 */
import { ratingText, type PilotState } from '../core/pilots/quality.ts';
import type { GameState, PlaneState } from '../core/state.ts';
import { sees } from '../core/spotting/spot.ts';

/** Who reads: a side, the public archive of a running game, or everyone (the GM, a finished game). */
export type PilotReader = { side: string } | 'public' | 'all';

/** Whether the reader may see this plane's pilot rating. */
export function ratingKnown(p: PlaneState, reader: PilotReader): boolean {
  if (!p.pilot) return false;
  if (reader === 'all') return true;
  if (reader !== 'public' && reader.side === p.side) return true;
  return !!p.pilot.shown;
}

/** An enemy pilot's rating before it has shown. */
export const NOT_KNOWN = 'rating not yet known';

/** "Flt Lt Malan: ace, crack shot; his ace's card still to play". */
export function pilotText(pilot: PilotState, known: boolean): string {
  const name = pilot.name ? `${pilot.name}: ` : '';
  if (!known) return `${name}${NOT_KNOWN}`;
  const card = pilot.quality === 'ace' ? `; his ace's card ${pilot.aceCardUsed ? 'played' : 'still to play'}` : '';
  return `${name}${ratingText(pilot)}${card}`;
}

/** A log sheet's pilot line (the plane's own side reads it). */
export const pilotSheetLine = (p: PlaneState): string[] => (p.pilot ? [`  pilot: ${pilotText(p.pilot, true)}`] : []);

/**
 * The pilots a side reads about in its report: its own, then the enemy's it has identified, one a
 * line; [] when the game does not rate pilots.
 */
export function pilotLines(state: GameState, reader: PilotReader): string[] {
  if (!state.options.pilots) return [];
  const side = typeof reader === 'object' ? reader.side : null;
  const listed = state.planes.filter((p) => p.pilot && (side === null || p.side === side || sees(state, side, p.id)));
  const own = listed.filter((p) => p.side === side);
  const others = listed.filter((p) => p.side !== side);
  const line = (p: PlaneState): string =>
    `${p.id.padEnd(6)} ${pilotText(p.pilot as PilotState, ratingKnown(p, reader))}${p.status === 'flying' ? '' : ` (${p.status})`}`;
  return [...own.map(line), ...others.map(line)];
}
