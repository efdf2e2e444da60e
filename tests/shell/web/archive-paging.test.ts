import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receive } from '../../../src/app/intake/intake.ts';
import { envelope, mail, place, START, testReferee } from '../../support/app.ts';
import { archiveGame, serveArchive, type ArchiveGame, type RunningArchive } from '../../support/archive.ts';

const get = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: r.status, headers: r.headers, body: await r.text() };
};

/** The game ids of a list page, in order. */
const idsOf = (body: string): string[] =>
  [...body.matchAll(/<tr><td[^>]*><a href="\/games\/([^"]+)">/g)].map((m) => m[1] as string);

const HOUR = 3_600_000;
const FILLERS = 120;

describe('the game list, a page at a time', () => {
  let g: ArchiveGame;
  let web: RunningArchive;
  const order = () =>
    (g.t.store.db.prepare('SELECT id FROM games ORDER BY activity_at DESC, id').all() as { id: string }[]).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    g = archiveGame();
    // 120 more games, all newer than the duel, created in a shuffled order.
    const insert = g.t.store.db.prepare(
      "INSERT INTO games (id, name, scenario, status, turn, seed, created_at) VALUES (?, ?, '{}', 'setup', 1, 'x', ?)",
    );
    for (let i = 0; i < FILLERS; i++)
      insert.run(`f${String(i).padStart(3, '0')}`, `Filler ${i}`, START + (((i * 37) % FILLERS) + 1) * HOUR);
    web = await serveArchive(g.t);
  });
  afterAll(async () => {
    await web?.close();
    g?.cleanup();
  });

  it('shows 50 games a page, latest activity first, every game once, with next and previous links', async () => {
    const p1 = await get(web.url, '/games');
    const p2 = await get(web.url, '/games?page=2');
    const p3 = await get(web.url, '/games?page=3');
    for (const p of [p1, p2, p3]) expect(p.status).toBe(200);
    expect([idsOf(p1.body).length, idsOf(p2.body).length, idsOf(p3.body).length]).toEqual([50, 50, 21]);
    const all = [...idsOf(p1.body), ...idsOf(p2.body), ...idsOf(p3.body)];
    expect(all).toEqual(order());
    expect(new Set(all).size).toBe(FILLERS + 1);
    expect(all[0]).toBe('f107'); // created last: (107 * 37) % 120 + 1 = 120 hours after the duel
    expect(all.at(-1)).toBe('duel');
    expect(p1.body).toContain('<p class="paging">121 games, latest activity first: page 1 of 3.</p>');
    expect(p2.body).toContain('page 2 of 3.');
    // Handlebars writes the = of a link's query as &#x3D;, which a browser reads as =.
    expect(p1.body).toContain('<a href="/games?page&#x3D;2" rel="next">older games &rarr;</a>');
    expect(p1.body).not.toContain('rel="prev"');
    expect(p2.body).toContain(
      '<a href="/games" rel="prev">&larr; newer games</a> | <a href="/games?page&#x3D;3" rel="next">',
    );
    expect(p3.body).toContain('<a href="/games?page&#x3D;2" rel="prev">');
    expect(p3.body).not.toContain('rel="next"');
    expect((await get(web.url, '/games?page=1')).body).toBe(p1.body);
  });

  it('moves a game to the top of the first page when one of its turns is resolved', async () => {
    g.t.tick(10 * 24 * HOUR);
    const r = receive(
      g.t.deps,
      mail('blue@example.test', envelope('duel', 'blue', g.secrets.blue, 'B1: 1 1 1 1 1')),
      place(10),
    );
    expect(r.resolved).toEqual([{ game: 'duel', turn: 2 }]);
    const p1 = await get(web.url, '/games');
    expect(idsOf(p1.body)[0]).toBe('duel');
    expect(p1.body).toMatch(
      /<td data-label="latest activity">2026-01-20 09:00 UTC<\/td><\/tr>\n<tr><td data-label="game"><a href="\/games\/f107">/,
    );
    expect([
      ...idsOf(p1.body),
      ...idsOf((await get(web.url, '/games?page=2')).body),
      ...idsOf((await get(web.url, '/games?page=3')).body),
    ]).toEqual(order());
  });

  it('answers a page number that is not one with a clear 400 page', async () => {
    const bad = [
      'abc',
      '0',
      '-1',
      '1.5',
      '',
      '01',
      '1e2',
      '2x',
      ' 2',
      '0x2',
      '1234567',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '9'.repeat(40),
      '1&page=2',
    ];
    for (const value of bad) {
      const r = await get(web.url, `/games?page=${value}`);
      expect(r.status, value).toBe(400);
      expect(r.headers.get('content-type'), value).toMatch(/^text\/html/);
      expect(r.headers.get('content-security-policy'), value).toContain("script-src 'self'");
      expect(r.body, value).toContain('<h1>Bad page number</h1>');
      expect(r.body, value).toContain(
        'the game list takes ?page&#x3D; with a whole number, and pages run from 1 to 3.',
      );
      expect(r.body, value).not.toMatch(/<script>|<tr>/);
    }
    expect((await get(web.url, '/games?page=abc')).body).toContain('&quot;abc&quot; is not a page number');
    expect((await get(web.url, '/games?page=%3Cscript%3E')).body).toContain(
      '&quot;&lt;script&gt;&quot; is not a page number',
    );
    expect((await get(web.url, `/games?page=${'9'.repeat(40)}`)).body).toContain(
      `&quot;${'9'.repeat(24)}...&quot; is not a page number`,
    );
    expect((await get(web.url, '/games?page=1&page=2')).body).toContain('?page&#x3D; is given more than once');
  });

  it('has no page past the last one', async () => {
    for (const n of [4, 999999]) {
      const r = await get(web.url, `/games?page=${n}`);
      expect(r.status).toBe(404);
      expect(r.body).toContain(`There is no page ${n} of the game list: pages run from 1 to 3.`);
    }
  });
});

describe('the game list of an empty store', () => {
  it('is one page that says so; any other page is not found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-paging-'));
    const t = testReferee({ path: join(dir, 'tallyho.sqlite') });
    const web = await serveArchive(t);
    try {
      const list = await get(web.url, '/games');
      expect(list.status).toBe(200);
      expect(list.body).toContain('No games yet.');
      expect(list.body).not.toContain('class="pager"');
      const two = await get(web.url, '/games?page=2');
      expect(two.status).toBe(404);
      expect(two.body).toContain('There is no page 2 of the game list: there is only page 1.');
      const bad = await get(web.url, '/games?page=x');
      expect(bad.status).toBe(400);
      expect(bad.body).toContain('there is only page 1.');
    } finally {
      await web.close();
      t.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
