/**
 * The mail ends of `tallyho serve` (serve.ts): the handler that takes fetched mail in by groups,
 * the outbox worker that sends, and the local SMTP listener or the IMAP inbox that mail comes in by.
 */
import type { IncomingMail } from '../app/ports/mail.ts';
import { intake } from '../app/intake/intake.ts';
import { refuseOversized } from '../app/intake/oversized.ts';
import type { Config } from './config.ts';
import { faultPoint } from './fault.ts';
import { collectIfLarge } from './memory.ts';
import { startSmtpListener, type SmtpListener } from './local/smtp-listener.ts';
import { composeMessage } from './mail/compose.ts';
import { ImapInbox } from './mail/imap-inbox.ts';
import type { RawHandler, RawMail, Received } from './mail/inbox.ts';
import type { AccessTokens } from './oauth/tokens.ts';
import { OutboxWorker, type RetryPolicy } from './mail/outbox-worker.ts';
import { readMail } from './mail/read.ts';
import type { MailTransport } from './mail/transport.ts';
import { asListenError, type Listening } from './port-check.ts';
import type { Runtime } from './runtime.ts';
import type { TurnQueue } from './turn-queue.ts';

/**
 * Mails of one fetch are read one after another and taken in by groups of at most GROUP_MAILS
 * mails or GROUP_BYTES bytes, each group in one transaction: only a group's parsed mails are held
 * at once, whatever the backlog in the mailbox.
 */
const GROUP_MAILS = 25;
const GROUP_BYTES = 4 * 1024 * 1024;

/**
 * The handler of fetched mail: read and taken in by groups, each group's acknowledgements
 * committed (and `kick` called: the outbox sends them) before the turns its mails completed go on
 * `turns` to be resolved (turn-queue.ts).
 */
export function makeHandler(rt: Runtime, kick: () => void, turns: TurnQueue): RawHandler {
  const limits = { maxBytes: rt.config.maxMailBytes };
  const takeGroup = (group: RawMail[], mails: IncomingMail[]): (Received | Error)[] => {
    const take = (m: RawMail, i: number): Received =>
      (m.size !== undefined ? refuseOversized : intake)(rt.deps, mails[i]!, m.key);
    try {
      return rt.store.tx(() => group.map(take));
    } catch {
      return group.map((m, i) => {
        try {
          return take(m, i);
        } catch (e) {
          return e instanceof Error ? e : new Error(String(e));
        }
      });
    }
  };
  return async (items) => {
    const results: (Received | Error)[] = [];
    for (let start = 0; start < items.length; ) {
      const group: RawMail[] = [];
      let bytes = 0;
      while (
        start < items.length &&
        group.length < GROUP_MAILS &&
        (group.length === 0 || bytes + items[start]!.raw.length <= GROUP_BYTES)
      ) {
        bytes += items[start]!.raw.length;
        group.push(items[start++]!);
      }
      const mails: IncomingMail[] = [];
      for (const m of group) {
        mails.push(
          await readMail(m.raw, {
            ...(m.envelopeFrom !== undefined ? { returnPath: m.envelopeFrom } : {}),
            ...(m.size !== undefined ? { size: m.size } : {}),
            limits,
          }),
        );
      }
      faultPoint('after-fetch');
      const taken = takeGroup(group, mails);
      faultPoint('after-commit');
      results.push(...taken);
      if (taken.some((r) => !(r instanceof Error) && !r.duplicate)) kick();
      turns.add(taken);
      collectIfLarge();
    }
    return results;
  };
}

/** Rows handed to the SMTP thread at most (outbox-worker.ts `concurrency`). */
const SEND_WINDOW = 32;

/** The outbox worker that sends the store's mail by `transport` (a window of rows when it journals). */
export function outboxWorker(
  rt: Runtime,
  config: Config,
  transport: MailTransport,
  journal: string | null,
  options: { outboxPollMs?: number; retry?: Partial<RetryPolicy> },
): OutboxWorker {
  return new OutboxWorker({
    store: rt.store,
    commit: (fn) => rt.store.txLazy(fn),
    transport,
    clock: rt.deps.clock,
    log: rt.deps.log,
    pollMs: options.outboxPollMs ?? 1000,
    journal,
    concurrency: journal ? SEND_WINDOW : 1,
    compose: (row) => composeMessage(row, { address: config.mailFrom, name: config.mailFromName }),
    retry: { baseMs: config.outboxRetrySeconds * 1000, maxAttempts: config.outboxMaxAttempts, ...options.retry },
  });
}

/** Starts taking mail in: the local SMTP listener in local mode, else the IMAP inbox; its stop goes on `stops`. */
export async function startMailIn(
  rt: Runtime,
  config: Config,
  handler: RawHandler,
  tokens: AccessTokens | null,
  smtpListen: Listening | null,
  stops: (() => Promise<void> | void)[],
): Promise<{ smtp: SmtpListener | null; inbox: ImapInbox | null }> {
  let smtp: SmtpListener | null = null;
  let inbox: ImapInbox | null = null;
  if (config.mode === 'local') {
    smtp = await startSmtpListener({
      port: config.localSmtpPort,
      maxBytes: config.maxMailBytes,
      log: rt.deps.log,
      onMessage: async (m) => {
        const [r] = await handler([
          { raw: m.raw, key: { mailbox: 'smtp:local', uidValidity: null, uid: null }, envelopeFrom: m.mailFrom },
        ]);
        if (r instanceof Error) throw r;
      },
    }).catch(asListenError(smtpListen!));
    stops.push(() => smtp?.close());
  } else {
    inbox = new ImapInbox({
      config: config.imap!,
      handler,
      log: rt.deps.log,
      store: rt.store,
      clock: rt.deps.clock,
      maxBytes: config.maxMailBytes,
      tokens,
    });
    await inbox.start();
    stops.push(() => inbox?.stop());
  }
  return { smtp, inbox };
}
