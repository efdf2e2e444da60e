/**
 * The intake use case: one mail in, in one transaction with its ledger row. The ledger is keyed by
 * the mail's place (mailbox, UIDVALIDITY, UID) and by its content (Message-ID + SHA-256): a mail
 * seen before is not handled again, only filed where it went the first time. Automatic mail is
 * never answered (loop guard), a sender over the hourly limit is set aside, and answers go only to
 * registered addresses.
 */
import { GM_COMMANDS, parseOrders } from '../orders/index.ts';
import type { AppDeps } from './deps.ts';
import { handleEnvelope, type EnvelopeOutcome } from './envelope.ts';
import { loopGuard, type IncomingMail } from './incoming.ts';
import { queueNotice } from './messages.ts';
import type { Folder, InboundKey, InboundOutcome } from './ports.ts';
import { resolveReady } from './turn.ts';

const HOUR = 3600_000;

export interface IntakeResult {
  inboundId: number;
  /** The mail was in the ledger already: nothing was done but filing it. */
  duplicate: boolean;
  outcome: InboundOutcome;
  folder: Folder;
  detail: string;
  /** Games in which this mail brought orders (their turn may now be complete). */
  games: string[];
}

const HOW_TO = 'Orders go in an envelope: copy the one at the end of your latest report or welcome mail (its first line names the game, your player id and a turn token), edit its plots and send it.';

export function intake(deps: AppDeps, mail: IncomingMail, key: InboundKey): IntakeResult {
  const now = deps.clock.now();
  return deps.store.tx((tx) => {
    const seen = tx.inbound.findByPlace(key) ?? tx.inbound.findByContent(mail.messageId, mail.contentSha256);
    if (seen) {
      deps.log.info({ inbound: seen.id, messageId: mail.messageId, folder: seen.folder }, 'mail seen before: filed, not handled again');
      return { inboundId: seen.id, duplicate: true, outcome: seen.outcome, folder: seen.folder, detail: seen.detail, games: [] };
    }
    const recent = mail.from ? tx.inbound.countFrom(mail.from, now - HOUR) : 0;
    const inboundId = tx.inbound.insert({
      ...key, messageId: mail.messageId, contentSha256: mail.contentSha256, sender: mail.from, subject: mail.subject.slice(0, 200),
      receivedAt: now, outcome: 'orders', folder: 'Processed', detail: '',
    });
    const done = (outcome: InboundOutcome, folder: Folder, detail: string, games: string[] = []): IntakeResult => {
      tx.inbound.finish(inboundId, outcome, folder, detail);
      const level = outcome === 'orders' ? 'info' : 'warn';
      deps.log[level]({ inbound: inboundId, sender: mail.from, messageId: mail.messageId, outcome, folder, detail }, `mail ${outcome}`);
      return { inboundId, duplicate: false, outcome, folder, detail, games };
    };
    const guard = loopGuard(mail, [deps.referee.address]);
    if (guard) return done('loop-guard', 'Rejected', guard);
    if (recent >= deps.referee.rateLimitPerHour) return done('rate-limited', 'Processed', `${recent} mails from ${mail.from} in the last hour`);
    const senderKnown = mail.from !== '' && tx.players.isRegistered(mail.from);
    const notice = (title: string, paragraphs: string[]) =>
      queueNotice(deps, tx, { to: mail.from, game: null, player: null, title, paragraphs, inboundId, replyTo: mail.messageId });
    if (mail.unreadable) {
      if (!senderKnown) return done('unreadable', 'Rejected', mail.unreadable);
      notice('your mail could not be read', [`Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} could not be read: ${mail.unreadable}. Nothing was changed.`, 'Send your orders as plain text in the body of the mail, without attachments.']);
      return done('unreadable', 'Processed', mail.unreadable);
    }
    const parsed = parseOrders(mail.text, { commands: GM_COMMANDS });
    const mailErrors = parsed.errors.filter((e) => e.envelope === undefined).map((e) => e.message);
    if (!parsed.envelopes.length) {
      if (!senderKnown) return done('not-for-us', 'Rejected', 'no orders envelope and the sender is not a player');
      notice('no orders found in your mail', [
        `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} holds no orders envelope, so nothing was changed.`, HOW_TO, ...mailErrors, ...mail.notes,
      ]);
      return done('no-orders', 'Processed', 'no envelope');
    }
    const ctx = { deps, tx, mail: { ...mail, notes: [...mail.notes, ...mailErrors] }, inboundId, senderKnown };
    // A reply that does not quote the mail it answers carries the old template below the new
    // orders: of several envelopes for the same game and player, the first counts.
    const firsts = new Map<string, number>();
    const results = parsed.envelopes.flatMap((env, i) => {
      const who = `${env.game} ${env.player}`;
      const first = firsts.get(who);
      if (first !== undefined) {
        deps.log.info({ inbound: inboundId, line: env.line, first }, 'second envelope for the same game and player ignored');
        return [];
      }
      firsts.set(who, env.line);
      const later = parsed.envelopes.filter((e, j) => j > i && e.game === env.game && e.player === env.player);
      const notes = later.map((e) => `the envelope on line ${e.line} is for the same game and player as the one on line ${env.line}; only the first envelope counts, so it was ignored`);
      return [handleEnvelope({ ...ctx, mail: { ...ctx.mail, notes: [...ctx.mail.notes, ...notes] } }, env, parsed.errors.filter((e) => e.envelope === i))];
    });
    const count = (o: EnvelopeOutcome) => results.filter((r) => r.outcome === o).length;
    const detail = (['accepted', 'refused', 'commands', 'join', 'auth-failed', 'unknown', 'not-running'] as const)
      .filter((o) => count(o)).map((o) => `${count(o)} ${o}`).join(', ');
    const games = [...new Set(results.flatMap((r) => ((r.outcome === 'accepted' || r.outcome === 'commands') && r.gameId ? [r.gameId] : [])))];
    if (count('unknown') === results.length && !senderKnown) return done('not-for-us', 'Rejected', `envelopes for unknown games or players: ${detail}`);
    if (count('auth-failed')) return done('auth-failed', 'Processed', detail, games);
    return done('orders', 'Processed', detail, games);
  });
}

/**
 * Intake, then the turn of every game the mail completed, in one transaction: the mail that brings
 * the last orders of a turn commits together with the turn it completes.
 */
export function receive(deps: AppDeps, mail: IncomingMail, key: InboundKey): IntakeResult & { resolved: { game: string; turn: number }[] } {
  return deps.store.tx(() => {
    const result = intake(deps, mail, key);
    const resolved: { game: string; turn: number }[] = [];
    for (const g of result.games) {
      const turn = resolveReady(deps, g);
      if (turn !== null) resolved.push({ game: g, turn });
    }
    return { ...result, resolved };
  });
}
