/**
 * The answer to a registered player's mail that holds no orders envelope (and is no bare command):
 * its game's notice when the mail tells which game (its subject's [game], the thread it answers, or
 * his only open game), ending with his orders ready to send; how READY is written when he is called
 * to a muster; the game's end when it answers a game that is over (over.ts); else a general notice.
 * docs/players.md "Other mails from the referee".
 */
import type { ParseResult } from '../../orders/index.ts';
import { sha256Hex } from '../../core/sha256.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { queueAnswer } from '../mail/notify.ts';
import { queueNotice } from '../mail/messages.ts';
import { replyUnasked, type Inbound } from '../mail/budget.ts';
import { musteringGames } from '../setup/muster.ts';
import { finishedSeat, overParagraphs, seatAbout } from './over.ts';
import { outsideParagraph, readyWithOutside } from './outside.ts';

const HOW_TO =
  'Orders go in an envelope: copy the one at the end of your latest report or welcome mail (its first line names the game, your player id and a turn token), edit its plots and send it.';

const HOW_TO_BELOW =
  'Orders go in an envelope: the one at the end of this mail holds your orders for this turn, ready to send (its first line names the game, your player id and the turn token); edit its plots and send it back, at the top of a reply.';
/** An envelope in quoted lines (behind ">"), which is never read as orders. */
const QUOTED_ENVELOPE = /^[ \t]*>[> \t]*#TALLYHO\b/im;
const QUOTED =
  'Your mail has an envelope in quoted lines (behind ">"): quoted text is never read as orders, so that an old mail quoted in a reply changes nothing. Take away the ">" in front of each line of the envelope you edited, or write your orders in the envelope at the end of this mail.';

/** The mail's text without its quoted lines: what a player wrote himself. */
const unquoted = (text: string): string =>
  text
    .split(/\r\n|\r|\n/)
    .filter((l) => !/^\s*>/.test(l))
    .join('\n')
    .trim();

type Seat = { game: GameRow; player: PlayerRow };

/**
 * The registered sender's seat the mail is about (over.ts seatAbout: the game its subject names,
 * else the game whose mails it answers, else his only open game); null when that game is not
 * running (a game over is over.ts's).
 */
function seatOf(tx: StoreTx, mail: Inbound['mail']): Seat | null {
  const seat = seatAbout(tx, mail, (mine) => mine.filter((p) => tx.games.get(p.gameId)?.status === 'running'));
  return seat && seat.game.status === 'running' ? seat : null;
}

/** What the notice says: how READY is written to a player called to a muster, else how orders are sent. */
function noOrdersParagraphs(
  inbound: Inbound,
  parsed: ParseResult,
  mailErrors: string[],
  seat: Seat | null,
  mustering: string[],
): string[] {
  const mail = inbound.mail;
  const subject = mail.subject ? ` "${mail.subject.slice(0, 80)}"` : '';
  if (mustering.length)
    return [
      `Your mail${subject} was not read as a READY, so nothing was changed.`,
      `Game${mustering.length === 1 ? '' : 's'} ${mustering.join(', ')} ${mustering.length === 1 ? 'is' : 'are'} mustering: to answer, reply to the muster's mail with READY alone on the first line (your name or a greeting may follow on the next lines, the quoted mail below), or send a mail whose subject is READY${mustering.length > 1 ? ` with the game in square brackets, e.g. "[${mustering[0]}] READY"` : ''}. Orders come later: the welcome with your orders for turn 1 comes when the game starts.`,
      ...mailErrors,
      ...mail.notes,
    ];
  return [
    `Your mail${subject} holds no orders envelope, so nothing was changed.`,
    ...(QUOTED_ENVELOPE.test(mail.text) ? [QUOTED] : []),
    ...(parsed.outside ? [outsideParagraph(parsed.outside)] : []),
    seat ? HOW_TO_BELOW : HOW_TO,
    ...mailErrors,
    ...mail.notes,
  ];
}

