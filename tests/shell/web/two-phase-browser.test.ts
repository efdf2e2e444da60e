/**
 * A two-phase turn (seed 003) in the web archive, in a real browser: the replay steps through the
 * turn's impulses one hex at a time, each labelled with the plane that moves and its phase, the
 * impulse zeros included, and only the moving plane changes hex from one step to the next.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { serveArchive, type RunningArchive } from '../../support/archive.ts';
import { envelope, mail, place, testReferee, type TestReferee } from '../../support/app.ts';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

async function shownHexes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const frames = [...document.querySelectorAll('svg.hexmap g.frame')].filter(
      (f) => getComputedStyle(f).display !== 'none',
    );
    if (frames.length !== 1) throw new Error(`${frames.length} frames shown`);
    return Object.fromEntries(
      [...frames[0]!.querySelectorAll('g.plane')].map((g) => [
        g.getAttribute('data-plane') ?? '',
        g.getAttribute('data-hex') ?? '',
      ]),
    );
  });
}

describeWithChromium('a two-phase turn in the web archive', () => {
  const browser = useChromium();
  let t: TestReferee;
  let dir: string;
  let web: RunningArchive;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tallyho-two-phase-'));
    t = testReferee({ path: join(dir, 'tallyho.sqlite') });
    const catalog = loadAircraftDir();
    createGame(t.deps, { id: 'pass', scenario: loadScenarioFile('scenarios/two-phase-pass.yaml', catalog), catalog });
    const raf = addPlayer(t.deps, {
      gameId: 'pass',
      playerId: 'raf',
      email: 'raf@example.test',
      planes: ['S1', 'S2'],
    }).secret;
    const lw = addPlayer(t.deps, {
      gameId: 'pass',
      playerId: 'lw',
      email: 'lw@example.test',
      planes: ['M1', 'K1'],
    }).secret;
    startGame(t.deps, 'pass');
    receive(
      t.deps,
      mail(
        'raf@example.test',
        envelope('pass', 'raf', raf, 'S1: 1 1 1 1 1 1 1\nS2: 1 RB S S TR N 1\nFIRE S1 FIXED AT M1'),
      ),
      place(1),
    );
    receive(
      t.deps,
      mail(
        'lw@example.test',
        envelope('pass', 'lw', lw, 'M1: 1 1 1 1 1 1 1\nK1: 1 1 1 1 1\nFIRE M1 FIXED AT ANY\nFIRE K1 FLEX AUTO'),
      ),
      place(2),
    );
    web = await serveArchive(t);
  });
  afterAll(async () => {
    await web?.close();
    t?.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('steps through every impulse of both phases, one plane moving at a time', async () => {
    const page = await browser().newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${web.url}/games/pass/turns/1`);
    await page.waitForSelector('[data-controls]:not([hidden])');
    const counter = () => page.textContent('[data-counter]');
    const info = () => page.textContent('.frame-info:not([hidden]) h3');
    // 7 + 7 + 7 + 5 hexes and two impulse zeros: 28 impulses.
    expect(await counter()).toBe('0 / 28');
    let before = await shownHexes(page);
    const labels: string[] = [];
    for (let i = 1; i <= 28; i++) {
      await page.click('[data-step="next"]');
      expect(await counter()).toBe(`${i} / 28`);
      labels.push((await info()) ?? '');
      const now = await shownHexes(page);
      const moved = Object.keys(now).filter((id) => now[id] !== before[id]);
      expect(moved.length, `impulse ${i}`).toBeLessThanOrEqual(1);
      before = now;
    }
    expect(labels[11]).toBe('End of impulse 12: impulse zero, the end of the first phase');
    expect(labels[27]).toBe('End of impulse 28: impulse zero, the end of the second phase');
    expect(labels[9]).toBe('End of impulse 10: K1 moves (first phase)');
    expect(labels[26]).toBe('End of impulse 27: K1 moves (second phase)');
    expect(await page.textContent('pre.log')).toContain('Order of movement, for both phases:');
    expect(problems).toEqual([]);
    await page.close();
  });
});
