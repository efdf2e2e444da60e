/**
 * The SMTP side of the transport, run in a worker thread (transport.ts starts it): builds each
 * message and sends it over a pooled nodemailer connection, so that sending goes on while the main
 * thread takes mail in (a turn resolved, a transaction committed) and the other way round.
 * Messages come as `{ id, message }`; the answer is `{ id, result }` or `{ id, error }` with the
 * fields of nodemailer's error that say whether to retry.
 *
 * With SMTP_AUTH=xoauth2 the access tokens come from the main thread, which shares them with IMAP:
 * each login asks `{ tokenRequest, rejected? }` and is answered `{ tokenReply, token, expires }` or
 * `{ tokenReply, error }`. nodemailer asks again with `renew` once when the server refuses a token.
 */
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

export type ToThread =
  | { id: number; message: Mail.Options }
  | { close: true }
  | { tokenReply: number; token: string; expires: number }
  | { tokenReply: number; error: string };
export type SentInfo = { accepted: string[]; rejected: string[]; response: string };
export type SendError = { message: string; code?: string; responseCode?: number; response?: string };
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
  const options = workerData as SMTPPool.Options;
  const transporter = nodemailer.createTransport(options);
  const reply = (m: FromThread) => port.postMessage(m);
  const oauth = options.auth?.type === 'OAuth2';
  const provisions = new Map<number, Provision>();
  let nextRequest = 0;
  if (oauth) {
    // nodemailer calls this as a method of the connection's XOAuth2 object, whose accessToken
    // is the token the server just refused when `renew` is set.
    transporter.set('oauth2_provision_cb', function (this: { accessToken?: string }, _user: string, renew: boolean, done: Provision) {
      const id = ++nextRequest;
      provisions.set(id, done);
      reply({ tokenRequest: id, ...(renew && this.accessToken ? { rejected: this.accessToken } : {}) });
    });
  }
  port.on('message', (m: ToThread) => {
    if ('tokenReply' in m) {
      const done = provisions.get(m.tokenReply);
      provisions.delete(m.tokenReply);
      if ('error' in m) done?.(new Error(m.error));
      else done?.(null, m.token, m.expires);
      return;
    }
    if ('close' in m) {
      transporter.close();
      reply({ closed: true });
      return;
    }
    void (async () => {
      try {
        // Built first and handed over whole: the connection then writes a few large chunks
        // instead of one per MIME piece.
        const raw = await new MailComposer(m.message).compile().build();
        const info = await transporter.sendMail({ envelope: m.message.envelope, messageId: m.message.messageId, raw });
        reply({ id: m.id, result: { accepted: addresses(info.accepted), rejected: addresses(info.rejected), response: String(info.response ?? '') } });
      } catch (e) {
        const err = e as SendError;
        if (oauth && err.code === 'EAUTH' && err.response) {
          // The server refused a token (a new one too): say what to check, with its answer.
          const message = `the SMTP server refused the XOAUTH2 login of ${options.auth?.user} (${err.response.trim()}): check that SMTP_USER `
            + 'is the account the refresh token was given for, and that its scope allows SMTP (docs/gm-guide.md)';
          reply({ id: m.id, error: { message, code: err.code, responseCode: err.responseCode } });
          return;
        }
        reply({ id: m.id, error: { message: String(err.message ?? e), code: err.code, responseCode: err.responseCode, response: err.response } });
      }
    })();
  });
}
