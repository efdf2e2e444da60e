/**
 * Mail over the size limit, on the real Dovecot: 60 mails of 40 MB waiting in the referee's inbox
 * are refused unread (their size read from the server, their bodies never fetched), filed under
 * Rejected, a player among their senders told, a stranger not; the server's peak memory stays
 * under 300 MB, and a player's orders sent after them are handled as usual.
 */
import { chownSync, closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { withImap } from '../support/mail.ts';
import { maildirOf } from '../support/maildir.ts';
import { sleep } from '../support/ports.ts';
import { requireGid, requireUid } from '../support/procs.ts';
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
import { peakRssMiB } from '../support/rss.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const STRANGER = 'stranger@example.org';
const MAILS = 60;
const SIZE = 40 * 1024 * 1024;

/** Puts `count` mails of about `size` bytes straight into the user's Maildir (new/), as Dovecot would. */
function fillMaildir(dir: string, count: number, size: number, from: (n: number) => string): void {
  const uid = requireUid('mail');
  const gid = requireGid('mail');
  // Every level made here (domain, user, Maildir) is Dovecot's, as if it had delivered there.
  const home = dirname(dirname(dir));
  for (const d of [home, dirname(dir), dir, `${dir}/new`, `${dir}/cur`, `${dir}/tmp`]) {
    mkdirSync(d, { recursive: true });
    chownSync(d, uid, gid);
  }
  const line = `${'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/0123456789ab'}\r\n`;
  const body = Buffer.from(line.repeat(Math.ceil(size / line.length)));
  for (let n = 0; n < count; n++) {
    const head = Buffer.from(
      [
        `From: ${from(n)}`,
        `To: ${REFEREE}`,
        `Subject: big mail ${n}`,
        `Message-ID: <big-${n}@example.test>`,
        'Date: Wed, 25 Nov 2026 12:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=us-ascii',
        '',
        '',
      ].join('\r\n'),
    );
    const file = `${dir}/new/${1_700_000_000 + n}.big${n}.test,S=${head.length + body.length}`;
    const fd = openSync(file, 'w');
    writeSync(fd, head);
    writeSync(fd, body);
    closeSync(fd);
    chownSync(file, uid, gid);
  }
}

describeWithMailStack('mail over the size limit, refused unread', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE] });
  const dir = tempDir();
  let env: Record<string, string> = {};
  let running: ServeProcess | undefined;
  let seats: Seat[] = [];

  beforeAll(() => {
    env = refereeEnv(stack(), dir);
    seats = setUpGame(env, 'big', { red: RED, blue: BLUE });
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(`refuses ${MAILS} mails of 40 MB unread with the server under 300 MB`, { timeout: 180_000 }, async () => {
    // Two from a player, the rest from a stranger.
    fillMaildir(maildirOf(stack(), REFEREE), MAILS, SIZE, (n) => (n < 2 ? RED : STRANGER));
    running = startReferee(stack(), dir);
    await running.waitFor(/IMAP inbox connected/, 30_000, 'stderr');
    const pid = running.child.pid as number;
    const filed = () =>
      dbCount(
        env,
        "SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NOT NULL AND folder = 'Rejected' AND outcome = 'unreadable'",
      );
    for (let i = 0; (await filed()) < MAILS; i++) {
      if (i > 1200)
        throw new Error(
          `only ${await filed()} of ${MAILS} mails refused after 120 s:\n${running.stderr().slice(-3000)}`,
        );
      await sleep(100);
    }
    const peak = peakRssMiB(pid);
    console.log(
      `oversized mail: ${MAILS} mails of ${SIZE / 2 ** 20} MiB refused unread; serve peak RSS ${peak.toFixed(0)} MiB`,
    );
    expect(peak).toBeLessThanOrEqual(300);
    const boxes = await withImap(stack(), REFEREE, async (c) => ({
      inbox: (await c.mailboxOpen('INBOX')).exists,
      rejected: (await c.mailboxOpen('Rejected')).exists,
    }));
    expect(boxes).toEqual({ inbox: 0, rejected: MAILS });
    // The player is told once; the same notice twice running is held back (the reply budget).
    const notices = await mailTo(stack(), RED, /too big to be read/, { min: 1 });
    expect(notices).toHaveLength(1);
    expect(
      await dbCount(env, "SELECT COUNT(*) AS n FROM suppressed WHERE recipient = ? AND reason = 'repeat'", RED),
    ).toBe(1);
    expect(notices[0]!.text.replace(/\s+/g, ' ')).toMatch(/it is 409\d\d KiB long; the most a mail may be is 1024 KiB/);
    expect(await dbCount(env, 'SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?', STRANGER)).toBe(0);
    // Business as usual after them.
    await sendOrders(stack(), RED, envelope('big', 'red', seats[0]!.secret, 'R1: 1 1 1 1 1 1'));
    await mailTo(stack(), RED, /\[big\] Turn 1 orders accepted/, { timeoutMs: 30_000 });
  });
});
