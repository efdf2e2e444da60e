/**
 * The web archive read as a player would, in headless chromium: at 1280 x 800 the map opens zoomed
 * to the action, large enough to tell planes apart, the shots are drawn, the replay's step text
 * stays in view while stepping, zoom and the whole map work, and no plane hides the number of its
 * hex; at 390 px wide (a phone) no page is wider than the screen, the HTML mails and the game
 * master's preview included, whose maps scroll inside their own box; the local outbox page of a
 * report shows its picture.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { distance, parseHexLabel } from '../../../src/core/hex/coords.ts';
import { archiveGame, serveArchive, type ArchiveGame, type RunningArchive } from '../../support/archive.ts';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

/** The centres on the screen of the planes the map shows now, with their hexes. */
async function planesOnScreen(page: Page): Promise<{ id: string; hex: string; x: number; y: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('svg.hexmap g.frame:not([display="none"]) g.plane')].map((g) => {
      const r = (g.querySelector('circle') as SVGCircleElement).getBoundingClientRect();
      return {
        id: g.getAttribute('data-plane') ?? '',
        hex: g.getAttribute('data-hex') ?? '',
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
      };
    }),
  );
}

/** Pixels per hex between the first two planes: their distance on screen over their hexes apart. */
async function pixelsPerHex(page: Page): Promise<number> {
  const [a, b] = await planesOnScreen(page);
  const hexes = distance(parseHexLabel(a!.hex)!, parseHexLabel(b!.hex)!);
  return Math.hypot(a!.x - b!.x, a!.y - b!.y) / hexes;
}

/** How far the page reaches past the screen's right edge, and the widest element that does. */
async function sideways(page: Page): Promise<{ overflow: number; culprit: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let culprit = '';
    let widest = width;
    // The SVG's own shapes are clipped by it: they do not count.
    for (const e of document.querySelectorAll('body *:not(svg *)')) {
      const r = e.getBoundingClientRect();
      if (r.right > widest + 0.5) {
        widest = r.right;
        culprit = `${e.tagName.toLowerCase()}.${(e.getAttribute('class') ?? '').split(' ')[0]}`;
      }
    }
    return { overflow: Math.max(document.documentElement.scrollWidth - width, widest - width), culprit };
  });
}

/**
 * For each plane of the frame shown, whether the number of its hex can be read: some text of the
 * map reads that number, is the topmost thing at its centre and has no plane's label over it.
 */
async function hexNumbersInSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    const frame = document.querySelector('svg.hexmap g.frame:not([display="none"])')!;
    const labels = [...frame.querySelectorAll('.label')].map((l) => l.getBoundingClientRect());
    for (const plane of frame.querySelectorAll('g.plane')) {
      const hex = plane.getAttribute('data-hex') ?? '';
      const seen = [...document.querySelectorAll('svg.hexmap text')]
        .filter((t) => t.textContent === hex)
        .some((t) => {
          const r = t.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          const under = labels.some((l) => l.x < r.right && r.x < l.right && l.y < r.bottom && r.y < l.bottom);
          return (top === t || t.contains(top)) && !under;
        });
      if (!seen) hidden.push(`${plane.getAttribute('data-plane')} in ${hex}`);
    }
    return hidden;
  });
}

const ADMIN_PASSWORD = 'a long admin password';

