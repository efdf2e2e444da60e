/**
 * The reply budget (docs/gm-guide.md "Limits on replies"). A reply nobody asked for with a secret
 * or turn token (a notice about a mail without orders, unreadable or for an unknown game, an
 * answer to a command without an envelope, a JOIN confirmation) goes out only when:
 * - the mail it answers is within the rate limits of work before authentication (rate-limits.ts);
 * - for a notice: the mail does not answer one of these replies of ours (its In-Reply-To or
 *   References name one, or it quotes one's title): so a robot that answers everything, headers
 *   or none, gets one notice, not a loop;
 * - it is not the same reply as the last one to that address in the past 24 hours;
 * - fewer than REPLY_BUDGET such notices (COMMAND_BUDGET answers to commands without an envelope,
 *   an allowance of their own) went to that address in the past 24 hours.
 * Otherwise it is held back: logged and counted (tallyho game status). The first reply after
 * some were held back says how many; the last one the budget allows says so, and until when.
 * Acknowledgements of orders and answers to commands in an authenticated envelope are no part of
 * it: they always go out, to the registered address.
 */
import { sha256Hex } from '../../core/sha256.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { IncomingMail } from '../ports/mail.ts';
import { when } from '../words/text.ts';
import type { ReplyRow, SuppressReason } from '../ports/replies.ts';
import type { StoreTx } from '../ports/store.ts';

/** Notices nobody asked for with a secret (and JOIN confirmations), per address per 24 hours. */
export const REPLY_BUDGET = 2;
/**
 * Answers to a registered player's commands without an envelope (STATUS in a subject), per
 * address per 24 hours: an allowance of their own, so that asking does not use up the notices.
 */
export const COMMAND_BUDGET = 6;

/** Which allowance a reply draws on. */
const allowanceOf = (kind: string): 'command' | 'notice' => (kind === 'answer' ? 'command' : 'notice');
export const DAY = 86_400_000;
/** How far back a quoted title is looked for. */
const QUOTE_DAYS = 30;
/** Message-IDs of In-Reply-To and References looked at (a long thread names many). */
const MAX_IDS = 50;
const MAX_QUOTED = 500;

/** The mail being answered, and why it is past a rate limit (null when it is not). */
export interface Inbound {
  mail: IncomingMail;
  inboundId: number;
  limited: string | null;
}

export interface Unasked {
  kind: 'notice' | 'answer' | 'join-confirm';
  to: string;
  gameId: string | null;
  title: string;
  /** What makes two replies the same (by default the game and the title). */
  repeat?: string;
  /**
   * A registered player's mail with orders of his own in it: answered even when it answers one of
   * these replies (a player replying to "no orders found" with his orders is a person, not a
   * robot); the repeat rule and the budget still bound any loop.
   */
  human?: boolean;
  /** Queues the reply with `more` paragraphs at its end; returns its Message-ID. */
  queue(more: string[]): string;
}

/** Records a reply held back, and logs it. */
export function holdBack(
  deps: AppDeps,
  tx: StoreTx,
  h: {
    to: string;
    gameId: string | null;
    reason: SuppressReason;
    title: string;
    inboundId: number | null;
    why?: string;
  },
): void {
  tx.replies.suppress({
    recipient: h.to,
    gameId: h.gameId,
    reason: h.reason,
    title: h.title,
    inboundId: h.inboundId,
    at: deps.clock.now(),
  });
  deps.log.warn(
    {
      recipient: h.to,
      game: h.gameId,
      reason: h.reason,
      title: h.title,
      inbound: h.inboundId,
      ...(h.why ? { why: h.why } : {}),
    },
    'reply held back',
  );
}

