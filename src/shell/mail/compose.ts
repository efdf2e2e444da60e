/**
 * An outbox row as a message: the row's own Message-ID on every attempt (so a mail sent twice
 * after a crash is one mail to the reader's client), threading headers, the date it was written,
 * and the RFC 3834 markers of automatic mail (Auto-Submitted, and our loop header).
 */
import type Mail from 'nodemailer/lib/mailer/index.js';
import { LOOP_HEADER } from '../../app/incoming.ts';
import type { OutboxRow } from '../../app/ports.ts';

export interface Sender {
  address: string;
  name: string;
}

export function composeMessage(row: OutboxRow, from: Sender): Mail.Options {
  return {
    from: { name: from.name, address: from.address },
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    messageId: row.messageId,
    ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
    ...(row.references.length ? { references: row.references } : {}),
    date: new Date(row.createdAt),
    headers: {
      'Auto-Submitted': 'auto-generated',
      [LOOP_HEADER]: from.address,
      'X-Auto-Response-Suppress': 'All',
    },
    envelope: { from: from.address, to: [row.recipient] },
  };
}
