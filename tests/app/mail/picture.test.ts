/**
 * The picture in the mails: a report, an acknowledgement and a welcome carry the map as an inline
 * PNG (cid:map@tallyho) that the HTML part shows. Golden: the MIME structure of the report as sent
 * (tests/golden/mail/report-mime.txt, the parts' headers), and the picture's pixels against a stored
 * reference (tests/golden/mail/report-map.png) within a tolerance. A reference not there, or
 * pixels too far from it, fail with the picture in report-map.png.new; UPDATE_GOLDEN=1 rewrites
 * them (tests/support/golden-file.ts).
 */
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { intake, receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { pictureSvg } from '../../../src/app/views/pictures.ts';
import { composeMessage, withPicture } from '../../../src/shell/mail/compose.ts';
import { PICTURE_MAX_WIDTH } from '../../../src/shell/render/picture.ts';
import { envelope, mail, place, startedDuel, testReferee } from '../../support/app.ts';
import { expectGolden, newFileOf, noteGoldenOutcome, storedGolden } from '../../support/golden-file.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const from = { address: 'referee@example.test', name: 'Referee' };

function game(): Record<'welcome' | 'ack' | 'report', OutboxRow> {
  const t = testReferee();
  const s = startedDuel(t);
  const out = () => t.store.tx((tx) => tx.outbox.list());
  intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: RB S TR 1 1\nFIRE R1 ALL AT B1 WITHIN 8')), place(1));
  receive(
    t.deps,
    mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 LB S TL\nFIRE B1 ALL AT R1 WITHIN 8')),
    place(2),
  );
  const rows = out().filter((m) => m.recipient === RED);
  return {
    welcome: rows.find((m) => m.kind === 'welcome')!,
    ack: rows.find((m) => m.kind === 'ack')!,
    report: rows.find((m) => m.kind === 'report')!,
  };
}

const build = (row: OutboxRow): Promise<Buffer> =>
  new MailComposer(withPicture(composeMessage(row, from))).compile().build();

/** The MIME tree: each part's content type, disposition and id, base64 bodies left out. */
function structure(raw: string): string {
  return raw
    .split(/\r?\n/)
    .filter(
      (l) =>
        /^(Content-(Type|Disposition|ID|Transfer-Encoding)|--_)/i.test(l) || /^\s+(boundary|filename|charset)=/.test(l),
    )
    .map((l) => l.replace(/_\d+-\d+-\d+/g, '_B').replace(/boundary="[^"]+"/, 'boundary="B"'))
    .join('\n');
}

describe('the picture in the mails', () => {
  const rows = game();

  it('is in the HTML part of the report, the acknowledgement and the welcome, and nowhere in the text part', () => {
    for (const row of Object.values(rows)) {
      // Kept as the map's view, drawn when the mail is sent.
      expect(row.picture).toMatchObject({
        title: expect.stringContaining('Test duel: '),
        view: { size: { width: 30, height: 24 } },
      });
      expect(pictureSvg(row.picture!)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(row.html).toMatch(
        /<img src="cid:map@tallyho" alt="[^"]+: R1 in \d{4}, facing \d+ \([A-Z]+\), [\d,]+ ft; B1 in /,
      );
      expect(row.text).not.toContain('cid:');
    }
    expect(rows.report.html).toMatch(/alt="Test duel: the map after turn 1: .* \d+ shots?, \d+ hitting\."/);
  });

  it('goes out as an inline PNG of at most 800 px and 150 KB, the same picture as the reference', async () => {
    const raw = await build(rows.report);
    const mime = structure(raw.toString('utf8'));
    expectGolden('tests/golden/mail/report-mime.txt', `${mime}\n`);
    const parsed = await simpleParser(raw);
    const [png] = parsed.attachments;
    expect(parsed.attachments).toHaveLength(1);
    expect(png).toMatchObject({
      contentType: 'image/png',
      contentId: '<map@tallyho>',
      contentDisposition: 'inline',
      filename: 'map.png',
    });
    expect(png!.size).toBeLessThanOrEqual(150 * 1024);
    const image = PNG.sync.read(png!.content);
    expect(image.width).toBeLessThanOrEqual(PICTURE_MAX_WIDTH);
    expect(image.width).toBeGreaterThanOrEqual(300);
    const ref = 'tests/golden/mail/report-map.png';
    const want = PNG.sync.read(storedGolden(ref, png!.content));
    const sameSize = image.width === want.width && image.height === want.height;
    // Pixels that differ by more than a little (anti-aliasing may vary with the renderer's build):
    // at most 0.5 % of them.
    let off = 0;
    for (let i = 0; sameSize && i < image.data.length; i += 4) {
      const d = Math.max(
        ...[0, 1, 2].map((k) => Math.abs((image.data[i + k] as number) - (want.data[i + k] as number))),
      );
      if (d > 48) off++;
    }
    const offShare = sameSize ? off / (image.width * image.height) : 1;
    noteGoldenOutcome(ref, png!.content, offShare < 0.005);
    expect([image.width, image.height], `the picture is in ${newFileOf(ref)}`).toEqual([want.width, want.height]);
    expect(offShare, `the picture is in ${newFileOf(ref)}`).toBeLessThan(0.005);
    // And it is a map: the side colours of both planes are in it.
    const has = (r: number, g: number, b: number) => {
      for (let i = 0; i < image.data.length; i += 4)
        if (
          Math.abs(image.data[i]! - r) < 12 &&
          Math.abs(image.data[i + 1]! - g) < 12 &&
          Math.abs(image.data[i + 2]! - b) < 12
        )
          return true;
      return false;
    };
    expect(has(0xdd, 0x33, 0x33)).toBe(true);
    expect(has(0x33, 0x66, 0xdd)).toBe(true);
  });

  it('leaves a mail without a picture as it was: no attachment', async () => {
    const raw = await build({ ...rows.report, picture: null });
    expect((await simpleParser(raw)).attachments).toHaveLength(0);
  });

  it('links the report to its turn page in the web archive when PUBLIC_URL is set, and not otherwise', () => {
    const t = testReferee();
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    const s = startedDuel(t);
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(1));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(2));
    const report = t.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'report')!;
    expect(report.text).toContain(
      'Replay this turn impulse by impulse on the web:\n  https://tallyho.example.org/games/duel/turns/1\n',
    );
    expect(report.html).toContain('<a href="https://tallyho.example.org/games/duel/turns/1">');
    expect(rows.report.text).not.toContain('on the web');
  });
});
