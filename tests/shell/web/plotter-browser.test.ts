/**
 * The plotter on the web (docs/plans.md "The plotter on the web"), over the real HTTP server and in
 * headless chromium at 1280 and 390 px: the link in the welcome opens the plane's page, every end
 * marked; filters take ways away; a hex picked lists its ways, a way picked shows its path, its
 * shots and the orders; the mailto link's envelope, sent as it is, is accepted and flies that plot.
 * Only the token of the player's own link opens it, for this turn only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail, realDuel, send, testReferee, type TestReferee } from '../../support/app.ts';
import { serveArchive, type RunningArchive } from '../../support/archive.ts';
import { axeViolations } from '../../support/axe.ts';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

interface Game {
  t: TestReferee;
  web: RunningArchive;
  link: string;
  secrets: { red: string; blue: string };
  cleanup(): Promise<void>;
}

/** The real duel in a real SQLite file, its mails linking to a real server's plotter. */
async function plotterGame(): Promise<Game> {
  const dir = mkdtempSync(join(tmpdir(), 'tallyho-plotter-'));
  const t = testReferee({ path: join(dir, 'tallyho.sqlite') });
  const web = await serveArchive(t);
  (t.deps.referee as { publicUrl?: string }).publicUrl = web.url;
  const secrets = await realDuel(t);
  const link = /^ {2}(http:\/\/\S+\/plot\/red\/R1\/T1-[0-9a-f]+)$/m.exec(lastMail(t, RED, 'welcome').text)?.[1];
  if (!link) throw new Error('no plotter link in the welcome');
  return {
    t,
    web,
    link,
    secrets,
    cleanup: async () => {
      await web.close();
      t.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How far the page reaches past the screen's right edge. */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = width;
    for (const e of document.querySelectorAll('body *:not(svg *)'))
      widest = Math.max(widest, e.getBoundingClientRect().right);
    return Math.max(document.documentElement.scrollWidth - width, widest - width);
  });

describe('the plotter over HTTP', () => {
  let g: Game;
  beforeAll(async () => {
    g = await plotterGame();
  });
  afterAll(async () => {
    await g.cleanup();
  });

  it("opens for the link of the player's own plane and turn only, privately", async () => {
    // The HTML part of the welcome links to it too.
    expect(lastMail(g.t, RED, 'welcome').html).toContain(
      `Every way of R1 on a map, to pick and mail: <a href="${g.link}">${g.link}</a>`,
    );
    const ok = await fetch(g.link);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // Gzipped for a browser that takes it (fetch does, and unzips it).
    expect(ok.headers.get('content-encoding')).toBe('gzip');
    const html = await ok.text();
    expect(html).toContain('Plot R1 for turn 1');
    // Its line for a shared link names no hex: the other side may read it.
    expect(html).toMatch(
      /<meta name="description" content="The plotter for R1 in [^"]+, turn 1: pick a hex and a way to fly/,
    );
    expect(html).toContain('<svg');
    // Light: every way listed, paths and heights asked for one way at a time.
    expect(Buffer.byteLength(html)).toBeLessThan(150_000);
    const data = JSON.parse(/<script type="application\/json" id="plotter-data">([^<]*)<\/script>/.exec(html)![1]!) as {
      ways: unknown[][];
    };
    expect(data.ways.length).toBeGreaterThan(100);
    expect(data.ways[0]).toEqual([
      expect.stringMatching(/\S/),
      expect.stringMatching(/^\d{4}$/),
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(Number),
      expect.any(Number),
    ]);
    const token = g.link.split('/').at(-1)!;
    const base = g.link.slice(0, g.link.indexOf('/games/'));
    // Another plane, another player's path, a token altered, a word that is no token.
    expect((await fetch(`${base}/games/duel/plot/red/G1/${token}`)).status).toBe(404);
    expect((await fetch(`${base}/games/duel/plot/blue/G1/${token}`)).status).toBe(404);
    expect(
      (await fetch(`${base}/games/duel/plot/red/R1/${token.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`)).status,
    ).toBe(404);
    expect((await fetch(`${base}/games/duel/plot/red/R1/secret`)).status).toBe(404);
    // The shots of a way, as JSON; a way that is no number is refused.
    const shots = await fetch(`${g.link}/shots/0`);
    expect(shots.status).toBe(200);
    expect(Array.isArray(((await shots.json()) as { lines: string[] }).lines)).toBe(true);
    expect((await fetch(`${g.link}/shots/x`)).status).toBe(400);
    expect((await fetch(`${g.link}/shots/99999`)).status).toBe(404);
    // A way: its path, every height and speed of it, each with its plot, and whether it is a trap.
    const way = await fetch(`${g.link}/way/0`);
    expect(way.status).toBe(200);
    expect(way.headers.get('cache-control')).toBe('no-store');
    const v = (await way.json()) as {
      path: { impulse: number; hex: string; facing: number; altitude: number; x: number; y: number }[];
      variants: { altitude: number; speed: number; plot: string }[];
      trap: string | null;
    };
    expect(v.path.length).toBeGreaterThan(2);
    expect(v.path.at(-1)).toEqual({
      impulse: expect.any(Number),
      hex: data.ways[0]![1],
      facing: data.ways[0]![2],
      altitude: data.ways[0]![3],
      x: data.ways[0]![8],
      y: data.ways[0]![9],
    });
    expect(v.variants.length).toBeGreaterThan(5);
    expect(v.variants[0]).toEqual({
      altitude: expect.any(Number),
      speed: expect.any(Number),
      plot: expect.stringMatching(/\S/),
    });
    expect(v.trap).toBeNull();
    expect((await fetch(`${g.link}/way/x`)).status).toBe(400);
    expect((await fetch(`${g.link}/way/99999`)).status).toBe(404);
  });
});

