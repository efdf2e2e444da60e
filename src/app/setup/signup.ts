/**
 * Sign-up by double opt-in (docs/players.md "Joining a game"). A JOIN names an address that
 * anyone can forge, so its only answer is a short mail to that address with a token: nothing in it
 * is the sender's but the player id asked for. The request goes on the game master's list, and the
 * game master is alerted, only when a mail from that address brings the token back: `CONFIRM
 * <token>` on a line of its own text, or in its subject (a reply keeps the subject of the
 * confirmation mail, which holds it). Tokens expire after JOIN_TTL; one waits per address and game
 * at a time. Confirmation mails count against the address's reply budget (mail/budget.ts) and
 * against JOIN_CONFIRMATIONS_PER_HOUR in all.
 */
import { ownLines } from '../ports/mail.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import type { IncomingMail } from '../ports/mail.ts';
import { when } from '../words/text.ts';
import { queueAnswer } from '../mail/notify.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import { holdBack, replyUnasked, type Inbound } from '../mail/budget.ts';
import { checkJoin, requestJoin } from './roster.ts';

export const JOIN_TTL = 48 * 3600_000;
export const JOIN_CONFIRMATIONS_PER_HOUR = 20;
const HOUR = 3600_000;

const TOKEN_RE = /\bCONFIRM\s+(J[0-9A-F]{8,32})\b/i;

/** The token a mail brings back: on a line of its own text or in its subject; null when none. */
export function confirmationToken(mail: Pick<IncomingMail, 'subject' | 'text'>): string | null {
  for (const text of [...ownLines(mail.text).slice(0, 20), mail.subject]) {
    const m = TOKEN_RE.exec(text);
    if (m) return (m[1] as string).toUpperCase();
  }
  return null;
}

/**
 * A JOIN from `from` for a game open to sign-up: answered with a confirmation token only. False
 * when the JOIN cannot be taken at all (the game not open, the id taken or not one): it is then
 * an envelope for an unknown player.
 */
export function askToConfirm(
  deps: AppDeps,
  tx: StoreTx,
  inbound: Inbound,
  game: GameRow,
  from: string,
  playerId: string,
  note: string,
): boolean {
  let checked: { id: string; email: string };
  try {
    checked = checkJoin(deps, tx, { gameId: game.id, playerId, email: from });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    deps.log.info({ game: game.id, player: playerId, from, why: e.message }, 'JOIN not taken');
    return false;
  }
  const now = deps.clock.now();
  const title = `confirm your request to join game ${game.id}`;
  const hold = (why: string) => {
    holdBack(deps, tx, {
      to: checked.email,
      gameId: game.id,
      reason: 'join-limit',
      title,
      inboundId: inbound.inboundId,
      why,
    });
    return true;
  };
  if (tx.replies.joinPendingFor(checked.email, game.id, now).length)
    return hold('a confirmation for this address and game is waiting already');
  const sent = tx.replies.countKind('join-confirm', now - HOUR + 1);
  if (sent >= JOIN_CONFIRMATIONS_PER_HOUR) return hold(`${sent} JOIN confirmations sent in the last hour`);
  const token = `J${deps.keys
    .newSeed()
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 16)
    .toUpperCase()
    .padEnd(8, '0')}`;
  const expiresAt = now + JOIN_TTL;
  const mailed = replyUnasked(deps, tx, inbound, {
    kind: 'join-confirm',
    to: checked.email,
    gameId: game.id,
    title,
    queue: (more) =>
      queueAnswer(deps, tx, {
        to: checked.email,
        game,
        player: null,
        kind: 'notice',
        title,
        subject: `[${game.id}] CONFIRM ${token} to join`,
        inboundId: inbound.inboundId,
        replyTo: inbound.mail.messageId,
        paragraphs: [
          `A mail from this address asked to join game ${game.id} (${game.name}) as '${checked.id}'.`,
          'To confirm, reply to this mail keeping its subject, or send the referee a mail whose text is the line:',
          `CONFIRM ${token}`,
          `The request then goes to the game master. The token expires at ${when(expiresAt)}.`,
          'If you did not ask, do nothing: without a confirmation nothing more happens, and nothing more is sent.',
          ...more,
        ],
      }),
  });
  if (mailed)
    tx.replies.addJoinPending({
      token,
      gameId: game.id,
      playerId: checked.id,
      email: checked.email,
      note: note.slice(0, 200),
      requestedAt: now,
      expiresAt,
    });
  return true;
}

/**
 * A mail that brings back a waiting token from the address it was sent to: the request goes to
 * the game master (or the address is told why it cannot). False when the mail confirms nothing.
 */
export function confirmJoin(deps: AppDeps, tx: StoreTx, mail: IncomingMail, inboundId: number): boolean {
  const token = confirmationToken(mail);
  if (!token) return false;
  const row = tx.replies.getJoinPending(token);
  if (!row || row.expiresAt <= deps.clock.now() || row.email !== mail.from) {
    deps.log.info(
      { sender: mail.from, why: !row ? 'no such token' : row.email !== mail.from ? 'another address' : 'expired' },
      'JOIN confirmation not taken',
    );
    return false;
  }
  tx.replies.deleteJoinPending(token);
  const game = tx.games.get(row.gameId) ?? null;
  let title = 'your request to join';
  let paragraphs: string[];
  try {
    paragraphs = deps.store.savepoint(() =>
      requestJoin(deps, tx, { gameId: row.gameId, playerId: row.playerId, email: row.email, note: row.note }),
    );
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    title = 'your request to join could not be taken';
    paragraphs = [
      `Your confirmed request to join game ${row.gameId} as '${row.playerId}' could not be taken: ${e.message}.`,
    ];
  }
  queueAnswer(deps, tx, {
    to: row.email,
    game,
    player: null,
    kind: 'notice',
    title,
    paragraphs,
    inboundId,
    replyTo: mail.messageId,
  });
  return true;
}

/** The tick: expired requests removed. */
export function purgeJoins(deps: AppDeps, tx: StoreTx): number {
  return tx.replies.purgeJoinPending(deps.clock.now());
}
