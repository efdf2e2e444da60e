/**
 * The intake use case: one mail in, in one transaction with its ledger row. The ledger is keyed by
 * the mail's place (mailbox, UIDVALIDITY, UID) and by its content (Message-ID + SHA-256): a mail
 * seen before is not handled again, only filed where it went the first time. Automatic mail is
 * never answered (loop guard); answers go only to registered addresses; a mail without a valid
 * secret or token gets no work past the rate limits (rate-limits.ts) and its replies are within
 * the reply budget of the address (mail/budget.ts); a mail with one is always taken.
 */
import { GM_COMMANDS, parseOrders } from '../../orders/index.ts';
import { isQuickGame } from '../setup/games.ts';
import { answerBareCommand } from './bare-commands.ts';
import { outsideNote } from './outside.ts';
import { answerNoOrders, noticeIn } from './no-orders.ts';
import { handleEnvelopes, type EnvelopeHandler } from './groups.ts';
import { handleEnvelope } from './envelope.ts';
import { handleGmEnvelope } from './gm-envelope.ts';
import { GM_ID } from '../ports/ids.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { EnvelopeContext, EnvelopeOutcome } from './context.ts';
import { loopGuard, onlyListMail, type IncomingMail } from '../ports/mail.ts';
import type { Folder, InboundKey, InboundOutcome, StoreTx } from '../ports/store.ts';
import { preauthLimit, recordPreauth } from '../mail/rate-limits.ts';
import type { Inbound } from '../mail/budget.ts';
import { confirmJoin } from '../setup/signup.ts';
import { resolveReady } from '../turn/resolve.ts';
import { tellHeld } from '../turn/held.ts';

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

/** Envelope outcomes that come after the secret or token was checked and found right. */
const AUTHENTICATED: ReadonlySet<EnvelopeOutcome> = new Set(['accepted', 'refused', 'commands', 'not-running']);

export function intake(deps: AppDeps, mail: IncomingMail, key: InboundKey): IntakeResult {
  const now = deps.clock.now();
  return deps.store.tx((tx) => {
    const seen = tx.inbound.findByPlace(key) ?? tx.inbound.findByContent(mail.messageId, mail.contentSha256);
    if (seen) {
      deps.log.info(
        { inbound: seen.id, messageId: mail.messageId, folder: seen.folder },
        'mail seen before: filed, not handled again',
      );
      return {
        inboundId: seen.id,
        duplicate: true,
        outcome: seen.outcome,
        folder: seen.folder,
        detail: seen.detail,
        games: [],
      };
    }
    return take(deps, tx, mail, ledgerRow(deps, tx, mail, key, now));
  });
}

/** Where a mail's row in the ledger is finished, with the log line of what became of it. */
type Done = (outcome: InboundOutcome, folder: Folder, detail: string, games?: string[]) => IntakeResult;

/** The mail's row in the ledger (filed as orders until told otherwise), and how it is finished. */
function ledgerRow(
  deps: AppDeps,
  tx: StoreTx,
  mail: IncomingMail,
  key: InboundKey,
  now: number,
): { inboundId: number; done: Done } {
  const inboundId = tx.inbound.insert({
    ...key,
    messageId: mail.messageId,
    contentSha256: mail.contentSha256,
    sender: mail.from,
    subject: mail.subject.slice(0, 200),
    receivedAt: now,
    outcome: 'orders',
    folder: 'Processed',
    detail: '',
  });
  const done: Done = (outcome, folder, detail, games = []) => {
    tx.inbound.finish(inboundId, outcome, folder, detail);
    const level = outcome === 'orders' ? 'info' : 'warn';
    deps.log[level](
      { inbound: inboundId, sender: mail.from, messageId: mail.messageId, outcome, folder, detail },
      `mail ${outcome}`,
    );
    return { inboundId, duplicate: false, outcome, folder, detail, games };
  };
  return { inboundId, done };
}

/**
 * A new mail past the ledger: the loop guard, a JOIN's confirmation, the parse, the rate limits of
 * mail with no valid secret or token, then what the mail holds (no envelope: no-orders.ts; envelopes:
 * groups.ts).
 */
