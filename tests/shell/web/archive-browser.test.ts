/**
 * The web archive in a real browser (headless chromium through playwright-core): from the game
 * list to a game and a turn, the replay stepped impulse by impulse with the SVG checked against the
 * stored events, and hostile names that must produce no script, no handler and no live link.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveGame, HOSTILE, serveArchive, type ArchiveGame, type RunningArchive } from '../../support/archive.ts';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

/** Where each plane is after each impulse (0 = start), from the stored events alone. */
function expectedHexes(g: ArchiveGame): Record<string, string>[] {
  const events = g.t.store.tx((tx) => tx.events.list('duel', 1));
  const at: Record<string, string> = { R1: '1216', B1: '1210' };
  const out = [{ ...at }];
  for (let i = 1; i <= 12; i++) {
    for (const e of events) if (e.impulse === i && e.type === 'move') at[e.plane] = e.to;
    out.push({ ...at });
  }
  return out;
}

/** The planes the map shows now: the visible frame's plane groups, checked against the hex labels. */
async function shownPlanes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const frames = [...document.querySelectorAll('svg.hexmap g.frame')].filter(
      (f) => getComputedStyle(f).display !== 'none',
    );
    if (frames.length !== 1) throw new Error(`${frames.length} frames shown`);
    const labels = new Map(
      [...document.querySelectorAll('svg.hexmap .hex-labels text')].map((t) => [
        t.textContent,
        Number(t.getAttribute('x')),
      ]),
    );
    const out: Record<string, string> = {};
    for (const g of frames[0]!.querySelectorAll('g.plane')) {
      const hex = g.getAttribute('data-hex') ?? '';
      const x = (g as SVGGraphicsElement).transform.baseVal.getItem(0).matrix.e;
      if (Math.abs((labels.get(hex) ?? NaN) - x) > 0.1)
        throw new Error(`plane ${g.getAttribute('data-plane')} is not drawn in hex ${hex}`);
      out[g.getAttribute('data-plane') ?? ''] = hex;
    }
    return out;
  });
}