/** A notice in the sender's game, or in none (`game` null), within his reply budget. */
export function noticeIn(
  deps: AppDeps,
  tx: StoreTx,
  inbound: Inbound,
  title: string,
  paragraphs: string[],
  game: GameRow | null = null,
  player: PlayerRow | null = null,
): void {
  const mail = inbound.mail;
  replyUnasked(deps, tx, inbound, {
    kind: 'notice',
    to: mail.from,
    gameId: game?.id ?? null,
    title,
    queue: (more) =>
      queueNotice(deps, tx, {
        to: mail.from,
        game,
        player,
        title,
        paragraphs: [...paragraphs, ...more],
        inboundId: inbound.inboundId,
        replyTo: mail.messageId,
      }),
  });
}

/**
 * The notice in the player's running game, ending with his orders. A player who writes orders
 * (order-shaped lines of his own, outside any envelope) is a person trying to play, even in a reply
 * to one of these notices: answered, each new try (the budget still bounds it); his lines are put
 * into his orders for the turn, ready to send. Anything else follows the loop rules (budget.ts).
 */
function noticeInSeat(
  deps: AppDeps,
  tx: StoreTx,
  inbound: Inbound,
  parsed: ParseResult,
  seat: Seat,
  title: string,
  paragraphs: string[],
): void {
  const mail = inbound.mail;
  const outside = parsed.outside ?? [];
  const trying = outside.length > 0;
  const ready = trying ? readyWithOutside(deps, tx, seat.game, seat.player, outside) : null;
  if (ready)
    paragraphs.push(
      `Below are your orders for turn ${seat.game.turn} with ${outside.length === 1 ? 'that line' : 'those lines'} put in, in the place of what they replace: check them and send them back (reply with them at the top; the rest may stay quoted).`,
    );
  replyUnasked(deps, tx, inbound, {
    kind: 'notice',
    to: mail.from,
    gameId: seat.game.id,
    title,
    human: trying,
    ...(trying ? { repeat: `${seat.game.id}\n${title}\n${sha256Hex(unquoted(mail.text))}` } : {}),
    queue: (more) =>
      queueAnswer(deps, tx, {
        to: mail.from,
        game: seat.game,
        player: seat.player,
        kind: 'notice',
        title,
        paragraphs: [...paragraphs, ...more],
        inboundId: inbound.inboundId,
        replyTo: mail.messageId,
        ...(ready ? { sections: [{ heading: 'Ready to send, with your lines put in', text: ready }] } : {}),
      }),
  });
}

/**
 * Answers a registered player's mail with no envelope; returns the ledger's detail ("no envelope",
 * or that its game is over).
 */
export function answerNoOrders(
  deps: AppDeps,
  tx: StoreTx,
  inbound: Inbound,
  parsed: ParseResult,
  mailErrors: string[],
): string {
  const mail = inbound.mail;
  const seat = seatOf(tx, mail);
  // A player called to a muster has no orders to send yet: he is told how READY is written.
  const mustering = seat ? [] : musteringGames(tx, mail.from);
  // A reply to a game that is over ("gg, thanks!" to its last report): that game's answer (over.ts).
  const over = seat || mustering.length ? null : finishedSeat(tx, mail);
  if (over) {
    const paragraphs = [...overParagraphs(deps, tx, over.game, over.player), ...mailErrors, ...mail.notes];
    noticeIn(deps, tx, inbound, `game ${over.game.id} is over`, paragraphs, over.game, over.player);
    return `no envelope: game ${over.game.id} is over`;
  }
  const title = mustering.length ? 'no READY found in your mail' : 'no orders found in your mail';
  const paragraphs = noOrdersParagraphs(inbound, parsed, mailErrors, seat, mustering);
  if (seat) noticeInSeat(deps, tx, inbound, parsed, seat, title, paragraphs);
  // The one game he musters for: the answer is that game's ([club] in its subject).
  else if (mustering.length === 1)
    noticeIn(deps, tx, inbound, title, paragraphs, tx.games.get(mustering[0] as string) as GameRow);
  else noticeIn(deps, tx, inbound, title, paragraphs);
  return 'no envelope';
}
