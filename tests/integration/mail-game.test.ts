/**
 * The mail pipeline against real servers (Postfix for SMTP, Dovecot for IMAP): `tallyho serve` as
 * a child process reads the referee's mailbox, players send orders by SMTP and read the answers by
 * IMAP.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { sendMail, waitForMessages, withImap } from '../support/mail.ts';
import {
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  setUpGame,
  startReferee,
  tempDir,
  templateOf,
  type Seat,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';
import { sleep } from '../support/ports.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const MALLORY = 'mallory@example.test';

describeWithMailStack('mail pipeline on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RED, BLUE, MALLORY] });
  const dir = tempDir();
  let seats: Seat[] = [];
  let server: ServeProcess;

  beforeAll(async () => {
    seats = setUpGame(refereeEnv(stack(), dir), 'duel', { red: RED, blue: BLUE });
    server = startReferee(stack(), dir);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays a whole game of three turns by mail, one thread per player', async () => {
    for (let turn = 1; turn <= 3; turn++) {
      for (const who of [RED, BLUE]) {
        const source = turn === 1 ? /Welcome to/ : new RegExp(`Turn ${turn - 1} report`);
        const [latest] = await mailTo(stack(), who, source);
        await sendOrders(stack(), who, `My orders:\n\n${templateOf(latest!.text)}`, {
          subject: `Re: ${latest!.subject}`,
        });
        await mailTo(stack(), who, new RegExp(`Turn ${turn} orders accepted`));
      }
      await mailTo(stack(), RED, new RegExp(`\\[duel\\] Turn ${turn} report`));
      await mailTo(stack(), BLUE, new RegExp(`\\[duel\\] Turn ${turn} report`));
    }
    const mine = await waitForMessages(stack(), RED, 'INBOX', () => true, 5000, { min: 7 });
    const welcome = mine.find((m) => /Welcome/.test(m.subject))!;
    for (const m of mine.filter((x) => x !== welcome)) {
      expect(m.headers.get('references')).toContain(welcome.messageId);
      expect(m.headers.get('auto-submitted')).toBe('auto-generated');
      expect(m.from).toBe(REFEREE);
    }
    const report = mine.find((m) => m.subject === '[duel] Turn 3 report')!;
    expect(report.text).toMatch(/YOUR ORDERS FOR TURN 4, READY TO SEND/);
    expect(report.parsed.html).toMatch(/<pre style=/);
    for (const line of report.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    // Every handled mail was moved out of the inbox into Processed.
    const processed = await waitForMessages(stack(), REFEREE, 'Processed', () => true, 5000, { min: 6 });
    expect(processed.length).toBeGreaterThanOrEqual(6);
    await withImap(stack(), REFEREE, async (c) => {
      const box = await c.mailboxOpen('INBOX');
      expect(box.exists).toBe(0);
    });
  });

  it('gives the same message delivered twice one effect', async () => {
    const red = seats[0]!;
    const raw = [
      `From: Red <${RED}>`,
      `To: ${REFEREE}`,
      'Subject: twice',
      'Message-ID: <twice-1@example.test>',
      'Date: Mon, 12 Jan 2026 10:00:00 +0000',
      '',
      `#TALLYHO duel red "${red.secret}"`,
      'R1: 1 1 1 1 1 1',
      '#END',
      '',
    ].join('\r\n');
    await sendMail(stack(), { from: RED, to: REFEREE, raw });
    await sendMail(stack(), { from: RED, to: REFEREE, raw });
    await mailTo(stack(), RED, /Turn 4 orders accepted/);
    await waitForMessages(stack(), REFEREE, 'Processed', (m) => m.messageId === '<twice-1@example.test>', 15000, {
      min: 2,
    });
    await sleep(1000);
    const acks = await mailTo(stack(), RED, /Turn 4 orders/);
    expect(acks).toHaveLength(1);
  });

  it('refuses a forged secret, telling the registered player only', async () => {
    await sendOrders(stack(), MALLORY, '#TALLYHO duel blue "aaaa-bbbb-cccc-dddd"\nG1: 1 1 1 1 1 1\n#END\n');
    const [notice] = await mailTo(stack(), BLUE, /wrong secret/);
    expect(notice!.text).toContain(`A mail from ${MALLORY}`);
    await sleep(1000);
    await withImap(stack(), MALLORY, async (c) => {
      expect((await c.mailboxOpen('INBOX')).exists).toBe(0);
    });
  });

  it('never answers an auto-reply or a bounce, and files them under Rejected', async () => {
    await sendMail(stack(), {
      from: BLUE,
      to: REFEREE,
      subject: 'Out of office: [duel] Turn 3 report',
      text: 'I am away until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const bounce = [
      'From: Mail Delivery System <MAILER-DAEMON@example.test>',
      `To: ${REFEREE}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <bounce-1@example.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      '',
      '--B',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '',
      '--B',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mail.example.test',
      '',
      'Final-Recipient: rfc822; gone@example.test',
      'Action: failed',
      'Status: 5.1.1',
      '',
      '--B--',
      '',
    ].join('\r\n');
    await sendMail(stack(), { from: '', to: REFEREE, raw: bounce });
    const rejected = await waitForMessages(stack(), REFEREE, 'Rejected', () => true, 15000, { min: 2 });
    expect(rejected.map((m) => m.subject).sort()).toEqual([
      'Out of office: [duel] Turn 3 report',
      'Undelivered Mail Returned to Sender',
    ]);
    await sleep(1000);
    const blueMail = await waitForMessages(stack(), BLUE, 'INBOX', () => true, 2000);
    expect(blueMail.filter((m) => /Out of office|no orders/i.test(m.subject))).toEqual([]);
    await server.waitFor(/"outcome":"loop-guard"/, 5000, 'stderr');
  });
});
