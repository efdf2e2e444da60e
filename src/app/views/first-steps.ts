/**
 * The welcome's first block (docs/first-turn.md): what to do with the mail, in three steps, before
 * the briefing, the map and the cards, so that a new player reading only its first screen can send
 * a legal first turn. The quick game's welcome has its own rules instead (docs/quick.md).
 */
import { wrap } from '../words/text.ts';

export interface FirstStepsInput {
  /** The player's first plane in play, for the example. */
  plane: string;
  /** The turn the orders are for. */
  turn: number;
  /** Whether the mail carries WAYS TO FLY (the menu of plans). */
  ways: boolean;
  /** Whether the turn has a deadline (the mail gives it with the orders). */
  deadline: boolean;
  /** docs/first-turn.md on the web (PUBLIC_URL), or ''. */
  url: string;
}

/**
 * The three steps: `items` as sentences (the HTML's list), `lines` each a numbered paragraph of the
 * text mail's width with the page's address last; `url` the page on the web, or ''.
 */
export function firstSteps(f: FirstStepsInput): { items: string[]; lines: string[]; url: string } {
  const choose = f.ways
    ? `Choose how each plane flies: a letter of WAYS TO FLY near the end of this mail, written in place of the plane's plot (${f.plane} PLAN C), or a plot of your own. Left as it is, a plane flies straight on, guns held.`
    : `Choose how each plane flies: write its plot, a box per impulse it is active in (HOW TO WRITE ORDERS, below). Left as it is, a plane flies straight on, guns held.`;
  const items = [
    choose,
    // No envelope word in these words: a mail program that pastes the welcome unquoted under a
    // reply must not make a line of them read as an envelope's first line.
    `Reply to this mail with YOUR ORDERS FOR TURN ${f.turn}, READY TO SEND (at its end) at the top, edited as you chose, from its first line (keep that one as it is: it stands in for your secret) to its last. The quoted mail below your reply is ignored.`,
    `An acknowledgement comes back at once: what was read, and every mistake. The report follows when every player's orders are in${f.deadline ? ', or at the deadline (given with your orders)' : ''}.`,
  ];
  return {
    items,
    url: f.url,
    // A mail names no doc file a player cannot open: the page only when it is on the web.
    lines: [
      ...items.map((s, i) => wrap(`${i + 1}. ${s}`, 3)),
      ...(f.url ? [wrap(`The same on one page: ${f.url}`, 0)] : []),
    ],
  };
}
