/**
 * The hostile fixtures of tests/fixtures/eml/ put into the referee's real mailbox (IMAP APPEND keeps
 * them byte for byte) while `tallyho serve` runs: each gets a clear answer or a logged rejection,
 * every one is filed, and the server keeps running.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPLY_BUDGET } from '../../src/app/mail/budget.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { hostileCases, HOSTILE_MAX_BYTES } from '../support/hostile.ts';
import { waitForMessages, withImap } from '../support/mail.ts';
import { sleep } from '../support/ports.ts';
import { REFEREE, refereeEnv, setUpGame, startReferee, tempDir, type Seat } from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

describeWithMailStack('hostile mail on the real mailbox', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE] });
  const dir = tempDir();
  const extra = { MAX_MAIL_BYTES: String(HOSTILE_MAX_BYTES) };
  let seats: Seat[] = [];
  let server: ServeProcess;

  beforeAll(async () => {
    seats = setUpGame(refereeEnv(stack(), dir, extra), 'duel', { red: RED, blue: BLUE });
    server = startReferee(stack(), dir, extra);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
    await waitForMessages(stack(), RED, 'INBOX', (m) => /Welcome/.test(m.subject));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers or rejects every fixture, files them all, and keeps running', { timeout: 120000 }, async () => {
    const cases = hostileCases();
    await withImap(stack(), REFEREE, async (c) => {
      for (const h of cases) await c.append('INBOX', h.raw(seats[0]!.secret));
    });
    // Every acknowledgement, the first wrong-secret notice and as many other replies as the
    // reply budget allows go to red (the registered address), none to anyone else.
    const answered = cases.filter((h) => h.answer.startsWith('ack')).length + 1 + REPLY_BUDGET;
    await waitForMessages(stack(), RED, 'INBOX', (m) => !/Welcome/.test(m.subject), 60000, { min: answered });
    for (let i = 0; ; i++) {
      const left = await withImap(stack(), REFEREE, async (c) => (await c.mailboxOpen('INBOX')).exists);
      if (left === 0) break;
      if (i > 200) throw new Error(`${left} fixtures were never filed`);
      await sleep(100);
    }
    await sleep(1000);
    const red = await waitForMessages(stack(), RED, 'INBOX', (m) => !/Welcome/.test(m.subject), 5000, {
      min: answered,
    });
    expect(red).toHaveLength(answered);
    const blue = await waitForMessages(stack(), BLUE, 'INBOX', () => true, 5000);
    expect(blue.map((m) => m.subject)).toEqual([expect.stringMatching(/Welcome/)]);
    const db = new Database(refereeEnv(stack(), dir).DATABASE_PATH!, { readonly: true });
    const outcomes = (db.prepare('SELECT outcome FROM inbound ORDER BY id').all() as { outcome: string }[]).map(
      (r) => r.outcome,
    );
    db.close();
    expect(outcomes.sort()).toEqual(cases.map((h) => h.outcome).sort());
    const processed = await waitForMessages(stack(), REFEREE, 'Processed', () => true, 5000, { min: 1 });
    const rejected = await waitForMessages(stack(), REFEREE, 'Rejected', () => true, 5000, { min: 1 });
    expect(processed.length + rejected.length).toBe(cases.length);
    expect(server.child.exitCode).toBeNull();
    await sleep(500); // the log is written out every 200 ms
    expect(server.stderr()).not.toMatch(/"level":50/);
  });
});
