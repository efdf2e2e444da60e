/**
 * The SMTP side of the transport, run in a worker thread (transport.ts starts it): builds each
 * message and sends it over a pooled nodemailer connection, so that sending goes on while the main
 * thread takes mail in (a turn resolved, a transaction committed) and the other way round.
 * Messages come as `{ id, message }`; the answer is `{ id, result }` or `{ id, error }` with the
 * fields of nodemailer's error that say whether to retry.
 */
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

export type ToThread = { id: number; message: Mail.Options } | { close: true };
export type SentInfo = { accepted: string[]; rejected: string[]; response: string };
export type SendError = { message: string; code?: string; responseCode?: number; response?: string };
export type FromThread = { id: number; result: SentInfo } | { id: number; error: SendError } | { closed: true };

const addresses = (list: unknown[] | undefined): string[] =>
  (list ?? []).map((a) => (typeof a === 'string' ? a : (a as { address: string }).address).toLowerCase());

const port = parentPort;
if (port) {
  const transporter = nodemailer.createTransport(workerData as SMTPPool.Options);
  const reply = (m: FromThread) => port.postMessage(m);
  port.on('message', (m: ToThread) => {
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
        reply({ id: m.id, error: { message: String(err.message ?? e), code: err.code, responseCode: err.responseCode, response: err.response } });
      }
    })();
  });
}
