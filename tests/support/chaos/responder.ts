/**
 * A naive vacation responder at a registered player's address: it reads that mailbox over IMAP
 * every second and answers every new mail to its sender with "Out of office", setting none of the
 * RFC 3834 headers (no Auto-Submitted, no Precedence) and, by default, no In-Reply-To or
 * References either. The player's welcome mail starts the loop. Measured: how many mails the
 * referee sends into the loop in `minutes`, and whether the player's own orders, sent right after
 * the responder is switched off, are taken in and acknowledged.
 */
import { ImapFlow } from 'imapflow';
import { atMost, info, yes, type Figure } from './figures.ts';
import { bare, envelope, handled, mailbox, openRig, plot } from './rig.ts';
import { sender } from './smtp.ts';
import { imapOptions } from '../mail.ts';
import type { MailStack } from '../mailstack.ts';
import { sleep } from '../ports.ts';

export interface ResponderOptions {
  minutes: number;
  /** Quote the referee's Message-ID in In-Reply-To/References, as some responders do. */
  thread?: boolean;
  progress?: (line: string) => void;
  /** Called once the referee is up and the loop has begun. */
  started?: () => void;
}

export async function responderLoop(stack: MailStack, opts: ResponderOptions): Promise<Figure[]> {
  const rig = openRig(stack, 'away');
  const seats = rig.games(['a1'], { welcome: true }).get('a1')!;
  const red = seats[0]!;
  const smtp = sender(stack, 1);
  const client = new ImapFlow(imapOptions(stack, red.email));
  client.on('error', () => undefined);
  try {
    await rig.start();
    await client.connect();
    await client.mailboxOpen('INBOX');
    let lastUid = 0;
    let answered = 0;
    let intoLoop = 0;
    let firstAnswerAt = 0;
    const end = Date.now() + opts.minutes * 60_000;
    while (Date.now() < end) {
      await client.noop();
      if ((client.mailbox && client.mailbox.exists) || 0) {
        for await (const m of client.fetch(`${lastUid + 1}:*`, { uid: true, envelope: true }, { uid: true })) {
          if (m.uid <= lastUid) continue;
          lastUid = m.uid;
          const from = m.envelope?.from?.[0]?.address ?? '';
          if (!from || from.toLowerCase() === red.email) continue;
          if (firstAnswerAt) intoLoop++;
          const id = bare(m.envelope?.messageId);
          const headers: Record<string, string> =
            opts.thread && id ? { 'In-Reply-To': `<${id}>`, References: `<${id}>` } : {};
          await smtp.send({
            from: red.email,
            to: from,
            subject: `Out of office: ${m.envelope?.subject ?? ''}`,
            text: 'I am away until Monday with no access to my mail.\nYour message will be read when I am back.\n',
            headers,
          });
          answered++;
          if (!firstAnswerAt) opts.started?.();
          firstAnswerAt ||= Date.now();
        }
      }
      await sleep(1000);
    }
    opts.progress?.(`responder: ${answered} answers sent, ${intoLoop} mails from the referee into the loop`);
    // The player, back home, sends his orders at once.
    const sentAt = Date.now();
    const orders = await smtp.send({
      from: red.email,
      to: rig.referee,
      subject: 'my orders',
      text: envelope(red, plot(red)),
    });
    // Taken in, filed and answered (or not answered): then the acknowledgement, if any, is in flight.
    const outcome = (await handled(rig, orders, 60_000)) ?? 'not taken in within 60 s';
    let ack = undefined as undefined | { subject: string };
    for (const stop = Date.now() + 5000; Date.now() < stop && !ack; await sleep(250)) {
      ack = (await mailbox(stack, red.email)).find((m) => m.inReplyTo === orders && /orders accepted$/.test(m.subject));
    }
    const stored = rig.db(
      (db) =>
        (
          db
            .prepare(
              'SELECT o.accepted AS a FROM orders o JOIN inbound i ON o.inbound_id = i.id WHERE lower(i.message_id) IN (?, ?)',
            )
            .get(orders, `<${orders}>`) as { a: number } | undefined
        )?.a === 1,
    );
    return [
      atMost(`replies into the responder loop (${opts.minutes} min)`, intoLoop, 2, `the responder sent ${answered}`),
      yes("player's orders right after the loop taken in", stored, `ledger outcome: ${outcome}`),
      yes(
        "player's orders right after the loop acknowledged",
        ack !== undefined,
        ack ? `after ${((Date.now() - sentAt) / 1000).toFixed(1)} s` : 'no acknowledgement',
      ),
      info('responder threading headers', opts.thread ? 'In-Reply-To' : 'none'),
    ];
  } finally {
    await client.logout().catch(() => undefined);
    client.close();
    smtp.close();
    await rig.close();
  }
}
