/**
 * What became of a pilot in a finished game, and the promotions a campaign gives (docs/campaigns.md
 * "Fates" and "Promotions"). The seeds say nothing of careers: these rules are Tallyho's, kept
 * short so a player can check them from his report.
 *
 * Fate, read off the plane at the end of the game:
 * - still flying, or flown off the map: back; with hits in the cockpit (C), wounded, out 1 game.
 * - bailed out (seed 000 IX) with the pilot saved (a one-seater's crew saved, or at least half of
 *   a larger crew): a d6, 1-2 captured, 3 wounded and out 2 games, 4 wounded and out 1 game, 5-6
 *   back unhurt. A pilot who comes down by parachute over a battlefield is as likely taken as not.
 * - bailed out with the pilot lost, shot down with no bail-out made, or crashed: killed.
 * The d6 is thrown from the game's last dice seed (fair dice, docs/fair-dice.md), so `tallyho
 * verify` and anyone with the archive can throw it again.
 */
import { rollFromSeed } from '../dice.ts';
import type { PilotQuality } from '../pilots/quality.ts';
import type { GameState, PlaneState } from '../state.ts';

export type Outcome = 'unhurt' | 'wounded' | 'captured' | 'killed';

export interface Fate {
  /** How the sortie ended for the plane. */
  how: 'returned' | 'bailed-out' | 'shot-down' | 'crashed';
  outcome: Outcome;
  /** Games the pilot misses (wounded). */
  outFor: number;
  /** The d6 after a bail-out. */
  roll?: number;
}

/** The pilot came down with his crew: a one-seater's one saved, or half a larger crew. */
const pilotSaved = (p: PlaneState): boolean =>
  !!p.crew && p.crew.saved > 0 && p.crew.saved * 2 >= p.crew.saved + p.crew.lost;

export function fateOf(end: GameState, p: PlaneState, pilotId: string): Fate {
  if (p.status === 'flying' || p.status === 'exited') {
    const wounded = (p.damage?.taken.C ?? 0) > 0;
    return { how: 'returned', outcome: wounded ? 'wounded' : 'unhurt', outFor: wounded ? 1 : 0 };
  }
  if (p.status === 'crashed') return { how: 'crashed', outcome: 'killed', outFor: 0 };
  if (p.status === 'bailed-out' && pilotSaved(p)) {
    const roll = rollFromSeed(end.dice.seed, 6, { turn: end.turn, impulse: 0, label: `fate:${pilotId}` });
    const outcome: Outcome = roll <= 2 ? 'captured' : roll <= 4 ? 'wounded' : 'unhurt';
    return { how: 'bailed-out', outcome, outFor: roll === 3 ? 2 : roll === 4 ? 1 : 0, roll };
  }
  return { how: p.status === 'bailed-out' ? 'bailed-out' : 'shot-down', outcome: 'killed', outFor: 0 };
}

/** A pilot's career so far, as promotions read it. */
export interface Career {
  sorties: number;
  kills: number;
  quality: PilotQuality;
  crackShot: boolean;
}

/**
 * The promotion earned after a game survived, or null (one step a game at most):
 * recruit to green after his first sortie back; green to regular at 3 sorties or a victory;
 * regular to veteran at 3 victories, or 6 sorties with one; veteran to ace at 5 victories (the
 * wartime ace). Shared victories count their share.
 */
export function promotion(c: Career): { to: PilotQuality; why: string } | null {
  switch (c.quality) {
    case 'recruit':
      return c.sorties >= 1 ? { to: 'green', why: 'his first sortie survived' } : null;
    case 'green':
      if (c.kills >= 1) return { to: 'regular', why: 'his first victory' };
      return c.sorties >= 3 ? { to: 'regular', why: '3 sorties survived' } : null;
    case 'regular':
      if (c.kills >= 3) return { to: 'veteran', why: '3 victories' };
      return c.sorties >= 6 && c.kills >= 1 ? { to: 'veteran', why: '6 sorties and a victory' } : null;
    case 'veteran':
      return c.kills >= 5 ? { to: 'ace', why: '5 victories' } : null;
    default:
      return null;
  }
}

/** A crack shot is made by two victories or more in one game (docs/campaigns.md). */
export const earnsCrackShot = (killsThisGame: number, already: boolean): boolean => !already && killsThisGame >= 2;
