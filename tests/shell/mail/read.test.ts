import { describe, expect, it } from 'vitest';
import { contentHash, readMail } from '../../../src/shell/mail/read.ts';

const base = [
  'From: Red <Red@Example.test>',
  'To: referee@example.test',
  'Subject: orders',
  'Message-ID: <a1@example.test>',
  '',
  '#TALLYHO duel red "x"',
  'R1: 1 1 1',
  '#END',
  '',
].join('\r\n');

describe('reading a mail', () => {
  it('hashes the content without the trace headers added in transit', () => {
    const relayed = `Return-Path: <red@example.test>\r\nDelivered-To: referee@example.test\r\nReceived: from mx.example.test\r\n\tby mail.example.test; Tue, 13 Jan 2026\r\n${base}`;
    expect(contentHash(Buffer.from(relayed))).toBe(contentHash(Buffer.from(base)));
    expect(contentHash(Buffer.from(base.replace(/\r\n/g, '\n')))).toBe(contentHash(Buffer.from(base)));
    expect(contentHash(Buffer.from(base.replace('R1: 1 1 1', 'R1: 1 1 TL')))).not.toBe(contentHash(Buffer.from(base)));
  });

  it('reads sender, Message-ID, envelope sender and text', async () => {
    const m = await readMail(Buffer.from(`Return-Path: <>\r\nAuto-Submitted: auto-replied\r\n${base}`));
    expect(m).toMatchObject({
      from: 'red@example.test',
      messageId: '<a1@example.test>',
      returnPath: '',
      subject: 'orders',
      contentType: 'text/plain',
      unreadable: null,
    });
    expect(m.headers['auto-submitted']).toEqual(['auto-replied']);
    expect(m.text).toContain('R1: 1 1 1');
    expect((await readMail(Buffer.from(base), { returnPath: 'bounce@example.test' })).returnPath).toBe(
      'bounce@example.test',
    );
    expect((await readMail(Buffer.from(base))).returnPath).toBeNull();
  });

  it("numbers the lines of an HTML-only mail as the player's mail program shows them", async () => {
    const html = (body: string) =>
      Buffer.from(
        [
          'From: red@example.test',
          'To: referee@example.test',
          'Subject: orders',
          'Message-ID: <h1@example.test>',
          'MIME-Version: 1.0',
          'Content-Type: text/html; charset=utf-8',
          '',
          body,
          '',
        ].join('\r\n'),
      );
    // Gmail: a <div> a line, <div><br></div> an empty line.
    const gmail = await readMail(
      html(
        '<div dir="ltr"><div>Hi,</div><div><br></div><div>#TALLYHO duel red "x"</div><div>R1: 1 1 Q</div><div>#END</div><div><br></div><div>Jim</div></div>',
      ),
    );
    expect(gmail.text.split('\n')).toEqual(['Hi,', '', '#TALLYHO duel red "x"', 'R1: 1 1 Q', '#END', '', 'Jim']);
    // Lines ended by <br>, the last one just before the block closes; an empty block with attributes.
    const brs = await readMail(
      html(
        '<div>Hi,<br><br>#TALLYHO duel red "x"<br>R1: 1 1 Q<br>#END<br></div><div class="sig"><br/></div><div>-- <br>Jim</div>',
      ),
    );
    expect(brs.text.split('\n')).toEqual(['Hi,', '', '#TALLYHO duel red "x"', 'R1: 1 1 Q', '#END', '', '--', 'Jim']);
  });

  it('does not read a mail over the size limit, but still knows its sender', async () => {
    const big = Buffer.from(base + 'x'.repeat(5000));
    const m = await readMail(big, { limits: { maxBytes: 2048 } });
    expect(m.unreadable).toMatch(/the most a mail may be is 2 KiB/);
    expect(m.from).toBe('red@example.test');
    expect(m.text).toBe('');
  });

  it('reads a mail whose second part has an empty Content-Type (the parser gives no type string) and counts it as an attachment', async () => {
    const raw = [
      'From: red@example.test',
      'Message-ID: <e1@example.test>',
      'Content-Type: multipart/mixed; boundary=X',
      '',
      '--X',
      'Content-Type: text/plain',
      '',
      '#TALLYHO duel red "x"',
      'R1: 1 1 1',
      '#END',
      '--X',
      'Content-Type:',
      'Content-Disposition: inline',
      '',
      'zz',
      '--X--',
      '',
    ].join('\r\n');
    const m = await readMail(Buffer.from(raw));
    expect(m.unreadable).toBeNull();
    expect(m.text).toContain('R1: 1 1 1');
    expect(m.notes).toContain('1 attachment was ignored: orders are read from the text of the mail only');
  });
});
