/**
 * The IMAP watchdog and a prompt stop, on the real Dovecot and Postfix: Dovecot stopped with
 * SIGSTOP (its TCP connections left open, nothing answering) is noticed by the watchdog, which
 * drops the stalled connection and connects again once Dovecot resumes, and mail is handled again;
 * SIGTERM stops the server gracefully (exit code 0, not the deadline's exit) with both mail
 * servers stopped and mail being sent, the sends given up and nothing half-done. What is asserted
 * is what happens and in which order; the waits' times only guard against a hang.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { NewOutboxRow } from '../../src/app/ports/store.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { signalServer } from '../support/freeze.ts';
import { sleep } from '../support/ports.ts';
import {
  dbCount,
  envelope,
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  setUpGame,
  startReferee,
  tempDir,
  type Seat,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

describeWithMailStack('the IMAP watchdog and stopping with the mail servers stalled', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE] });
  const dir = tempDir();
  let env: Record<string, string> = {};
  let running: ServeProcess | undefined;
  let seats: Seat[] = [];
  const frozen = new Set<'dovecot' | 'postfix'>();
  const freeze = (s: 'dovecot' | 'postfix') => {
    signalServer(stack(), s, 'SIGSTOP');
    frozen.add(s);
  };
  const thaw = (s: 'dovecot' | 'postfix') => {
    signalServer(stack(), s, 'SIGCONT');
    frozen.delete(s);
  };

  beforeAll(() => {
    env = refereeEnv(stack(), dir);
    seats = setUpGame(env, 'w1', { red: RED, blue: BLUE });
  });
  afterEach(() => {
    for (const s of [...frozen]) thaw(s);
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'drops a stalled connection by its watchdog, connects again after the server resumes and handles mail',
    { timeout: 120_000 },
    async () => {
      running = startReferee(stack(), dir);
      await running.waitFor(/IMAP inbox connected/, 20_000, 'stderr');
      await mailTo(stack(), RED, /\[w1\] Welcome/);
      await sleep(1000); // idle on the mailbox now
      const from = running.stderr().length;
      freeze('dovecot');
      // The watchdog's own words: no answer for its stall time, so it dropped the connection.
      const dropped = await running.waitFor(/.*IMAP inbox disconnected; reconnecting.*/, 60_000, 'stderr', from);
      expect(dropped[0]).toMatch(/no answer from the server for \d+ ms \(stalled\); connection dropped/);
      const afterDrop = from + dropped.index! + dropped[0].length;
      // While Dovecot is stopped no new connection is made.
      await sleep(2000);
      expect(running.stderr().slice(afterDrop)).not.toMatch(/IMAP inbox connected/);
      thaw('dovecot');
      await running.waitFor(/IMAP inbox connected/, 40_000, 'stderr', afterDrop);
      await sendOrders(stack(), RED, envelope('w1', 'red', seats[0]!.secret, 'R1: 1 1 1 1 1 1'));
      await mailTo(stack(), RED, /\[w1\] Turn 1 orders accepted/, { timeoutMs: 30_000 });
      await running.stop();
    },
  );

  it(
    'stops gracefully on SIGTERM while Dovecot and Postfix are stopped and mail is being sent',
    { timeout: 90_000 },
    async () => {
      running = startReferee(stack(), dir);
      await running.waitFor(/IMAP inbox connected/, 20_000, 'stderr');
      freeze('postfix');
      freeze('dovecot');
      // Mail to send while Postfix answers nothing: the sends hang mid-way.
      const rt = openRuntime({ config: configFrom(env) });
      const row = (n: number): NewOutboxRow => ({
        gameId: null,
        playerId: null,
        kind: 'notice',
        turn: null,
        inboundId: null,
        recipient: n % 2 ? RED : BLUE,
        subject: `Tallyho: stop ${n}`,
        messageId: `<stop-${n}@example.test>`,
        inReplyTo: null,
        references: [],
        text: `mail ${n}\n`,
        html: null,
      });
      rt.store.tx((tx) => {
        for (let n = 0; n < 10; n++) tx.outbox.insert(row(n), Date.now());
      });
      rt.close();
      for (
        let i = 0;
        (await dbCount(env, 'SELECT COUNT(*) AS n FROM outbox WHERE lease_owner IS NOT NULL')) === 0;
        i++
      ) {
        if (i > 100) throw new Error('the outbox took no mail to send');
        await sleep(50);
      }
      await sleep(1500);
      const from = running.stderr().length;
      // Exit code 0: the graceful stop, not the exit of serve's own deadline (STOP_DEADLINE_MS,
      // src/shell/serve.ts), which says "not stopped within" and exits 1.
      expect(await running.stop('SIGTERM')).toBe('code 0');
      const log = running.stderr().slice(from);
      expect(log).not.toContain('not stopped within');
      // In order: the signal taken, then the sends that hang given up (sent again at the next start).
      const stopping = log.indexOf('tallyho: SIGTERM: stopping');
      const givenUp = log.indexOf('stopped with mail still being sent');
      expect(stopping).toBeGreaterThanOrEqual(0);
      expect(givenUp).toBeGreaterThan(stopping);
      // Nothing recorded as sent that the server did not take; every mail still to send.
      expect(
        await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE message_id LIKE '<stop-%' AND status = 'pending'"),
      ).toBe(10);
      thaw('postfix');
      thaw('dovecot');
    },
  );
});
