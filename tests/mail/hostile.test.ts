/**
 * Hostile mail through the reader and the intake, in process: broken MIME, HTML only, odd
 * charsets, huge headers, garbage. Each gets a clear answer or a logged rejection; nothing throws.
 * tests/integration/hostile-mail.test.ts sends the same fixtures through the real servers.
 */
import { describe, expect, it } from 'vitest';
import { intake } from '../../src/app/intake.ts';
import { readMail } from '../../src/shell/mail/read.ts';
import { realDuel, testReferee } from '../support/app.ts';
import { answerMatches, HOSTILE_MAX_BYTES, hostileCases } from '../support/hostile.ts';

describe('hostile mail', async () => {
  const t = testReferee();
  const { red } = await realDuel(t);
  const cases = hostileCases();

  it('has at least twenty fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  cases.forEach((c, i) => {
    it(`${c.file}: ${c.why}`, async () => {
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

  it('notes HTML converted to text, and ignored attachments', async () => {
    const html = cases.find((c) => c.file.startsWith('03-'))!;
    expect((await readMail(html.raw(red))).notes.join()).toMatch(/HTML was converted/);
    const att = cases.find((c) => c.file.startsWith('18-'))!;
    expect((await readMail(att.raw(red))).notes.join()).toMatch(/attachment was ignored/);
  });
});
