/**
 * The parts of a mail's view every game mail shares (its game, reader and referee), and the
 * campaign's words as the text and the HTML part show them.
 */
import type { GameRow, PlayerRow } from '../ports/store.ts';
import { wrap } from '../words/text.ts';

/** The view parts every game mail shares. */
export function commonParts(referee: string, game: GameRow, player: PlayerRow) {
  return { game: game.id, gameName: game.name, player: player.id, referee };
}

/** The campaign's words (views/campaign.ts campaignBlock): wrapped for the text mail, a paragraph a line for the HTML (prose, not <pre>). */
export const campaignWords = (text: string, indent: number): { campaign: string; campaignLines: string[] } => ({
  campaign: wrap(text, indent),
  campaignLines: text ? text.split('\n') : [],
});
