/**
 * Hostile mail through the reader and the intake, in process: broken MIME, HTML only, odd
 * charsets, huge headers, garbage. Each gets a clear answer or a logged rejection; nothing throws.
 * tests/integration/hostile-mail.test.ts sends the same fixtures through the real servers.
 */
import { describe, expect, it } from 'vitest';
import { intake } from '../../../src/app/intake/intake.ts';
import { readMail } from '../../../src/shell/mail/read.ts';
import { realDuel, testReferee } from '../../support/app.ts';
import { REPLY_BUDGET } from '../../../src/app/mail/budget.ts';
import { answerMatches, HOSTILE_MAX_BYTES, hostileCases } from '../../support/hostile.ts';

describe('hostile mail', async () => {
  const t = testReferee();
  const { red } = await realDuel(t);
  const cases = hostileCases();

  it('has at least twenty fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  cases.forEach((c, i) => {
    it(`${c.file}: ${c.why}`, async () => {
      // Each fixture alone: a day apart, so the reply budget of the address (two a day) is whole.
      t.tick(86_400_000);
      const mail = await readMail(c.raw(red), { limits: { maxBytes: HOSTILE_MAX_BYTES } });
      const before = t.store.tx((tx) => tx.outbox.list()).length;
      const r = intake(t.deps, mail, { mailbox: 'test:INBOX', uidValidity: 1, uid: i + 1 });
      const rows = t.store.tx((tx) => tx.outbox.list()).slice(before);
      if (c.outcome !== 'any') expect(r.outcome).toBe(c.outcome);
      expect(answerMatches(c.answer, rows), JSON.stringify(rows.map((x) => [x.recipient, x.subject]))).toBe(true);
      for (const row of rows) for (const line of row.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
      if (c.answer === 'none') expect(t.logs.at(-1)!.level).toBe('warn');
    });
  });

  it('sends all the fixtures at once: every acknowledgement, one wrong-secret notice, at most two other replies', async () => {
    const u = testReferee();
    const secret = (await realDuel(u)).red;
    const before = u.store.tx((tx) => tx.outbox.list()).length;
    for (const [i, c] of cases.entries()) {
      intake(u.deps, await readMail(c.raw(secret), { limits: { maxBytes: HOSTILE_MAX_BYTES } }), {
        mailbox: 'test:INBOX',
        uidValidity: 1,
        uid: i + 1,
      });
    }
    const rows = u.store.tx((tx) => tx.outbox.list()).slice(before);
    expect(rows.every((r) => r.recipient === 'red@example.test')).toBe(true);
    expect(rows.filter((r) => r.kind === 'ack')).toHaveLength(cases.filter((c) => c.answer.startsWith('ack')).length);
    expect(rows.filter((r) => /wrong secret/.test(r.subject))).toHaveLength(1);
    expect(rows.filter((r) => r.kind !== 'ack' && !/wrong secret/.test(r.subject))).toHaveLength(REPLY_BUDGET);
  });

  it('reads the HTML of real clients\' mails whenever no plain text is usable, and says "converted" only when it was', async () => {
    for (const prefix of ['24-', '25-', '27-', '28-', '29-']) {
      const m = await readMail(cases.find((c) => c.file.startsWith(prefix))!.raw(red));
      expect(m.text, prefix).toMatch(/^#TALLYHO duel red "[^"]+"\n+R1: 1 1 1 1 1 1\n+#END$/m);
      expect(m.notes.join(), prefix).toMatch(/HTML was converted to text/);
    }
    // iOS: the plain-text part is read; nothing was converted, and nothing says so.
    const ios = await readMail(cases.find((c) => c.file.startsWith('26-'))!.raw(red));
    expect(ios.text).toContain('Sent from my iPhone');
    expect(ios.notes.join()).not.toMatch(/HTML/);
    // An HTML body with nothing in it is not said to be converted.
    const empty = await readMail(
      Buffer.from(
        'From: red@example.test\r\nMessage-ID: <e@x>\r\nContent-Type: multipart/related; boundary="b"\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<html><body><img src="cid:a"></body></html>\r\n--b--\r\n',
      ),
    );
    expect(empty.notes.join()).not.toMatch(/converted/);
  });

  it('notes HTML converted to text, and ignored attachments', async () => {
    const html = cases.find((c) => c.file.startsWith('03-'))!;
    expect((await readMail(html.raw(red))).notes.join()).toMatch(/HTML was converted/);
    const att = cases.find((c) => c.file.startsWith('18-'))!;
    expect((await readMail(att.raw(red))).notes.join()).toMatch(/attachment was ignored/);
  });
});
