/**
 * The SMTP side of the transport, run in a worker thread (transport.ts starts it): builds each
 * message and sends it over a pooled nodemailer connection, so that sending goes on while the main
 * thread takes mail in (a turn resolved, a transaction committed) and the other way round.
 * Messages come as `{ id, message, key? }` and are sent in the order they came, `parallel` at a
 * time: the main thread may queue many, and a crash still catches only the mails between the server
 * taking them and their 250 (sent-journal.ts). A mail with a `key` (its outbox row) that the server
 * took is written to the journal, when there is one, before its lane starts the next.
 * The answer is `{ id, result }` or `{ id, error }` with the fields of nodemailer's error that say
 * whether to retry.
 *
 * With SMTP_AUTH=xoauth2 the access tokens come from the main thread, which shares them with IMAP:
 * each login asks `{ tokenRequest, rejected? }` and is answered `{ tokenReply, token, expires }` or
 * `{ tokenReply, error }`. nodemailer asks again with `renew` once when the server refuses a token.
 */
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { type OutgoingMail, withPicture } from './compose.ts';
import { appendSent } from './sent-journal.ts';

export interface ThreadData {
  options: SMTPPool.Options;
  /** The journal of mails taken (sent-journal.ts), or null. */
  journal: string | null;
  /**
   * Mails sent at once, each on its own connection: a crash may duplicate each mail the server
   * was taking at that moment (transport.ts SEND_PARALLEL).
   */
  parallel: number;
}

export type ToThread =
  | { id: number; message: OutgoingMail; key?: number }
  | { close: true }
  | { tokenReply: number; token: string; expires: number }
  | { tokenReply: number; error: string };
export type SentInfo = { accepted: string[]; rejected: string[]; response: string };
/** `command`: what the connection was doing (nodemailer's; CONN while connecting and greeting). */
export type SendError = { message: string; code?: string; responseCode?: number; response?: string; command?: string };
export type FromThread =
  | { id: number; result: SentInfo }
  | { id: number; error: SendError }
  | { closed: true }
  | { tokenRequest: number; rejected?: string };

type Provision = (err: Error | null, accessToken?: string, expires?: number) => void;

const addresses = (list: unknown[] | undefined): string[] =>
  (list ?? []).map((a) => (typeof a === 'string' ? a : (a as { address: string }).address).toLowerCase());

const port = parentPort;
if (port) {
  const { options, journal, parallel } = workerData as ThreadData;
  // Kept open: one write per mail taken, and the main thread empties the file in place.
  let journalFd: number | null = null;
  if (journal) {
    try {
      journalFd = openSync(journal, 'a');
    } catch {
      journalFd = null;
    }
  }
  const transporter = nodemailer.createTransport(options);
  const reply = (m: FromThread) => port.postMessage(m);
  const oauth = options.auth?.type === 'OAuth2';
  const provisions = new Map<number, Provision>();
  let nextRequest = 0;
  if (oauth) {
    // nodemailer calls this as a method of the connection's XOAuth2 object, whose accessToken
    // is the token the server just refused when `renew` is set.
    transporter.set(
      'oauth2_provision_cb',
      function (this: { accessToken?: string }, _user: string, renew: boolean, done: Provision) {
        const id = ++nextRequest;
        provisions.set(id, done);
        reply({ tokenRequest: id, ...(renew && this.accessToken ? { rejected: this.accessToken } : {}) });
      },
    );
  }
  const queue: { id: number; message: OutgoingMail; key?: number }[] = [];

  let closed = false;
  port.on('message', (m: ToThread) => {
    if ('tokenReply' in m) {
      const done = provisions.get(m.tokenReply);
      provisions.delete(m.tokenReply);
      if ('error' in m) done?.(new Error(m.error));
      else done?.(null, m.token, m.expires);
      return;
    }
    if ('close' in m) {
      // Mails still queued are not sent: their rows stay leased and are sent again later.
      closed = true;
      queue.length = 0;
      if (journalFd !== null) {
        try {
          closeSync(journalFd);
        } catch {
          /* closed */
        }
        journalFd = null;
      }
      transporter.close();
      reply({ closed: true });
      return;
    }
    queue.push(m);
    if (lanes < parallel) void lane();
  });
  type Queued = { id: number; message: OutgoingMail; key?: number };
  /**
   * A mail built whole (its picture rendered, its MIME written): the connection then writes a few
   * large chunks instead of one per MIME piece. A failure is kept to be reported as the send's.
   */
  const build = (m: Queued): Promise<Buffer> => {
    try {
      return new MailComposer(withPicture(m.message)).compile().build();
    } catch (e) {
      return Promise.reject(e);
    }
  };
  /**
   * A lane sends queued mails one after another until none is left (or the thread is closing),
   * building the next mail (rendering its picture) while the server takes the one before.
   */
  let lanes = 0;
  const lane = async () => {
    lanes++;
    try {
      let cur = queue.shift();
      let raw = cur && build(cur);
      while (cur && raw && !closed) {
        const sending = sendOne(cur, raw);
        const next = queue.shift();
        const nextRaw = next && build(next);
        // Not left unhandled while the current mail is out: its failure is met when it is sent.
        nextRaw?.catch(() => undefined);
        await sending;
        cur = next ?? queue.shift();
        raw = next ? nextRaw : cur && build(cur);
      }
    } finally {
      lanes--;
    }
  };
  const sendOne = async (m: Queued, built: Promise<Buffer>) => {
    let result: SentInfo;
    try {
      const raw = await built;
      const info = await transporter.sendMail({ envelope: m.message.envelope, messageId: m.message.messageId, raw });
      result = {
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
        response: String(info.response ?? ''),
      };
    } catch (e) {
      const err = e as SendError;
      if (oauth && err.code === 'EAUTH' && err.response) {
        // The server refused a token (a new one too): say what to check, with its answer.
        const message =
          `the SMTP server refused the XOAUTH2 login of ${options.auth?.user} (${err.response.trim()}): check that SMTP_USER ` +
          'is the account the refresh token was given for, and that its scope allows SMTP (docs/gm-guide.md)';
        reply({ id: m.id, error: { message, code: err.code, responseCode: err.responseCode } });
        return;
      }
      reply({
        id: m.id,
        error: {
          message: String(err.message ?? e),
          code: err.code,
          responseCode: err.responseCode,
          response: err.response,
          command: err.command,
        },
      });
      return;
    }
    if (journalFd !== null && m.key !== undefined && result.accepted.length) {
      try {
        appendSent(journalFd, { id: m.key, at: Date.now(), response: result.response, rejected: result.rejected });
      } catch {
        // A journal that cannot be written costs only a second copy of this mail after a crash.
      }
    }
    reply({ id: m.id, result });
  };
}
