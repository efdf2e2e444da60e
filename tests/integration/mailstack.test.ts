/**
 * The real mail stack itself: mail goes from SMTP to IMAP, waits in Postfix's queue while Dovecot is
 * down, and SMTP refuses connections while Postfix is down.
 */
import { expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { listMailboxes, sendMail, waitForMessages } from '../support/mail.ts';
import { imapLoginOk, isRefused } from '../support/ports.ts';

const ALICE = 'alice@example.test';
const REFEREE = 'referee@example.test';

describeWithMailStack('mail stack (Postfix + Dovecot on loopback)', () => {
  const stack = useMailStack({ users: [ALICE, REFEREE] });

  it('delivers a message from SMTP to the recipient IMAP inbox', async () => {
    const sent = await sendMail(stack(), {
      from: ALICE,
      to: REFEREE,
      subject: 'Turn 1 orders',
      text: 'F1: 1 1 TL 1\n',
      headers: { 'X-Tallyho-Game': 'g-smoke' },
    });
    expect(sent.accepted).toEqual([REFEREE]);

    const [message] = await waitForMessages(stack(), REFEREE, 'INBOX', (m) => m.subject === 'Turn 1 orders');
    expect(message!.from).toBe(ALICE);
    expect(message!.to).toEqual([REFEREE]);
    expect(message!.text).toBe('F1: 1 1 TL 1\n');
    expect(message!.headers.get('x-tallyho-game')).toBe('g-smoke');
    expect(message!.messageId).toBe(sent.messageId);
    expect(message!.flags).not.toContain('\\Seen');
    expect(await listMailboxes(stack(), REFEREE)).toContain('INBOX');
  });

  it('sends raw RFC 822 source unchanged', async () => {
    const raw = [
      `From: Alice <${ALICE}>`,
      `To: ${REFEREE}`,
      'Subject: raw source',
      'Message-ID: <raw-1@example.test>',
      'X-Raw: yes',
      '',
      'body line',
      '',
    ].join('\r\n');
    await sendMail(stack(), { from: ALICE, to: REFEREE, raw });
    const [message] = await waitForMessages(stack(), REFEREE, 'INBOX', (m) => m.messageId === '<raw-1@example.test>');
    expect(message!.headers.get('x-raw')).toBe('yes');
    expect(message!.text.trim()).toBe('body line');
  });

  it('refuses unknown recipients and accepts users added later', async () => {
    const bob = 'bob@example.test';
    await expect(sendMail(stack(), { from: ALICE, to: bob, subject: 'too early', text: 'x' })).rejects.toThrow(
      /550|unknown/i,
    );
    await stack().addUser(bob);
    expect(await imapLoginOk(stack().imap.port, bob, stack().password(bob))).toBe(true);
    await sendMail(stack(), { from: ALICE, to: bob, subject: 'welcome', text: 'hello bob' });
    const [message] = await waitForMessages(stack(), bob, 'INBOX', (m) => m.subject === 'welcome');
    expect(message!.text.trim()).toBe('hello bob');
  });

  it('holds mail while Dovecot is down and delivers it once Dovecot is back', async () => {
    await stack().stopDovecot();
    expect(await isRefused(stack().imap.port)).toBe(true);
    const sent = await sendMail(stack(), { from: ALICE, to: REFEREE, subject: 'while down', text: 'queued' });
    expect(sent.accepted).toEqual([REFEREE]);
    await stack().startDovecot();
    const [message] = await waitForMessages(stack(), REFEREE, 'INBOX', (m) => m.subject === 'while down', 15000);
    expect(message!.text.trim()).toBe('queued');
  });

  it('refuses SMTP while Postfix is down and accepts mail again after it restarts', async () => {
    await stack().stopPostfix();
    expect(await isRefused(stack().smtp.port)).toBe(true);
    await expect(sendMail(stack(), { from: ALICE, to: REFEREE, subject: 'lost', text: 'x' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    await stack().startPostfix();
    await sendMail(stack(), { from: ALICE, to: REFEREE, subject: 'after restart', text: 'back' });
    const [message] = await waitForMessages(stack(), REFEREE, 'INBOX', (m) => m.subject === 'after restart');
    expect(message!.text.trim()).toBe('back');
    const all = await waitForMessages(stack(), REFEREE, 'INBOX');
    expect(all.map((m) => m.subject)).not.toContain('lost');
  });
});
