/**
 * `npm run screenshots`: the pictures of docs/players.md, taken from the real pages. A local-mode
 * referee in a temporary directory starts the demo duel, both players' orders go in as mails (the
 * orders of scenarios/duel.orders.txt, two turns), and headless chromium (playwright-core,
 * /usr/bin/chromium or TALLYHO_CHROMIUM) photographs:
 *   docs/images/turn-page.png     the web archive's page of turn 2 at 1280 x 800, stepped to impulse 6
 *   docs/images/report-mail.png   red's report mail of turn 2 as a mail program shows its HTML part
 *   docs/images/phone.png         the same turn page on a 390 px phone screen
 *   docs/images/plotter.png       red's plotter of R1 for turn 3 at 1280 x 900, a hex and a way picked
 *   docs/images/plotter-phone.png the same on a 390 px phone screen
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { receive } from '../src/app/intake/intake.ts';
import { configFrom } from '../src/shell/config.ts';
import { ensureDemo } from '../src/shell/local/demo.ts';
import { readMail } from '../src/shell/mail/read.ts';
import { openRuntime } from '../src/shell/runtime.ts';
import { startHttp } from '../src/shell/web/http.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'images');
const CHROMIUM = process.env.TALLYHO_CHROMIUM ?? '/usr/bin/chromium';
const PLOTS: Record<string, string[]> = {
  R1: ['R1: RB S TR S TR 1\nFIRE R1 FIXED AT G1 WITHIN 4', 'R1: 1 1 1 1 1 1\nFIRE R1 FIXED AT G1 WITHIN 5'],
  G1: ['G1: S S S HRR 1 1\nFIRE G1 ALL AT ANY', 'G1: 1 1 1 1 1 1\nFIRE G1 ALL AT ANY'],
};

const dir = mkdtempSync(join(tmpdir(), 'tallyho-screenshots-'));
const rt = openRuntime({
  config: configFrom({ DATABASE_PATH: join(dir, 'tallyho.sqlite'), LOG_LEVEL: 'silent' }, dir),
});
try {
  const { players } = ensureDemo(rt);
  let uid = 0;
  for (const turn of [1, 2]) {
    for (const p of players) {
      const orders = p.planes.map((plane) => PLOTS[plane]?.[turn - 1] ?? `${plane}: 1 1 1 1 1`).join('\n');
      const raw = Buffer.from(
        `From: ${p.email}\r\nTo: ${rt.config.mailFrom}\r\nSubject: orders\r\nMessage-ID: <shot-${turn}-${p.id}@localhost>\r\n\r\n` +
          `#TALLYHO demo ${p.id} "${p.secret}"\r\nTURN ${turn}\r\n${orders.replace(/\n/g, '\r\n')}\r\n#END\r\n`,
      );
      receive(rt.deps, await readMail(raw), { mailbox: 'screenshots', uidValidity: 1, uid: ++uid });
    }
  }
  const refused = rt.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'ack' && /NOT accepted/.test(m.subject));
  if (refused) throw new Error(`orders refused:\n${refused.text}`);
  const http = await startHttp({
    host: '127.0.0.1',
    port: 0,
    store: rt.store,
    mode: 'local',
    health: () => ({}),
    deps: rt.deps,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const base = `http://127.0.0.1:${http.port}`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/games/demo/turns/2`);
    await page.waitForSelector('[data-controls]:not([hidden])');
    for (let i = 0; i < 6; i++) await page.click('[data-step="next"]');
    await page.locator('h2:has-text("impulse by impulse")').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, 'turn-page.png') });
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${base}/games/demo/turns/2`);
    await phone.screenshot({ path: join(OUT, 'phone.png') });
    const report = rt.store
      .tx((tx) => tx.outbox.list())
      .find((m) => m.kind === 'report' && m.turn === 2 && m.playerId === players[0]?.id);
    if (!report) throw new Error('no report of turn 2');
    const mail = await browser.newPage({ viewport: { width: 900, height: 1100 } });
    await mail.goto(`${base}/mail/${report.id}/html`);
    await mail.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await mail.screenshot({ path: join(OUT, 'report-mail.png') });
    // The plotter of red's R1 for turn 3, by the link its report carries (the turn token).
    const red = players[0] as { id: string };
    const link = `${base}/games/demo/plot/${red.id}/R1/${rt.deps.keys.turnToken('demo', red.id, 3)}`;
    for (const [file, viewport] of [
      ['plotter.png', { width: 1280, height: 900 }],
      ['plotter-phone.png', { width: 390, height: 844 }],
    ] as const) {
      const p = await browser.newPage({ viewport });
      await p.goto(link);
      await p.waitForSelector('svg.hexmap .plot-end');
      await p
        .locator('svg.hexmap .plot-end')
        .nth(Math.floor((await p.locator('svg.hexmap .plot-end').count()) / 3))
        .click();
      await p.waitForFunction(() => !document.querySelector('[data-shots]')?.textContent?.includes('asking'));
      // The way's path, heights and speeds come from the referee too.
      await p.waitForSelector('[data-variant]:not([disabled])');
      await p.screenshot({ path: join(OUT, file), fullPage: file === 'plotter.png' });
    }
    console.log(
      `written: ${['turn-page.png', 'report-mail.png', 'phone.png', 'plotter.png', 'plotter-phone.png'].map((f) => join('docs/images', f)).join(', ')}`,
    );
  } finally {
    await browser.close();
    await http.close();
  }
} finally {
  rt.close();
  rmSync(dir, { recursive: true, force: true });
}
