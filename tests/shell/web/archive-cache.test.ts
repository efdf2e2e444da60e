import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTurn } from '../../../src/app/gm/control.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { envelope, mail, place } from '../../support/app.ts';
import { archiveGame, serveArchive, type ArchiveGame, type RunningArchive } from '../../support/archive.ts';

const get = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, etag: r.headers.get('etag'), body: await r.text() };
};

/** A conditional GET as a browser revalidating its copy sends it (fetch alone would add no-cache). */
const revalidate = async (base: string, path: string, etag: string | null) => {
  const r = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' } });
  return { status: r.status, etag: r.headers.get('etag'), body: await r.text() };
};

/**
 * The cache of rendered turn pages against the game master's ROLLBACK: the clock of these tests
 * stands still, so a turn resolved again has the same resolution time as before; only its dice
 * differ. Every page of the caching server must be the page a server without a cache builds.
 */
describe('the cache of turn pages', () => {
  let g: ArchiveGame;
  let cached: RunningArchive;
  let fresh: RunningArchive;
  const both = async (path: string) => {
    const [a, b] = [await get(cached.url, path), await get(fresh.url, path)];
    expect(a.status, path).toBe(b.status);
    expect(a.body, path).toBe(b.body);
    return a;
  };

  beforeAll(async () => {
    g = archiveGame();
    cached = await serveArchive(g.t);
    fresh = await serveArchive(g.t, 'mail', { turnCacheBytes: 0 });
  });
  afterAll(async () => {
    await cached?.close();
    await fresh?.close();
    g?.cleanup();
  });

  it('serves a kept turn page with its ETag, and a 304 when the browser has it', async () => {
    const first = await both('/games/duel/turns/1');
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"/);
    const again = await get(cached.url, '/games/duel/turns/1');
    expect(again).toEqual(first);
    expect((await revalidate(cached.url, '/games/duel/turns/1', first.etag)).status).toBe(304);
  });

  it('shows the link to the next turn once it is resolved, and takes it away when it is rolled back', async () => {
    const before = await both('/games/duel/turns/1');
    expect(before.body).not.toContain('rel="next"');
    receive(g.t.deps, mail('blue@example.test', envelope('duel', 'blue', g.secrets.blue, 'B1: 1 1 1 1 1')), place(10));
    const after = await both('/games/duel/turns/1');
    expect(after.body).toContain('<a href="/games/duel/turns/2" rel="next">Turn after &rarr;</a>');
    expect(after.etag).not.toBe(before.etag);
    expect((await both('/games/duel/turns/2')).status).toBe(200);
    rollbackTurn(g.t.deps, 'duel');
    expect((await both('/games/duel/turns/2')).status).toBe(404);
    expect((await both('/games/duel/turns/1')).body).not.toContain('rel="next"');
  });

  it('never serves the page of a turn rolled back and resolved again from before', async () => {
    const old = await both('/games/duel/turns/1');
    const shots = (body: string) => body.match(/fires .*/g) ?? [];
    rollbackTurn(g.t.deps, 'duel');
    expect((await both('/games/duel/turns/1')).status).toBe(404);
    processTurn(g.t.deps, 'duel');
    const again = await both('/games/duel/turns/1');
    expect(again.status).toBe(200);
    expect(again.etag).not.toBe(old.etag);
    expect(shots(again.body).length).toBeGreaterThan(0);
    expect((await revalidate(cached.url, '/games/duel/turns/1', old.etag)).status).toBe(200);
    expect((await revalidate(cached.url, '/games/duel/turns/1', again.etag)).status).toBe(304);
  });
});
