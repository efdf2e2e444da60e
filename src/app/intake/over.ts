/**
 * A mail about a game that is over (docs/players.md "After the game"): a reply to the last report
 * ("gg, thanks!"), or orders for a game that ended. It is answered once, in its game: that the game
 * is over and how it ended, where its archive is, and what comes next (the campaign's next game,
 * the player's other games, or how a new one starts); nothing about envelopes to copy.
 */
import { overText } from '../archive/games.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { IncomingMail } from '../ports/mail.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { idsOf } from '../mail/budget.ts';
import { upcoming } from '../views/campaign.ts';
import { when } from '../words/text.ts';
import { subjectGame } from './bare-commands.ts';
import { paths, webUrl } from '../words/urls.ts';

/**
 * The registered sender's seat a mail is about: of his seats (not replaced), the one in the game
 * its subject names ("[duel-3] ..."), else the one whose thread it answers (In-Reply-To,
 * References: every referee mail to a player in a game continues his seat's thread), else the only
 * one of `fallback(his seats)`; undefined when none can be told. With the seat, its game. Seats he
 * was replaced in count only with `replaced`.
 */
export function seatAbout(
  tx: StoreTx,
  mail: IncomingMail,
  fallback: (mine: PlayerRow[]) => PlayerRow[],
  replaced = false,
): { game: GameRow; player: PlayerRow } | undefined {
  const mine = (replaced ? tx.players.everyByEmail(mail.from) : tx.players.byEmail(mail.from)).filter(
    (p) => replaced || p.status !== 'replaced',
  );
  const tag = subjectGame(mail.subject);
  const named = tag ? mine.filter((p) => p.gameId === tag) : [];
  const ids = new Set(idsOf(mail));
  const thread = mine.filter((p) => p.threadRoot !== null && ids.has(p.threadRoot));
  const last = fallback(mine);
  const player =
    named.length === 1 ? named[0] : thread.length === 1 ? thread[0] : last.length === 1 ? last[0] : undefined;
  const game = player && tx.games.get(player.gameId);
  return player && game ? { game, player } : undefined;
}

/**
 * The finished game a registered sender's mail is about, and his seat in it (seatAbout: the
 * subject's game, the thread's, else his only game). Null when the mail is about a game that is
 * not over, or none can be told.
 */
export function finishedSeat(tx: StoreTx, mail: IncomingMail): { game: GameRow; player: PlayerRow } | null {
  const seat = seatAbout(tx, mail, (mine) => mine);
  if (seat) return seat.game.status === 'over' ? seat : null;
  // A player replaced during the game (by REPLACE, or the computer) is told how it ended too.
  const was = seatAbout(tx, mail, (mine) => mine.filter((p) => tx.games.get(p.gameId)?.status === 'over'), true);
  return was && was.game.status === 'over' ? was : null;
}

/** What comes after a campaign's game: the next game of the campaign, or that the campaign is over. */
function campaignNext(tx: StoreTx, game: GameRow): string | null {
  const cg = tx.campaigns.ofGame(game.id);
  const c = cg && tx.campaigns.get(cg.campaignId);
  if (!cg || !c) return null;
  const of = `It was game ${cg.seq} of campaign ${c.id} (${c.name})`;
  const after = tx.campaigns.games(c.id).find((g) => g.seq === cg.seq + 1);
  if (after) {
    const next = tx.games.get(after.gameId);
    const where =
      next?.status === 'running'
        ? 'being played: its welcome mail is its own'
        : next?.status === 'over'
          ? 'over too'
          : 'not started yet';
    return `${of}; the next, ${after.entry}, is game '${after.gameId}', ${where}.`;
  }
  const { entry } = upcoming(tx, c);
  return entry
    ? `${of}; the next, ${entry.id}, starts when the game master starts it, with a welcome mail of its own.`
    : `${of}, and the campaign is over.`;
}

/**
 * The words of a game that is over, for `player`: when and how it ended, where its archive is
 * (PUBLIC_URL), and what comes next.
 */
export function overParagraphs(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow): string[] {
  const out = [
    `Game '${game.id}' (${game.name}) ended${game.endedAt === null ? '' : ` on ${when(game.endedAt)}`}. ${overText(tx, game)}`,
    'No orders are taken for it any more; nothing in your mail was changed.',
  ];
  const base = deps.referee.publicUrl;
  if (base)
    out.push(
      `Every turn of it, with its maps, log sheets and the stand-in's choices, is on the web: ${webUrl(base, paths.game(game.id))}`,
    );
  const next = campaignNext(tx, game);
  const others = tx.players
    .byEmail(player.email)
    .filter((p) => p.status !== 'replaced' && p.gameId !== game.id && tx.games.get(p.gameId)?.status === 'running')
    .map((p) => p.gameId);
  if (next) out.push(next);
  if (others.length)
    out.push(
      `You play on in game${others.length === 1 ? '' : 's'} ${others.map((g) => `'${g}'`).join(', ')}: orders for ${others.length === 1 ? 'it' : 'them'} go in ${others.length === 1 ? 'its' : 'their'} own envelope.`,
    );
  else if (!next) {
    const again = deps.referee.playAgain;
    out.push(
      again && again.games.test(game.id)
        ? again.text
        : 'A new game starts with a welcome mail of its own: ask your game master for one.',
    );
  }
  return out;
}
