/**
 * Wrong secrets (docs/players.md "Other mails from the referee"): every envelope with a wrong
 * secret or turn token is recorded, and the registered address of the player it named (or the
 * game master's, for a GM envelope) is told at most once an hour. The first attempt after a quiet
 * hour is told at once, so a player who mistyped his secret hears of it within seconds; the
 * attempts that follow within the hour are collected, and the tick (tick.ts) sends one notice
 * for them all when the hour since the last notice is over, with how many there were, when, and
 * from which addresses. 50 forged mails from 50 senders in a burst make one notice, and one more
 * an hour later that counts the other 49.
 */
import type { AppDeps } from '../ports/deps.ts';
import { GM_ID } from '../ports/ids.ts';
import { when } from '../words/text.ts';
import { queueAnswer } from './notify.ts';
import type { AuthFailureRow } from '../ports/replies.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { holdBack } from './budget.ts';

export const NOTICE_EVERY = 3600_000;
/**
 * A wrong secret from the player's own registered address is answered at once, unless a notice
 * went there in the last two minutes: an honest player who mistypes twice in an hour is told
 * twice; a forger who spoofs the address still gets at most one mail every two minutes sent there.
 */
export const OWN_NOTICE_EVERY = 120_000;
/** Addresses named in one notice; the others are counted. */
const MAX_SENDERS = 10;

export interface AttemptKey {
  /** The registered address told. */
  recipient: string;
  /** The game as the envelope named it. */
  gameId: string;
  /** The player id, or 'gm'. */
  playerId: string;
}

/** Records an envelope with a wrong secret; tells the address now unless it was told in the past hour. */
export function wrongSecret(
  deps: AppDeps,
  tx: StoreTx,
  key: AttemptKey,
  a: { sender: string; inboundId: number; replyTo: string },
): void {
  const now = deps.clock.now();
  tx.replies.addAuthFailure({ ...key, sender: a.sender.slice(0, 254), at: now });
  const last = tx.replies.lastAuthNotice(key);
  const own = a.sender.toLowerCase() === key.recipient.toLowerCase();
  if (last !== null && now - last < (own ? OWN_NOTICE_EVERY : NOTICE_EVERY)) {
    holdBack(deps, tx, {
      to: key.recipient,
      gameId: key.gameId,
      reason: 'wrong-secret-collected',
      title: titleOf(key),
      inboundId: a.inboundId,
    });
    return;
  }
  tellAttempts(deps, tx, key, { inboundId: a.inboundId, replyTo: a.replyTo });
}

/** The tick: the attempts collected since each address's last notice, told once its hour is over. */
export function noticeAttempts(deps: AppDeps, tx: StoreTx): number {
  const now = deps.clock.now();
  const keys = new Map<string, AttemptKey>();
  for (const f of tx.replies.openAuthFailures())
    keys.set(`${f.recipient}\n${f.gameId}\n${f.playerId}`, {
      recipient: f.recipient,
      gameId: f.gameId,
      playerId: f.playerId,
    });
  let sent = 0;
  for (const key of keys.values()) {
    const last = tx.replies.lastAuthNotice(key);
    if (last !== null && now - last < NOTICE_EVERY) continue;
    if (tellAttempts(deps, tx, key, {})) sent++;
  }
  return sent;
}

const titleOf = (key: AttemptKey): string =>
  key.playerId === GM_ID ? 'GM commands with a wrong secret were refused' : 'orders with a wrong secret were refused';

const senderList = (open: AuthFailureRow[]): string => {
  const counts = new Map<string, number>();
  for (const f of open) counts.set(f.sender || '(no sender)', (counts.get(f.sender || '(no sender)') ?? 0) + 1);
  const named = [...counts.entries()].slice(0, MAX_SENDERS).map(([s, n]) => (n > 1 ? `${s} (${n})` : s));
  const rest = counts.size - named.length;
  return `${named.join(', ')}${rest > 0 ? `, and ${rest} other address${rest === 1 ? '' : 'es'}` : ''}`;
};

function tellAttempts(
  deps: AppDeps,
  tx: StoreTx,
  key: AttemptKey,
  reply: { inboundId?: number; replyTo?: string },
): boolean {
  const open = tx.replies.openAuthFailures(key);
  if (!open.length) return false;
  const game: GameRow | null = tx.games.get(key.gameId) ?? null;
  const player: PlayerRow | null =
    key.playerId === GM_ID || !game ? null : (tx.players.get(game.id, key.playerId) ?? null);
  const gm = key.playerId === GM_ID;
  const what = gm
    ? `game master's commands for ${game ? `game '${game.id}'` : `'${key.gameId}'`}`
    : `orders for player '${key.playerId}' in game '${key.gameId}'`;
  const first = open[0] as AuthFailureRow;
  const last = open.at(-1) as AuthFailureRow;
  const paragraphs =
    open.length === 1
      ? [
          `A mail from ${first.sender || 'an unknown sender'} carried ${what} with a wrong secret${gm ? '' : ' or turn token'}. Nothing was changed.`,
        ]
      : [
          `${open.length} mails carried ${what} with a wrong secret${gm ? '' : ' or turn token'}, from ${when(first.at)} to ${when(last.at)}. Nothing was changed. They came from: ${senderList(open)}.`,
        ];
  if (!gm) {
    paragraphs.push(
      'If you sent it: copy the first line of the envelope in your latest report (its turn token is valid for the current turn only), or use your secret.',
      'If you did not send it, someone tried to send orders in your name. They did not have your secret; nothing needs doing.',
    );
  }
  paragraphs.push(
    `This notice goes out at most once an hour for mail from other addresses (more such mails in the next hour are counted in one notice after it), and at once for mail from ${gm ? "the game master's" : 'your'} own address. Mail with the right ${gm ? 'secret' : 'secret or token'} is always taken.`,
  );
  const title = titleOf(key);
  const messageId = queueAnswer(deps, tx, {
    to: key.recipient,
    game,
    player,
    kind: 'notice',
    title,
    paragraphs,
    ...(reply.inboundId !== undefined ? { inboundId: reply.inboundId } : {}),
    ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
  });
  const now = deps.clock.now();
  tx.replies.markNoticed(
    open.map((f) => f.id),
    now,
  );
  tx.replies.record({
    recipient: key.recipient,
    kind: 'wrong-secret',
    gameId: key.gameId,
    title,
    repeatKey: '',
    messageId,
    budgeted: false,
    at: now,
  });
  return true;
}
