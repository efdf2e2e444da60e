/**
 * One copy per mail through crashes, on the real Postfix and Dovecot: 300 mails queued, the server
 * killed with SIGKILL several times while it sends them, then let finish; every mail must arrive,
 * and the copies delivered twice (same Message-ID) be at most one per kill on average.
 */
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { NewOutboxRow } from '../../src/app/ports/store.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { deliveriesByMessageId } from '../support/maildir.ts';
import { sleep } from '../support/ports.ts';
import { dbCount, REFEREE, refereeEnv, startReferee, tempDir } from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const PLAYERS = ['p1@example.test', 'p2@example.test', 'p3@example.test', 'p4@example.test'];
const MAILS = 300;
const KILLS = 8;

const mail = (n: number): NewOutboxRow => ({
  gameId: null,
  playerId: null,
  kind: 'notice',
  turn: null,
  inboundId: null,
  recipient: PLAYERS[n % PLAYERS.length] as string,
  subject: `Tallyho: mail ${n}`,
  messageId: `<crash-${n}@example.test>`,
  inReplyTo: null,
  references: [],
  text: `mail ${n}\n${'The quick brown fox jumps over the lazy dog.\n'.repeat(40)}`,
  html: null,
});

describeWithMailStack('one copy per mail through crashes', () => {
  const stack = useMailStack({ users: [REFEREE, ...PLAYERS] });
  const dir = tempDir();
  let running: ServeProcess | undefined;
  afterAll(async () => {
    await running?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers every mail, with at most one duplicate per SIGKILL while sending', { timeout: 240_000 }, async () => {
    const env = refereeEnv(stack(), dir, { OUTBOX_RETRY_SECONDS: '1' });
    const rt = openRuntime({ config: configFrom(env) });
    rt.store.tx((tx) => {
      for (let n = 0; n < MAILS; n++) tx.outbox.insert(mail(n), Date.now());
    });
    rt.close();
    const sent = () => dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'");
    let kills = 0;
    for (let round = 0; round < KILLS; round++) {
      // Rounds while enough is left to send (not counting the rows held by a killed run).
      if (
        (await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending' AND lease_owner IS NULL")) < 30
      )
        break;
      running = startReferee(stack(), dir, { OUTBOX_RETRY_SECONDS: '1' });
      // Killed while it sends: some mails after its first one of this run.
      await running.waitFor(/"msg":"mail sent"/, 20_000, 'stderr');
      await sleep(20 + Math.floor(Math.random() * 120));
      running.child.kill('SIGKILL');
      expect(await running.exited).toBe('SIGKILL');
      kills++;
    }
    expect(kills).toBeGreaterThanOrEqual(4);
    // The last run sends the rest, the rows in flight at the kills too once their lease runs out.
    running = startReferee(stack(), dir, { OUTBOX_RETRY_SECONDS: '1' });
    for (let i = 0; (await sent()) < MAILS; i++) {
      if (i > 1800) throw new Error(`only ${await sent()} of ${MAILS} mails sent after 180 s`);
      await sleep(100);
    }
    await running.stop();
    // Postfix hands the last ones to Dovecot within a moment.
    const copies = () => {
      const all = new Map<string, number>();
      for (const p of PLAYERS)
        for (const [id, n] of deliveriesByMessageId(stack(), p)) all.set(id, (all.get(id) ?? 0) + n);
      return all;
    };
    const total = () => [...copies().values()].reduce((a, b) => a + b, 0);
    for (let i = 0, last = -1; i < 100; i++) {
      const now = total();
      if (now >= MAILS && now === last) break;
      last = now;
      await sleep(300);
    }
    const all = copies();
    const missing = Array.from({ length: MAILS }, (_, n) => `<crash-${n}@example.test>`).filter((id) => !all.has(id));
    const duplicates = [...all.values()].reduce((a, n) => a + (n - 1), 0);
    console.log(
      `outbox crash: ${kills} kills while sending, ${MAILS} mails, ${duplicates} duplicate deliveries (${(duplicates / kills).toFixed(2)} per kill)`,
    );
    expect(missing).toEqual([]);
    expect(duplicates).toBeLessThanOrEqual(kills);
  });
});
