/**
 * Forgers. Two scenarios on two referees of their own:
 * - forged From: `mails` junk mails with a registered player's From address and no secret, then
 *   that player's real orders (with his secret): are they taken in and acknowledged?
 * - wrong-secret flood: `mails` envelopes for a player's seat with wrong secrets, each from another
 *   forged sender: how many notices reach the real player (and how many mails the forgers get back).
 */
import { atMost, info, yes, type Figure } from './figures.ts';
import { count, envelope, FORGERS, forger, handled, mailbox, openRig, plot, settled } from './rig.ts';
import { sender } from './smtp.ts';
import type { MailStack } from '../mailstack.ts';
import { sleep } from '../ports.ts';

const SPAM = 'Dear friend,\nYou have been selected for an exclusive offer. Reply now.\n';

export async function forgedFrom(stack: MailStack, opts: { mails: number }): Promise<Figure[]> {
  const rig = openRig(stack, 'forge');
  const red = rig.games(['f1']).get('f1')![0]!;
  const smtp = sender(stack, 2);
  try {
    await rig.start();
    await Promise.all(
      Array.from({ length: opts.mails }, (_, i) =>
        smtp.send({ from: red.email, to: rig.referee, subject: `offer ${i + 1}`, text: SPAM }),
      ),
    );
    const flooded = await settled(rig, opts.mails, 120_000);
    const repliesToFlood = (await mailbox(stack, red.email)).length;
    const sentAt = Date.now();
    const orders = await smtp.send({
      from: red.email,
      to: rig.referee,
      subject: 'orders',
      text: envelope(red, plot(red)),
    });
    // Taken in, filed and answered (or not answered): then the acknowledgement, if any, is in flight.
    const outcome = (await handled(rig, orders, 60_000)) ?? 'not taken in within 60 s';
    let acked = false;
    for (const stop = Date.now() + 5000; Date.now() < stop && !acked; await sleep(250)) {
      acked = (await mailbox(stack, red.email)).some(
        (m) => m.inReplyTo === orders && /orders accepted$/.test(m.subject),
      );
    }
    const row = rig.db(
      (db) =>
        db
          .prepare(
            'SELECT o.accepted AS accepted FROM inbound i JOIN orders o ON o.inbound_id = i.id WHERE lower(i.message_id) IN (?, ?)',
          )
          .get(orders, `<${orders}>`) as { accepted: number } | undefined,
    );
    return [
      info(
        'forged mails handled',
        flooded ? opts.mails : 'not all',
        `${repliesToFlood} replies to the player for them`,
      ),
      yes(
        `player's orders after ${opts.mails} forged mails taken in`,
        row?.accepted === 1,
        `ledger outcome: ${outcome}`,
      ),
      yes(
        `player's orders after ${opts.mails} forged mails acknowledged`,
        acked,
        acked ? `after ${((Date.now() - sentAt) / 1000).toFixed(1)} s` : 'no acknowledgement',
      ),
    ];
  } finally {
    smtp.close();
    await rig.close();
  }
}

export async function wrongSecretFlood(stack: MailStack, opts: { mails: number }): Promise<Figure[]> {
  if (opts.mails > FORGERS) throw new Error(`at most ${FORGERS} forged senders`);
  const rig = openRig(stack, 'flood');
  const red = rig.games(['w1']).get('w1')![0]!;
  const smtp = sender(stack, 2);
  try {
    await rig.start();
    const forgers = Array.from({ length: opts.mails }, (_, i) => forger(i + 1));
    await Promise.all(
      forgers.map((from, i) =>
        smtp.send({ from, to: rig.referee, subject: 'orders', text: envelope(red, plot(red), `guess-${i + 1}`) }),
      ),
    );
    const handled = await settled(rig, opts.mails, 120_000);
    await sleep(3000);
    const notices = (await mailbox(stack, red.email)).length;
    let backscatter = 0;
    for (const f of forgers) backscatter += (await mailbox(stack, f)).length;
    const failed = rig.db((db) => count(db, "SELECT COUNT(*) AS n FROM inbound WHERE outcome = 'auth-failed'"));
    return [
      info('wrong-secret mails handled', handled ? opts.mails : 'not all', `${failed} refused as auth-failed`),
      atMost(`notices to the player for ${opts.mails} wrong-secret mails`, notices, 1),
      info('mails back to the forged senders', backscatter),
    ];
  } finally {
    smtp.close();
    await rig.close();
  }
}