describeWithChromium('the plotter in a browser', () => {
  const browser = useChromium();
  let g: Game;
  beforeAll(async () => {
    g = await plotterGame();
  });
  afterAll(async () => {
    await g.cleanup();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: marks every end, filters, shows a way's path, shots and orders, and its mailto envelope is accepted as sent`, async () => {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(g.link);
      await page.waitForSelector('svg.hexmap .plot-end');
      const ends = await page.locator('svg.hexmap .plot-end').count();
      expect(ends).toBeGreaterThan(10);
      expect(await page.locator('svg.hexmap .plot-end.up').count()).toBeGreaterThan(0);
      expect(await page.locator('svg.hexmap .plot-end.down').count()).toBeGreaterThan(0);
      const all = Number(
        /(\d+) of (\d+) ways shown/.exec((await page.locator('[data-shown]').textContent()) ?? '')?.[1],
      );
      expect(all).toBeGreaterThan(100);
      // Steep climbs and dives off: fewer ways; on again: all of them.
      await page.locator('[data-family="steep"]').click();
      const fewer = Number(/(\d+) of/.exec((await page.locator('[data-shown]').textContent()) ?? '')?.[1]);
      expect(fewer).toBeLessThan(all);
      await page.locator('[data-family="steep"]').click();
      expect(await page.locator('[data-shown]').textContent()).toContain(`${all} of ${all} ways shown`);
      // A hex: its ways; the first picked: its path, shots and orders.
      await page
        .locator('svg.hexmap .plot-end')
        .nth(Math.floor(ends / 3))
        .click();
      await page.waitForSelector('[data-way]:not([hidden])');
      const wayPlot = ((await page.locator('[data-way-plot]').textContent()) ?? '').trim();
      expect(wayPlot).toMatch(/^R1: \S/);
      // Its path comes with its heights and speeds, asked of the referee.
      await page.waitForSelector('[data-variant]:not([disabled])');
      expect(await page.locator('[data-path-rows] tr').count()).toBeGreaterThan(2);
      expect(await page.locator('.plot-path polyline').count()).toBe(1);
      await page.waitForFunction(() => !document.querySelector('[data-shots]')?.textContent?.includes('asking'));
      expect(((await page.locator('[data-shots]').textContent()) ?? '').length).toBeGreaterThan(5);
      // A height and speed of the way (its variants, asked of the referee): its plot is the one flown.
      await page.waitForSelector('[data-variant]:not([disabled])');
      const options = await page.locator('[data-variant] option').count();
      expect(options).toBeGreaterThan(5);
      const value =
        (await page
          .locator('[data-variant] option')
          .nth(Math.floor(options / 2))
          .getAttribute('value')) ?? '';
      expect(value).toMatch(/\S/);
      await page.locator('[data-variant]').selectOption(value);
      const plot = ((await page.locator('[data-way-plot]').textContent()) ?? '').trim();
      expect(plot).toBe(`R1: ${value}`);
      // Fire at will, then the orders: the mail's envelope with the plot and the fire order put in.
      await page.locator('[data-fire]').selectOption('any');
      const orders = (await page.locator('[data-orders]').textContent()) ?? '';
      expect(orders).toMatch(/^#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\n/);
      expect(orders).toContain(`${plot}\n`);
      expect(orders).toContain('FIRE R1 ALL AT ANY\n#END');
      expect(orders).not.toContain('HOLD R1');
      const href = (await page.locator('[data-mailto]').getAttribute('href')) ?? '';
      const m = /^mailto:([^?]+)\?subject=([^&]*)&body=(.*)$/.exec(href);
      expect(m?.[1]).toBe('referee@example.test');
      expect(decodeURIComponent(m![2]!)).toBe('[duel] orders for turn 1');
      const body = decodeURIComponent(m![3]!);
      expect(body).toBe(orders);
      expect(await overflow(page)).toBeLessThanOrEqual(1);
      // Accessible as it stands, a way picked: no violation of WCAG 2 A/AA or axe's best practices.
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
      // The envelope as the mail program sends it: accepted, the plot the one picked.
      send(g.t, RED, body);
      const ack = lastMail(g.t, RED, 'ack');
      expect(ack.subject).toBe('[duel] Turn 1 orders accepted');
      expect(ack.text).toContain(`  | ${plot}\n`);
    });
  }

  it("answers an old turn's link with the turn it was for, and the page of the new turn", async () => {
    send(g.t, BLUE, `#TALLYHO duel blue "${g.secrets.blue}"\nG1: 1 1 1 1 1 1\n#END\n`);
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(2);
    const old = await fetch(g.link);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain('This link was for turn 1');
    const link = /^ {2}(http:\/\/\S+\/plot\/red\/R1\/T2-[0-9a-f]+)$/m.exec(lastMail(g.t, RED, 'report').text)?.[1];
    expect(link).toBeTruthy();
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(link!);
    await page.waitForSelector('svg.hexmap .plot-end');
    expect(await page.locator('h1').textContent()).toBe('Plot R1 for turn 2');
    await page.close();
  });
});