/** The Message-IDs a mail answers (In-Reply-To, References), the first MAX_IDS of them. */
export const idsOf = (mail: IncomingMail): string[] =>
  ['in-reply-to', 'references']
    .flatMap((h) => mail.headers[h] ?? [])
    .flatMap((v) => v.match(/<[^<>\s]{1,250}>/g) ?? [])
    .slice(0, MAX_IDS);

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether the mail answers one of our replies nobody asked for: names its Message-ID or quotes its title. */
export function answersOurNotice(deps: AppDeps, tx: StoreTx, mail: IncomingMail, to: string): boolean {
  if (tx.replies.anyOurs(idsOf(mail))) return true;
  const quoted = new Set<string>();
  for (const line of mail.text.split(/\r\n|\r|\n/)) {
    const m = /^\s*>[>\s]*(.*)$/.exec(line);
    if (m && m[1]) quoted.add(squash(m[1]));
    if (quoted.size >= MAX_QUOTED) break;
  }
  if (!quoted.size) return false;
  const since = deps.clock.now() - QUOTE_DAYS * DAY;
  const titles = [...new Set([to, mail.from])]
    .filter(Boolean)
    .flatMap((a) => tx.replies.recent(a, since))
    .map((r) => squash(r.title));
  return titles.some((t) => quoted.has(t));
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Sends the reply if the budget allows (true), else holds it back (false). */
export function replyUnasked(deps: AppDeps, tx: StoreTx, inbound: Inbound | null, r: Unasked): boolean {
  const now = deps.clock.now();
  const hold = (reason: SuppressReason, why?: string): false => {
    holdBack(deps, tx, {
      to: r.to,
      gameId: r.gameId,
      reason,
      title: r.title,
      inboundId: inbound?.inboundId ?? null,
      ...(why ? { why } : {}),
    });
    return false;
  };
  if (inbound?.limited) return hold('rate-limit', inbound.limited);
  if (inbound && r.kind === 'notice' && !r.human && answersOurNotice(deps, tx, inbound.mail, r.to))
    return hold('answers-notice');
  const allowance = allowanceOf(r.kind);
  const budget = allowance === 'command' ? COMMAND_BUDGET : REPLY_BUDGET;
  const recent = tx.replies.recent(r.to, now - DAY + 1).filter((x) => x.budgeted && allowanceOf(x.kind) === allowance);
  const repeat = sha256Hex(r.repeat ?? `${r.gameId ?? ''}\n${r.title.toLowerCase()}`);
  const last = recent.at(-1);
  if (last && last.repeatKey === repeat) return hold('repeat');
  if (recent.length >= budget) return hold('budget');
  const more: string[] = [];
  const since = last?.at ?? now - DAY;
  const held = tx.replies.suppressedSince(r.to, since);
  if (held) {
    more.push(
      `Since ${when(since)}, ${plural(held, 'other mail', 'other mails')} from this address went unanswered: the referee answers at most ${REPLY_BUDGET} mails a day that bring no orders it can take, and ${COMMAND_BUDGET} commands without an envelope, from one address, never with the same answer twice running, and not a mail that answers one of these answers.`,
    );
  }
  // The last answer of an allowance says so, until when, and what is still answered.
  if (recent.length + 1 >= budget) {
    more.push(
      allowance === 'command'
        ? `This is the last answer to a command without an envelope from this address until ${when((recent[0]?.at ?? now) + DAY)}: the referee answers at most ${COMMAND_BUDGET} a day. Commands inside an envelope with your secret or turn token (STATUS, MAP, ...) are always answered, and orders always taken and acknowledged.`
        : `This is the last answer to such a mail from this address until ${when((recent[0]?.at ?? now) + DAY)}: the referee answers at most ${REPLY_BUDGET} mails a day that bring no orders it can take, from one address. Orders with your secret or turn token are always taken and acknowledged, and commands without an envelope (STATUS in a subject) are answered apart, up to ${COMMAND_BUDGET} a day.`,
    );
  }
  const messageId = r.queue(more);
  const row: ReplyRow = {
    recipient: r.to,
    kind: r.kind,
    gameId: r.gameId,
    title: r.title,
    repeatKey: repeat,
    messageId,
    budgeted: true,
    at: now,
  };
  tx.replies.record(row);
  return true;
}
