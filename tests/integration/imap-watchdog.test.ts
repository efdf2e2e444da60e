/**
 * The IMAP watchdog and a prompt stop, on the real Dovecot and Postfix: Dovecot stopped with
 * SIGSTOP (its TCP connections left open, nothing answering) is noticed within 20 s and the
 * connection replaced, and mail is handled again once it resumes; SIGTERM stops the server within
 * 5 s with both mail servers stopped, mail being sent, nothing half-done.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { NewOutboxRow } from '../../src/app/ports.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { signalServer } from '../support/freeze.ts';
import { sleep } from '../support/ports.ts';
import {
  dbCount, envelope, mailTo, REFEREE, refereeEnv, sendOrders, setUpGame, startReferee, tempDir, type Seat,
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
  const freeze = (s: 'dovecot' | 'postfix') => { signalServer(stack(), s, 'SIGSTOP'); frozen.add(s); };
  const thaw = (s: 'dovecot' | 'postfix') => { signalServer(stack(), s, 'SIGCONT'); frozen.delete(s); };

  beforeAll(() => {
    env = refereeEnv(stack(), dir);
    seats = setUpGame(env, 'w1', { red: RED, blue: BLUE });
  });
  afterEach(() => { for (const s of [...frozen]) thaw(s); });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces a stalled connection within 20 s and handles mail after the server resumes', { timeout: 90_000 }, async () => {
    running = startReferee(stack(), dir);
    await running.waitFor(/IMAP inbox connected/, 20_000, 'stderr');
    await mailTo(stack(), RED, /\[w1\] Welcome/);
    await sleep(1000); // idle on the mailbox now
    const from = running.stderr().length;
    const t0 = Date.now();
    freeze('dovecot');
    for (;;) {
      const line = /.*IMAP inbox disconnected; reconnecting.*/.exec(running.stderr().slice(from));
      if (line) {
        expect(line[0]).toMatch(/stalled|no answer/);
        break;
      }
      if (Date.now() - t0 > 20_000) throw new Error(`no reconnect logged within 20 s:\n${running.stderr().slice(from)}`);
      await sleep(50);
    }
    const noticedMs = Date.now() - t0;
    console.log(`IMAP watchdog: stalled connection replaced after ${(noticedMs / 1000).toFixed(1)} s`);
    expect(noticedMs).toBeLessThanOrEqual(20_000);
    await sleep(2000);
    thaw('dovecot');
    await running.waitFor(/IMAP inbox connected[\s\S]*IMAP inbox connected/, 40_000, 'stderr');
    await sendOrders(stack(), RED, envelope('w1', 'red', seats[0]!.secret, 'R1: 1 1 1 1 1 1'));
    await mailTo(stack(), RED, /\[w1\] Turn 1 orders accepted/, { timeoutMs: 30_000 });
    await running.stop();
  });

  it('stops within 5 s on SIGTERM while Dovecot and Postfix are stopped and mail is being sent', { timeout: 90_000 }, async () => {
    running = startReferee(stack(), dir);
    await running.waitFor(/IMAP inbox connected/, 20_000, 'stderr');
    freeze('postfix');
    freeze('dovecot');
    // Mail to send while Postfix answers nothing: the sends hang mid-way.
    const rt = openRuntime({ config: configFrom(env) });
    const row = (n: number): NewOutboxRow => ({
      gameId: null, playerId: null, kind: 'notice', turn: null, inboundId: null, recipient: n % 2 ? RED : BLUE, subject: `Tallyho: stop ${n}`,
      messageId: `<stop-${n}@example.test>`, inReplyTo: null, references: [], text: `mail ${n}\n`, html: null,
    });
    rt.store.tx((tx) => { for (let n = 0; n < 10; n++) tx.outbox.insert(row(n), Date.now()); });
    rt.close();
    for (let i = 0; (await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE lease_owner IS NOT NULL")) === 0; i++) {
      if (i > 100) throw new Error('the outbox took no mail to send');
      await sleep(50);
    }
    await sleep(1500);
    const t0 = Date.now();
    const exit = await running.stop('SIGTERM');
    const ms = Date.now() - t0;
    console.log(`SIGTERM with the mail servers stopped: exited in ${(ms / 1000).toFixed(1)} s (${exit})`);
    expect(exit).toBe('code 0');
    expect(ms).toBeLessThanOrEqual(5000);
    // Nothing recorded as sent that the server did not take; every mail still to send.
    expect(await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE message_id LIKE '<stop-%' AND status = 'pending'")).toBe(10);
    thaw('postfix');
    thaw('dovecot');
  });
});
