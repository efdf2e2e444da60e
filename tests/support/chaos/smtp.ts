/**
 * The players' and the attackers' side of the chaos suite: mail submitted to the stack's Postfix
 * over a small pool of SMTP connections, each with a Message-ID chosen by the scenario so that
 * what the referee did with it can be found again (ledger, acknowledgement's In-Reply-To).
 */
import nodemailer from 'nodemailer';
import type { MailStack } from '../mailstack.ts';

export interface ChaosMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Without angle brackets; made up when left out. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface Sender {
  send(mail: ChaosMail): Promise<string>;
  close(): void;
}

let serial = 0;

export function sender(stack: MailStack, connections = 2): Sender {
  const t = nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    host: stack.smtp.host,
    port: stack.smtp.port,
    secure: false,
    ignoreTLS: true,
    name: 'client.example.test',
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 30000,
  });
  return {
    async send(mail) {
      const id = mail.messageId ?? `chaos-${process.pid}-${Date.now()}-${++serial}@chaos.example.test`;
      await t.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${id}>`,
        headers: mail.headers ?? {},
      });
      return id.toLowerCase();
    },
    close: () => t.close(),
  };
}