function take(
  deps: AppDeps,
  tx: StoreTx,
  mail: IncomingMail,
  { inboundId, done }: { inboundId: number; done: Done },
): IntakeResult {
  const guard = loopGuard(mail, [deps.referee.address]);
  // Mail through a club's mailing list: only its envelopes with a right secret or token are
  // taken, answered to the player's registered address; nothing else of it is answered.
  const listed = guard !== null && onlyListMail(mail, [deps.referee.address]);
  if (guard && !listed) return done('loop-guard', 'Rejected', guard);
  if (!listed && !mail.unreadable && confirmJoin(deps, tx, mail, inboundId))
    return done('orders', 'Processed', 'a JOIN confirmed');
  const unanswered = `${guard}: no envelope with a right secret or token, so not answered`;
  const parsed = mail.unreadable
    ? null
    : parseOrders(mail.text, { commands: GM_COMMANDS, quick: (g) => isQuickGame(tx, g) });
  const named = [...new Set((parsed?.envelopes ?? []).map((e) => e.game.toLowerCase()).filter(Boolean))];
  // The rate limits count the mails that brought no valid secret or token (rate-limits.ts).
  const limited = preauthLimit(deps, tx, mail.from, named);
  const inbound: Inbound = { mail, inboundId, limited };
  const finish: Finish = (authenticated, outcome, folder, detail, games = []) => {
    if (authenticated) return done(outcome, folder, detail, games);
    recordPreauth(deps, tx, mail.from, named);
    return limited
      ? done('rate-limited', folder, `${limited}; ${outcome}: ${detail}`, games)
      : done(outcome, folder, detail, games);
  };
  const senderKnown = mail.from !== '' && tx.players.isRegistered(mail.from);
  if (listed && !parsed?.envelopes.length) return done('loop-guard', 'Rejected', unanswered);
  if (!parsed) {
    const why = mail.unreadable as string;
    if (!senderKnown) return finish(false, 'unreadable', 'Rejected', why);
    noticeIn(deps, tx, inbound, 'your mail could not be read', [
      `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} could not be read: ${why}. Nothing was changed.`,
      'Send your orders as plain text in the body of the mail, without attachments.',
    ]);
    return finish(false, 'unreadable', 'Processed', why);
  }
  const mailErrors = parsed.errors.filter((e) => e.envelope === undefined).map((e) => e.message);
  if (!parsed.envelopes.length) {
    if (!senderKnown)
      return finish(false, 'not-for-us', 'Rejected', 'no orders envelope and the sender is not a player');
    if (answerBareCommand(deps, tx, inbound))
      return finish(false, 'orders', 'Processed', 'a command without an envelope');
    return finish(false, 'no-orders', 'Processed', answerNoOrders(deps, tx, inbound, parsed, mailErrors));
  }
  // Order-shaped lines outside every envelope are never passed over in silence (app/intake/outside.ts).
  const outside = parsed.outside ?? [];
  const ctx: EnvelopeContext = {
    deps,
    tx,
    mail: { ...mail, notes: [...mail.notes, ...mailErrors, ...(outside.length ? [outsideNote(outside)] : [])] },
    inboundId,
    senderKnown,
    limited,
  };
  const results = handleEnvelopes(ctx, parsed, listed, route);
  if (results === null) return done('loop-guard', 'Rejected', unanswered);
  return summarise(results, senderKnown, finish);
}

/** The game master's envelope to its handler (gm-envelope.ts), a player's to his (envelope.ts). */
const route: EnvelopeHandler = (ctx, env, errors, known) =>
  env.player === GM_ID ? handleGmEnvelope(ctx, env, errors) : handleEnvelope(ctx, env, errors, known);

/** Finishes the ledger row; a mail without a right secret or token counts toward the rate limits. */
type Finish = (
  authenticated: boolean,
  outcome: InboundOutcome,
  folder: Folder,
  detail: string,
  games?: string[],
) => IntakeResult;

/** The ledger's outcome of a mail from what became of its envelopes, and the games it brought orders in. */
function summarise(
  results: { outcome: EnvelopeOutcome; gameId?: string | null }[],
  senderKnown: boolean,
  finish: Finish,
): IntakeResult {
  const count = (o: EnvelopeOutcome) => results.filter((r) => r.outcome === o).length;
  const detail = (['accepted', 'refused', 'commands', 'join', 'auth-failed', 'unknown', 'not-running'] as const)
    .filter((o) => count(o))
    .map((o) => `${count(o)} ${o}`)
    .join(', ');
  const games = [
    ...new Set(
      results.flatMap((r) => ((r.outcome === 'accepted' || r.outcome === 'commands') && r.gameId ? [r.gameId] : [])),
    ),
  ];
  const authenticated = results.some((r) => AUTHENTICATED.has(r.outcome));
  if (count('unknown') === results.length && !senderKnown)
    return finish(false, 'not-for-us', 'Rejected', `envelopes for unknown games or players: ${detail}`);
  if (count('auth-failed')) return finish(authenticated, 'auth-failed', 'Processed', detail, games);
  return finish(authenticated, 'orders', 'Processed', detail, games);
}

/**
 * The turns of `games` that the mail `inboundId` brought orders in, resolved when every order is
 * in; a turn something holds (a WAIT, a rolled-back turn) is told to the others (turn/held.ts).
 */
export function resolveCompleted(
  deps: AppDeps,
  games: readonly string[],
  inboundId: number,
): { game: string; turn: number }[] {
  return deps.store.tx(() => {
    const resolved: { game: string; turn: number }[] = [];
    for (const g of games) {
      const turn = resolveReady(deps, g);
      if (turn !== null) resolved.push({ game: g, turn });
      else tellHeld(deps, g, inboundId);
    }
    return resolved;
  });
}

/**
 * Intake, then the turn of every game the mail completed, in one transaction: the mail that brings
 * the last orders of a turn commits together with the turn it completes (the CLI and the tests;
 * the server takes a group's mails in first and resolves their turns after, shell/serve-mail.ts).
 */
export function receive(
  deps: AppDeps,
  mail: IncomingMail,
  key: InboundKey,
): IntakeResult & { resolved: { game: string; turn: number }[] } {
  return deps.store.tx(() => {
    const result = intake(deps, mail, key);
    return { ...result, resolved: resolveCompleted(deps, result.games, result.inboundId) };
  });
}