/** What an injected payload would leave: script nodes, handlers, javascript: links, images. */
async function liveContent(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src')),
      handlers: all.flatMap((e) =>
        [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${e.tagName} ${a.name}`),
      ),
      jsLinks: all.flatMap((e) =>
        [...e.attributes]
          .filter(
            (a) => /^(href|src|action|formaction|xlink:href|data)$/i.test(a.name) && /^\s*javascript:/i.test(a.value),
          )
          .map((a) => `${e.tagName} ${a.name}`),
      ),
      images: document.querySelectorAll('img, iframe, object, embed').length,
      text: document.body.innerText,
      title: document.title,
    };
  });
}

describeWithChromium('the web archive in a browser', () => {
  const browser = useChromium();
  let g: ArchiveGame;
  let web: RunningArchive;
  beforeAll(async () => {
    g = archiveGame();
    web = await serveArchive(g.t);
  });
  afterAll(async () => {
    await web?.close();
    g?.cleanup();
  });

  it('opens the list, a game and a turn, and steps the replay with the planes at the right hexes', async () => {
    const page = await browser().newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${web.url}/`);
    expect(new URL(page.url()).pathname).toBe('/games');
    await page.click('a[href="/games/duel"]');
    await expect.poll(() => page.textContent('h1')).toBe('Test duel');
    expect(await page.textContent('tr[data-player="red"] td:last-child')).toBe('in');
    expect(await page.textContent('tr[data-player="blue"] td:last-child')).toBe('waiting');
    await page.click('a[href="/games/duel/turns/1"]');
    await expect.poll(() => page.textContent('h1')).toBe('Turn 1');
    await page.waitForSelector('[data-controls]:not([hidden])');
    const counter = () => page.textContent('[data-counter]');
    const info = () => page.textContent('.frame-info:not([hidden]) h3');
    const expected = expectedHexes(g);
    expect(expected[0]).toEqual({ R1: '1216', B1: '1210' });
    expect(expected[12]).toEqual({ R1: '1211', B1: '1215' });
    expect(await counter()).toBe('0 / 12');
    expect(await page.isDisabled('[data-step="prev"]')).toBe(true);
    expect(await shownPlanes(page)).toEqual(expected[0]);
    for (let i = 1; i <= 12; i++) {
      await page.click('[data-step="next"]');
      expect(await counter()).toBe(`${i} / 12`);
      expect(await info()).toBe(`End of impulse ${i}`);
      expect(await shownPlanes(page), `impulse ${i}`).toEqual(expected[i]);
    }
    expect(await page.isDisabled('[data-step="next"]')).toBe(true);
    await page.click('[data-step="prev"]');
    expect(await shownPlanes(page)).toEqual(expected[11]);
    await page.click('[data-step="first"]');
    expect(await counter()).toBe('0 / 12');
    await page.click('[data-step="last"]');
    expect(await counter()).toBe('12 / 12');
    expect(await shownPlanes(page)).toEqual(expected[12]);
    expect(
      await page.getAttribute('svg.hexmap g.frame[data-frame="12"] g.plane[data-plane="B1"] path.nose', 'transform'),
    ).toBe('rotate(180)');
    expect(await page.textContent('pre.log')).toContain('R1 fires FF (4x50M) at B1');
    await page.click('a[href="/games/duel/turns/1/planes/R1"]');
    await expect.poll(() => page.textContent('h1')).toBe('Log sheet: R1, end of turn 1');
    expect(await page.isVisible('button[data-print]')).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('nav.crumbs')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describeWithChromium('hostile names in the web archive', () => {
  const browser = useChromium();
  let g: ArchiveGame;
  let web: RunningArchive;
  beforeAll(async () => {
    g = archiveGame({ hostile: true });
    web = await serveArchive(g.t);
  });
  afterAll(async () => {
    await web?.close();
    g?.cleanup();
  });

  it('produce no script node, no handler and no live javascript: link on any page', async () => {
    const page = await browser().newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const pages = [
      '/games',
      '/games/duel',
      '/games/duel/turns/1',
      '/games/duel/turns/1/planes/R1',
      '/games/duel/turns/1/planes/B1',
    ];
    for (const path of pages) {
      await page.goto(`${web.url}${path}`);
      const live = await liveContent(page);
      const ours = path.includes('/turns/') || /^\/games\/[^/]+$/.test(path) ? ['/static/archive.js'] : [];
      expect(live.scripts, path).toEqual(ours);
      expect(live.handlers, path).toEqual([]);
      expect(live.jsLinks, path).toEqual([]);
      expect(live.images, path).toBe(0);
      expect(`${live.title}\n${live.text}`, path).toContain(HOSTILE.name);
      if (path === '/games/duel') {
        for (const s of [HOSTILE.description, HOSTILE.red, HOSTILE.blue, ...HOSTILE.players])
          expect(live.text, path).toContain(s);
      }
    }
    await page.goto(`${web.url}/games/duel/turns/1`);
    await page.click('[data-step="last"]');
    expect(await page.textContent('[data-counter]')).toBe('12 / 12');
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describeWithChromium('the administration pages in a browser', () => {
  const browser = useChromium();
  const password = 'a long admin password';
  let g: ArchiveGame;
  let web: RunningArchive;
  beforeAll(async () => {
    g = archiveGame({ hostile: true });
    web = await serveArchive(g.t, 'mail', { adminPassword: password });
  });
  afterAll(async () => {
    await web?.close();
    g?.cleanup();
  });

  it('sign in by the form, show hostile names as text only, and pause a game by its button', async () => {
    const page = await browser().newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${web.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.fill('input[name="password"]', 'wrong password');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.textContent('.notice')).toBe('Wrong password.');
    await page.fill('input[name="password"]', password);
    await page.click('button[type="submit"]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    for (const path of ['/admin', '/admin/games/duel']) {
      await page.goto(`${web.url}${path}`);
      const live = await liveContent(page);
      expect(live.scripts, path).toEqual([]);
      expect(live.handlers, path).toEqual([]);
      expect(live.jsLinks, path).toEqual([]);
      expect(live.images, path).toBe(0);
      expect(live.text, path).toContain(HOSTILE.name);
      if (path !== '/admin') for (const s of HOSTILE.players) expect(live.text, path).toContain(s);
    }
    await page.fill('form[action="/admin/games/duel/pause"] input[name="reason"]', '<script>alert(10)</script>');
    await page.click('form[action="/admin/games/duel/pause"] button');
    await expect.poll(() => page.textContent('h1')).toBe('Pause: done');
    expect(g.t.store.tx((tx) => tx.control.get('duel').pauseReason)).toBe('<script>alert(10)</script>');
    await page.goto(`${web.url}/admin/games/duel`);
    expect((await liveContent(page)).scripts).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
