/**
 * Where outgoing mail goes: a pooled nodemailer SMTP transport, or, in local mode, nowhere but the
 * store (the row is marked sent and stays readable with tallyho mail and the local web page).
 */
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { SmtpConfig } from '../config.ts';

export interface SendResult {
  accepted: string[];
  rejected: string[];
  response: string;
}

export interface MailTransport {
  send(message: Mail.Options): Promise<SendResult>;
  close(): void;
}

const addresses = (list: unknown[] | undefined): string[] =>
  (list ?? []).map((a) => (typeof a === 'string' ? a : (a as { address: string }).address).toLowerCase());

export function smtpTransport(config: SmtpConfig, extra: Partial<SMTPPool.Options> = {}): MailTransport {
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections: 4,
    maxMessages: 100,
    host: config.host,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    ...(config.user ? { auth: { user: config.user, pass: config.password } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    ...extra,
  };
  const transporter = nodemailer.createTransport(options);
  return {
    async send(message) {
      // The message is built first and handed over whole: the SMTP connection then writes a few
      // large chunks instead of one per MIME piece.
      const raw = await new MailComposer(message).compile().build();
      const info = await transporter.sendMail({ envelope: message.envelope, messageId: message.messageId, raw });
      return { accepted: addresses(info.accepted), rejected: addresses(info.rejected), response: String(info.response ?? '') };
    },
    close: () => transporter.close(),
  };
}

/** Local mode: mail is kept in the store only. */
export function localTransport(): MailTransport {
  return {
    async send(message) {
      const to = ([] as unknown[]).concat(message.to ?? []).map((a) => (typeof a === 'string' ? a : (a as { address: string }).address));
      return { accepted: to, rejected: [], response: '250 kept in the local outbox (local mode)' };
    },
    close: () => {},
  };
}
