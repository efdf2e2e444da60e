/**
 * A mailbox with more mail than one chunk of the inbox's sweep, on real servers: every mail is
 * taken in once and filed once, into the right folder, while the next chunk is fetched and the one
 * before is filed; the senders take turns (a mail that came last, from a third address, is taken
 * in among the first), each sender's mail in its order; the answers go out within the reply budget.
 */
import { rmSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { withImap } from '../support/mail.ts';
import { sleep } from '../support/ports.ts';
import {
  dbCount,
  dbRows,
  mailTo,
  REFEREE,
  refereeEnv,
  setUpGame,
  startReferee,
  tempDir,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const STRANGER = 'stranger@elsewhere.test';
const FROM_RED = 40;
const FROM_STRANGER = 75;
const TOTAL = FROM_RED + FROM_STRANGER + 1;

describeWithMailStack('a burst of mail', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE] });
  const dir = tempDir();
  const extra = { RATE_LIMIT_PER_HOUR: '1000' };
  let running: ServeProcess | undefined;

  beforeAll(() => {
    setUpGame(refereeEnv(stack(), dir, extra), 'b1', { red: RED, blue: BLUE });
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = (box: string) => withImap(stack(), REFEREE, async (c) => (await c.mailboxOpen(box)).exists);

  it('takes in and files each of three chunks of mail once', { timeout: 90000 }, async () => {
    // All in the mailbox before the referee starts, so that its first sweep finds them together.
    const smtp = nodemailer.createTransport({
      pool: true,
      maxConnections: 4,
      host: stack().smtp.host,
      port: stack().smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await Promise.all([
        ...Array.from({ length: FROM_RED }, (_, i) =>
          smtp.sendMail({ from: RED, to: REFEREE, subject: `question ${i}`, text: `When is the next turn? (${i})` }),
        ),
        ...Array.from({ length: FROM_STRANGER }, (_, i) =>
          smtp.sendMail({ from: STRANGER, to: REFEREE, subject: `offer ${i}`, text: `Cheap flights, offer ${i}` }),
        ),
      ]);
      // Last in the mailbox, from a third address.
      await smtp.sendMail({ from: BLUE, to: REFEREE, subject: 'late question', text: 'Is it my turn?' });
    } finally {
      smtp.close();
    }
    for (let i = 0; i < 200 && (await count('INBOX')) < TOTAL; i++) await sleep(100);
    expect(await count('INBOX')).toBe(TOTAL);

    running = startReferee(stack(), dir, extra);
    await running.waitFor(/IMAP inbox connected/, 20000, 'stderr');
    const env = refereeEnv(stack(), dir, extra);
    for (
      let i = 0;
      i < 300 && (await dbCount(env, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NOT NULL')) < TOTAL;
      i++
    )
      await sleep(100);

    expect(await dbCount(env, 'SELECT COUNT(*) AS n FROM inbound')).toBe(TOTAL);
    expect(await dbCount(env, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NOT NULL')).toBe(TOTAL);
    expect(
      await dbCount(env, "SELECT COUNT(*) AS n FROM inbound WHERE outcome = 'no-orders' AND folder = 'Processed'"),
    ).toBe(FROM_RED + 1);
    expect(
      await dbCount(env, "SELECT COUNT(*) AS n FROM inbound WHERE outcome = 'not-for-us' AND folder = 'Rejected'"),
    ).toBe(FROM_STRANGER);
    expect(await count('INBOX')).toBe(0);
    expect(await count('Processed')).toBe(FROM_RED + 1);
    // Taken in with the senders taking turns: blue's one mail among the first three, red's and the
    // stranger's alternating, each sender's mails in the order of their UIDs.
    const taken = await dbRows<{ sender: string; uid: number }>(env, 'SELECT sender, uid FROM inbound ORDER BY id');
    expect(taken.slice(0, 3).map((r) => r.sender)).toContain(BLUE);
    expect(taken.slice(0, 2 * FROM_RED + 1).filter((r) => r.sender === RED)).toHaveLength(FROM_RED);
    for (const who of [RED, STRANGER]) {
      const uids = taken.filter((r) => r.sender === who).map((r) => r.uid);
      expect(uids).toEqual([...uids].sort((a, b) => a - b));
    }
    expect(await count('Rejected')).toBe(FROM_STRANGER);
    // The first question answered; the others, the same notice again, held back and counted
    // (the reply budget, docs/gm-guide.md "Limits on replies"); nothing written to the stranger.
    await mailTo(stack(), RED, /No orders found/, { min: 1, timeoutMs: 30000 });
    await sleep(1000);
    expect(await mailTo(stack(), RED, /No orders found/, { min: 1, timeoutMs: 5000 })).toHaveLength(1);
    expect(
      await dbCount(env, `SELECT COUNT(*) AS n FROM suppressed WHERE recipient = '${RED}' AND reason = 'repeat'`),
    ).toBe(FROM_RED - 1);
    expect(await dbCount(env, `SELECT COUNT(*) AS n FROM outbox WHERE recipient = '${STRANGER}'`)).toBe(0);
  });
});