describeWithChromium('the web archive read in a browser', () => {
  const browser = useChromium();
  let g: ArchiveGame;
  let web: RunningArchive;
  let local: RunningArchive;
  beforeAll(async () => {
    g = archiveGame();
    web = await serveArchive(g.t);
    local = await serveArchive(g.t, 'local', { adminPassword: ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await web?.close();
    await local?.close();
    g?.cleanup();
  });

  it('at 1280 x 800: the map zoomed to the action, planes 3 hexes apart at least 40 px apart, the shots drawn, the step text in view', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${web.url}/games/duel/turns/1`);
    await page.waitForSelector('[data-controls]:not([hidden])');
    const perHex = await pixelsPerHex(page);
    expect(perHex * 3).toBeGreaterThanOrEqual(40);
    // The shots of the turn: lines in the SVG, each impulse's shown as the replay reaches it.
    expect(await page.locator('svg.hexmap line.shot').count()).toBeGreaterThan(0);
    const shotImpulses = await page.evaluate(() =>
      [...document.querySelectorAll('svg.hexmap .shot-group')].map((s) => Number(s.getAttribute('data-impulse'))),
    );
    const visibleShots = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('svg.hexmap .shot-group')].filter((s) => s.getAttribute('display') !== 'none')
            .length,
      );
    expect(await visibleShots()).toBe(0);
    // The step's text and the buttons stay inside the viewport while stepping through the turn.
    for (let i = 1; i <= 12; i++) {
      await page.click('[data-step="next"]');
      const box = await page.locator('.frame-info:not([hidden]) h3').boundingBox();
      expect(box, `impulse ${i}`).not.toBeNull();
      expect(box!.y + box!.height, `impulse ${i}`).toBeLessThanOrEqual(800);
      expect(box!.y, `impulse ${i}`).toBeGreaterThanOrEqual(0);
      const button = await page.locator('[data-step="next"]').boundingBox();
      expect(button!.y + button!.height).toBeLessThanOrEqual(800);
      if (i < 12) expect(await visibleShots(), `impulse ${i}`).toBe(shotImpulses.filter((n) => n === i).length);
    }
    expect(await visibleShots()).toBe(shotImpulses.length);
    await page.close();
  });

  it('zooms in and out, shows the whole map and comes back to the action', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${web.url}/games/duel/turns/1`);
    await page.waitForSelector('[data-map-tools]:not([hidden])');
    const viewBox = () => page.getAttribute('svg.hexmap', 'viewBox').then((v) => (v ?? '').split(' ').map(Number));
    const action = await viewBox();
    expect(action.join(' ')).toBe(await page.getAttribute('svg.hexmap', 'data-action'));
    const before = await pixelsPerHex(page);
    await page.click('[data-zoom="in"]');
    expect((await viewBox())[2]).toBeLessThan(action[2]!);
    expect(await pixelsPerHex(page)).toBeGreaterThan(before);
    await page.click('[data-zoom="whole"]');
    expect((await viewBox()).join(' ')).toBe(await page.getAttribute('svg.hexmap', 'data-whole'));
    expect(await page.getAttribute('[data-zoom="whole"]', 'aria-pressed')).toBe('true');
    expect(await pixelsPerHex(page)).toBeLessThan(before);
    await page.click('[data-zoom="action"]');
    expect(await viewBox()).toEqual(action);
    // Dragging pans the map.
    const svg = (await page.locator('svg.hexmap').boundingBox())!;
    await page.mouse.move(svg.x + svg.width / 2, svg.y + svg.height / 2);
    await page.mouse.down();
    await page.mouse.move(svg.x + svg.width / 2 + 100, svg.y + svg.height / 2, { steps: 4 });
    await page.mouse.up();
    expect((await viewBox())[0]).toBeLessThan(action[0]!);
    await page.close();
  });

  it('at 390 px wide: no page wider than the screen', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    for (const path of [
      '/games',
      '/games/duel',
      '/games/duel/turns/1',
      '/games/duel/turns/1/planes/R1',
      '/games/nope',
    ]) {
      await page.goto(`${web.url}${path}`);
      const s = await sideways(page);
      expect(s.overflow, `${path}: ${s.culprit}`).toBeLessThanOrEqual(0.5);
    }
    await page.close();
  });

  it('no plane hides the number of its hex, in any step of the replay', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${web.url}/games/duel/turns/1`);
    await page.waitForSelector('[data-controls]:not([hidden])');
    await page.click('[data-zoom="in"]');
    expect(await hexNumbersInSight(page), 'the start').toEqual([]);
    for (let i = 1; i <= 12; i++) {
      await page.click('[data-step="next"]');
      expect(await hexNumbersInSight(page), `impulse ${i}`).toEqual([]);
    }
    await page.close();
  });

  it('at 390 px wide: the HTML mails and the preview of a turn no wider than the screen, their maps unwrapped', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mails = g.t.store.tx((tx) => tx.outbox.list()).filter((m) => m.recipient === 'red@example.test');
    for (const kind of ['welcome', 'ack', 'report']) {
      const m = mails.find((x) => x.kind === kind)!;
      await page.goto(`${local.url}/mail/${m.id}/html`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), kind).toBeLessThanOrEqual(390);
      // The map keeps its lines, in a font small enough that every column shows at 390 px (the
      // scroll box stays for a mail program that ignores it).
      const map = page.locator('pre', { hasText: 'Map 30 x 24 hexes' }).first();
      expect(
        await map.evaluate((e) => [
          e.scrollWidth <= e.clientWidth + 1,
          getComputedStyle(e).whiteSpace,
          getComputedStyle(e).overflowX,
        ]),
        kind,
      ).toEqual([true, 'pre', 'auto']);
    }
    await page.goto(`${local.url}/admin/login`);
    await page.fill('input[name="password"]', ADMIN_PASSWORD);
    await page.click('button[type="submit"]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    for (const path of ['/admin', '/admin/games/duel']) {
      await page.goto(`${local.url}${path}`);
      const s = await sideways(page);
      expect(s.overflow, `${path}: ${s.culprit}`).toBeLessThanOrEqual(0.5);
    }
    await page.click('form[action="/admin/games/duel/preview"] button');
    await expect.poll(() => page.textContent('h1')).toBe('Preview: done');
    const s = await sideways(page);
    expect(s.overflow, `the preview: ${s.culprit}`).toBeLessThanOrEqual(0.5);
    // Its words wrap inside their box; its map does not wrap, and scrolls.
    const words = page.locator('pre').first();
    expect(await words.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const map = page.locator('pre', { hasText: 'Map 30 x 24 hexes' });
    expect(await map.evaluate((e) => [e.scrollWidth > e.clientWidth, getComputedStyle(e).whiteSpace])).toEqual([
      true,
      'pre',
    ]);
    await page.close();
  });

  it("shows a report's picture on the local outbox page", async () => {
    const page = await browser().newPage();
    const report = g.t.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'report')!;
    await page.goto(`${local.url}/mail/${report.id}/html`);
    const img = page.locator('img[alt*="the map after turn 1"]');
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(300);
    await page.close();
  });
});
