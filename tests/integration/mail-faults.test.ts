/**
 * Exactly once through crashes and outages, on real servers: the server killed with SIGKILL after
 * fetching a mail and again after committing it but before filing it; SMTP down, then up; Dovecot
 * restarted while the server idles on the mailbox.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { waitForMessages, withImap } from '../support/mail.ts';
import { sleep } from '../support/ports.ts';
import {
  dbCount,
  deliverByLmtp,
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
const FAST = { OUTBOX_RETRY_SECONDS: '1' };

describeWithMailStack('exactly once through crashes and outages', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE] });
  const dir = tempDir();
  let env: Record<string, string> = {};
  let running: ServeProcess | undefined;
  let k1: Seat[] = [];

  beforeAll(() => {
    env = refereeEnv(stack(), dir, FAST);
    k1 = setUpGame(env, 'k1', { red: RED, blue: BLUE });
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (extra: Record<string, string> = {}) => {
    running = startReferee(stack(), dir, { ...FAST, ...extra });
    await running.waitFor(/IMAP inbox connected/, 20000, 'stderr');
    return running;
  };
  const inboxCount = () => withImap(stack(), REFEREE, async (c) => (await c.mailboxOpen('INBOX')).exists);

  it('handles a mail once when the server is killed after fetching it', { timeout: 60000 }, async () => {
    const s = await start({ TALLYHO_FAULT: 'after-fetch' });
    await sendOrders(stack(), RED, envelope('k1', 'red', k1[0]!.secret, 'R1: 1 1 1 1 1 1'));
    expect(await s.exited).toBe('SIGKILL');
    expect(await dbCount(env, "SELECT COUNT(*) AS n FROM orders WHERE game_id = 'k1'")).toBe(0);
    expect(await inboxCount()).toBe(1);
    await start();
    await mailTo(stack(), RED, /\[k1\] Turn 1 orders accepted/);
    await sleep(1500);
    expect(await mailTo(stack(), RED, /\[k1\] Turn 1 orders/)).toHaveLength(1);
    expect(await dbCount(env, "SELECT COUNT(*) AS n FROM orders WHERE game_id = 'k1' AND player_id = 'red'")).toBe(1);
    expect(await inboxCount()).toBe(0);
    await running!.stop();
  });

  it(
    'files without handling again a mail committed before the kill but not yet moved',
    { timeout: 60000 },
    async () => {
      const s = await start({ TALLYHO_FAULT: 'after-commit' });
      await sendOrders(stack(), BLUE, envelope('k1', 'blue', k1[1]!.secret, 'G1: 1 1 1 1 1 1'));
      expect(await s.exited).toBe('SIGKILL');
      // Committed: the orders, the ledger row and the acknowledgement; not moved, nothing sent yet,
      // and the turn they complete not resolved (acknowledgements first: shell/turn-queue.ts). The
      // next start resolves it.
      expect(await dbCount(env, "SELECT COUNT(*) AS n FROM orders WHERE game_id = 'k1' AND player_id = 'blue'")).toBe(
        1,
      );
      expect(await dbCount(env, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NULL')).toBe(1);
      expect(await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE game_id = 'k1' AND kind = 'ack'")).toBe(2);
      expect(
        await dbCount(env, "SELECT COUNT(*) AS n FROM turns WHERE game_id = 'k1' AND resolved_at IS NOT NULL"),
      ).toBe(0);
      expect(await inboxCount()).toBe(1);
      await start();
      await mailTo(stack(), BLUE, /\[k1\] Turn 1 orders accepted/);
      await mailTo(stack(), RED, /\[k1\] Turn 1 report/);
      await mailTo(stack(), BLUE, /\[k1\] Turn 1 report/);
      await sleep(1500);
      expect(await mailTo(stack(), BLUE, /\[k1\] Turn 1 orders/)).toHaveLength(1);
      expect(await mailTo(stack(), BLUE, /\[k1\] Turn 1 report/)).toHaveLength(1);
      expect(await dbCount(env, "SELECT COUNT(*) AS n FROM orders WHERE game_id = 'k1' AND player_id = 'blue'")).toBe(
        1,
      );
      expect(await dbCount(env, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NULL')).toBe(0);
      expect(await inboxCount()).toBe(0);
      await running!.waitFor(/mail already in the ledger: filed without handling it again/, 5000, 'stderr');
    },
  );

  it('delivers every mail once when SMTP is down and then back', { timeout: 90000 }, async () => {
    const k2 = setUpGame(env, 'k2', { red: RED, blue: BLUE });
    await mailTo(stack(), RED, /\[k2\] Welcome/);
    await mailTo(stack(), BLUE, /\[k2\] Welcome/);
    await stack().stopPostfix();
    await deliverByLmtp(stack(), RED, REFEREE, 'orders', envelope('k2', 'red', k2[0]!.secret, 'R1: 1 1 1 1 1 1'));
    await deliverByLmtp(stack(), BLUE, REFEREE, 'orders', envelope('k2', 'blue', k2[1]!.secret, 'G1: 1 1 1 1 1 1'));
    // Both acks and both reports are written and wait; a send found the server down, and the
    // outbox probes it rather than spend the other mails' attempts (shell/mail/smtp-link.ts).
    const waiting = () => dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE game_id = 'k2' AND status = 'pending'");
    const failed = () =>
      dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE game_id = 'k2' AND last_error IS NOT NULL");
    for (let i = 0; (await waiting()) < 4 || (await failed()) < 1; i++) {
      if (i > 200) throw new Error('the outbox did not try the mails while SMTP was down');
      await sleep(100);
    }
    await running!.waitFor(/the SMTP server does not answer/, 5000, 'stderr');
    // /health says so, for a monitor.
    const port = (await running!.waitFor(/"http":(\d+)[^\n]*tallyho serving/, 5000, 'stderr'))[1];
    const smtpHealth = async () =>
      ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { smtp: string }).smtp;
    expect(await smtpHealth()).toMatch(/^down since \d{4}-\d\d-\d\dT[\d:.]+Z, \d+ probes? unanswered$/);
    await stack().startPostfix();
    for (const who of [RED, BLUE]) {
      await mailTo(stack(), who, /\[k2\] Turn 1 orders accepted/, { timeoutMs: 30000 });
      await mailTo(stack(), who, /\[k2\] Turn 1 report/, { timeoutMs: 30000 });
    }
    expect(await smtpHealth()).toBe('up');
    await sleep(2000);
    for (const who of [RED, BLUE]) {
      const all = await waitForMessages(stack(), who, 'INBOX', (m) => m.subject.startsWith('[k2]'), 5000, { min: 3 });
      const ids = all.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(all).toHaveLength(3);
    }
    expect(await dbCount(env, "SELECT COUNT(*) AS n FROM outbox WHERE game_id = 'k2' AND status != 'sent'")).toBe(0);
  });

  it('reconnects after Dovecot restarts under an idle connection and catches up', { timeout: 90000 }, async () => {
    const k3 = setUpGame(env, 'k3', { red: RED, blue: BLUE });
    await mailTo(stack(), RED, /\[k3\] Welcome/);
    await sleep(500); // the server is idle on the mailbox now
    await stack().stopDovecot();
    // Mail sent meanwhile waits in Postfix's queue.
    await sendOrders(stack(), RED, envelope('k3', 'red', k3[0]!.secret, 'R1: 1 1 1 1 1 1'));
    await running!.waitFor(/IMAP inbox disconnected; reconnecting/, 20000, 'stderr');
    await stack().startDovecot();
    await mailTo(stack(), RED, /\[k3\] Turn 1 orders accepted/, { timeoutMs: 40000 });
    await sendOrders(stack(), BLUE, envelope('k3', 'blue', k3[1]!.secret, 'G1: 1 1 1 1 1 1'));
    await mailTo(stack(), BLUE, /\[k3\] Turn 1 report/, { timeoutMs: 20000 });
    expect(await mailTo(stack(), RED, /\[k3\] Turn 1 orders/)).toHaveLength(1);
  });
});
