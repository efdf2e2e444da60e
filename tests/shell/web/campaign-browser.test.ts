/**
 * The campaign pages of the web archive in a real browser (docs/campaigns.md "On the web"): from
 * the list to a campaign's page (standing, games, rosters), to a pilot's career, and from one of
 * his victories to the turn where it fell; a rating that has not shown stays hidden while the
 * campaign runs; the pages fit a phone's width.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveArchive, type RunningArchive } from '../../support/archive.ts';
import type { TestReferee } from '../../support/app.ts';
import { gm, playOut, referee } from '../../support/campaign.ts';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

describeWithChromium('the campaign pages in a browser', () => {
  const browser = useChromium();
  let t: TestReferee;
  let dir: string;
  let web: RunningArchive;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tallyho-campaign-web-'));
    t = referee(join(dir, 'tallyho.sqlite'));
    gm(
      t,
      'CAMPAIGN CREATE test-campaign\nCAMPAIGN PLAYER raf raf@example.test\nCAMPAIGN PLAYER lw lw@example.test\nCAMPAIGN ASSIGN R2 raf-2\nCAMPAIGN NEXT',
    );
    // Game 1 played to its end; game 2 has begun (the file says next: auto).
    playOut(t, 'tc-1');
    web = await serveArchive(t);
  });
  afterAll(async () => {
    await web?.close();
    t?.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leads from the list to the standing, a career and the turn of a victory', async () => {
    const page = await browser().newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${web.url}/games`);
    await page.click('header.site a[href="/campaigns"]');
    // Each page has its line for a shared link.
    const meta = async () => (await page.getAttribute('meta[name="description"]', 'content')) ?? '';
    expect(await meta()).toContain('1 campaign: Test campaign (running).');
    await page.click('table.campaigns a[href="/campaigns/tc"]');
    expect(await page.textContent('h1')).toBe('Test campaign');
    expect(await meta()).toMatch(
      /^Test campaign: campaign running, 2 games; standing Royal Air Force 4, Luftwaffe 0\./,
    );
    const standing = await page.$$eval('table.standing tbody tr', (rows) => rows.map((r) => r.textContent?.trim()));
    expect(standing).toEqual(['Royal Air Force4', 'Luftwaffe0']);
    const games = await page.$$eval('table.campaign-games tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );
    expect(games).toEqual([
      ['1', 'tc-1', 'bounce (bounce)', 'Royal Air Force won', 'Royal Air Force +4, Luftwaffe +0'],
      ['2', 'tc-2', 'revenge (revenge)', 'being played', ''],
    ]);
    // While the campaign runs, a rating shows once its pilot has fired or played his ace's card:
    // the ace Dora played hers in game 1; the replacement Adler has not fired yet.
    const rating = (id: string) => page.textContent(`tr[data-pilot="${id}"] td[data-label="rating"]`);
    expect(await rating('lw-1')).toBe('ace');
    expect(await rating('lw-3')).toBe('rating not yet known');
    expect(await page.textContent('tr[data-pilot="lw-3"] td[data-label="state"]')).toBe('fit to fly, flying now');
    // A career, and the turn of a victory.
    await page.click('tr[data-pilot="raf-1"] a');
    expect(await page.textContent('h1')).toBe('F/Lt Able');
    expect(await meta()).toMatch(/^F\/Lt Able, pilot in Test campaign: .+ sorties?, .+ victor(y|ies)\.$/);
    expect(await page.textContent('.career li[data-game="tc-1"]')).toContain('G1 (Messerschmitt Bf 109 E-4), turn 2');
    await page.click('.career a.kill');
    expect(page.url()).toBe(`${web.url}/games/tc-1/turns/2`);
    expect(await page.textContent('h1')).toContain('Turn 2');
    // The game page names its campaign.
    await page.goto(`${web.url}/games/tc-2`);
    expect(await page.textContent('dl.facts')).toContain('tc, game 2');
    // A pilot or campaign that does not exist is a 404.
    expect((await page.goto(`${web.url}/campaigns/tc/pilots/raf-99`))?.status()).toBe(404);
    expect((await page.goto(`${web.url}/campaigns/nope`))?.status()).toBe(404);
    expect(problems).toEqual([]);
  });

  it('fits a phone width', async () => {
    const page = await browser().newPage({ viewport: { width: 360, height: 740 } });
    for (const path of ['/campaigns', '/campaigns/tc', '/campaigns/tc/pilots/raf-1']) {
      await page.goto(`${web.url}${path}`);
      const over = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(over, path).toBeLessThanOrEqual(0);
    }
  });
});
