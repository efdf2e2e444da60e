import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editStoredEvents } from '../../support/app.ts';
import {
  archiveGame,
  BIDI,
  BIDI_CONTROLS,
  SECRET_ORDERS,
  serveArchive,
  type ArchiveGame,
  type RunningArchive,
} from '../../support/archive.ts';

const get = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: r.status, headers: r.headers, body: await r.text() };
};

/** Every page of the archive for the test game, the 404s included. */
const PAGES = [
  '/games',
  '/games/duel',
  '/games/duel/turns/1',
  '/games/duel/turns/1/planes/R1',
  '/games/duel/turns/1/planes/B1',
  '/games/duel/turns/2',
  '/games/duel/turns/2/planes/R1',
  '/games/duel/turns/0',
  '/games/duel/turns/abc',
  '/games/nope',
  '/games/Duel',
  '/games/duel/turns/1/planes/ZZ',
];

describe('the web archive over HTTP', () => {
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

  it('lists the games and leads from / to the list', async () => {
    const root = await get(web.url, '/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/games');
    const list = await get(web.url, '/games');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    expect(list.body).toContain('<a href="/games/duel">duel</a>');
    expect(list.body).toContain('Test duel');
    expect(list.body).not.toContain('href="/mail"');
    // The installation's version in the footer, as package.json has it.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(list.body).toContain(`<footer class="site">Tallyho ${version}, a play-by-email referee.`);
  });

  it('sets the security headers: a CSP of self only, nosniff, no framing, no referrer', async () => {
    for (const path of ['/games', '/games/duel/turns/1', '/games/nope', '/static/archive.js']) {
      const { headers } = await get(web.url, path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-powered-by')).toBeNull();
    }
    const js = await get(web.url, '/static/archive.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await get(web.url, '/static/archive.css')).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await get(web.url, '/static/../package.json')).status).toBe(404);
  });

  it('shows a game: players by id, planes, status, turn, whose orders are in, the resolved turns', async () => {
    const { status, body } = await get(web.url, '/games/duel');
    expect(status).toBe(200);
    expect(body).toContain('<h1>Test duel</h1>');
    expect(body).toContain('Two test fighters meet head-on.');
    expect(body).toContain('<dd>running</dd>');
    expect(body).toMatch(/<dt>Turn<\/dt><dd>2 \(orders being written\)/);
    expect(body).toContain(
      '<tr data-player="red"><td>red</td><td data-label="planes">R1</td><td class="orders-in" data-label="orders">in</td></tr>',
    );
    expect(body).toContain(
      '<tr data-player="blue"><td>blue</td><td data-label="planes">B1</td><td class="orders-waiting" data-label="orders">waiting</td></tr>',
    );
    expect(body).toContain('<a href="/games/duel/turns/1">Turn 1</a>');
    expect(body).not.toContain('/games/duel/turns/2"');
    expect(body).not.toContain('Deadline');
  });

  it('shows the deadline of the current turn when the store has one', async () => {
    g.t.store.db
      .prepare("UPDATE turns SET deadline_at = ? WHERE game_id = 'duel' AND turn = 2")
      .run(Date.UTC(2026, 0, 14, 18, 0));
    try {
      const { body } = await get(web.url, '/games/duel');
      expect(body).toContain('<dt>Deadline</dt><dd class="deadline">2026-01-14 18:00 UTC</dd>');
    } finally {
      g.t.store.db.prepare("UPDATE turns SET deadline_at = NULL WHERE game_id = 'duel'").run();
    }
  });

  it('shows a resolved turn: the SVG map with a frame per impulse, the log, the combat, the log sheets', async () => {
    const { status, body } = await get(web.url, '/games/duel/turns/1');
    expect(status).toBe(200);
    expect(body.match(/<svg /g)).toHaveLength(1);
    expect(body.match(/<g class="frame" data-frame="\d+"/g)).toHaveLength(13);
    expect(body).toContain('<g class="frame" data-frame="0">');
    expect(body).toContain('<g class="frame" data-frame="12" display="none">');
    expect(body).toMatch(
      /<g class="plane side-0 status-flying" data-plane="R1" data-hex="1216" data-facing="12 \(N\)"/,
    );
    expect(body).toMatch(/<g class="plane side-1 status-flying" data-plane="B1" data-hex="1210" data-facing="6 \(S\)"/);
    expect(body).toContain('<g class="track side-0" data-plane="R1">');
    expect(body).toContain('<button type="button" data-step="next"');
    expect(body).toContain('<output data-counter aria-live="polite">0 / 12</output>');
    expect(body).toContain('<script src="/static/archive.js" defer></script>');
    expect(body).toContain('R1 fires FF (4x50M) at B1');
    expect(body).toContain('<h3>Impulse 3</h3>');
    expect(body).toContain('R1     1    1216 -&gt; 1215');
    expect(body).toContain('<a href="/games/duel/turns/1/planes/B1">log sheet</a>');
    expect(body).not.toMatch(/<script>|onerror=|onload=/);
  });

  it('prints a log sheet per plane with its track and the shots at it', async () => {
    const { status, body } = await get(web.url, '/games/duel/turns/1/planes/B1');
    expect(status).toBe(200);
    expect(body).toContain('<h1>Log sheet: B1, end of turn 1</h1>');
    expect(body).toContain('<dt>Player</dt><dd>blue</dd>');
    expect(body).toContain('<dt>Hex</dt><dd>1215</dd>');
    expect(body).toContain('R1 fires FF (4x50M) at B1');
    expect(body).toContain('<td>End of impulse 3</td><td data-label="hex">1211</td>');
    expect(body).toContain('B1 (Test Fighter, Blue)');
  });

  it('gives every public page a description in one line: the list, the game, a turn, a log sheet, the campaigns', async () => {
    const meta = async (path: string) =>
      /<meta name="description" content="([^"\n]*)">/.exec((await get(web.url, path)).body)?.[1];
    expect(await meta('/games')).toBe(
      'WWII air combat played by mail, refereed by Tallyho. 1 game, latest activity first. Latest: Test duel (running).',
    );
    expect(await meta('/games/duel')).toBe(
      'Test duel: turn 2, running, waiting for blue. Two test fighters meet head-on.',
    );
    expect(await meta('/games/duel/turns/1')).toBe(
      'Test duel, turn 1: No plane lost. R1 fired at B1 (missed); B1 fired at R1 (1 hit).',
    );
    expect(await meta('/games/duel/turns/1/planes/B1')).toBe(
      'Log sheet of B1 (Test Fighter, Blue, flown by blue) after turn 1 of Test duel: flying, hex 1215 at 10000 ft.',
    );
    expect(await meta('/campaigns')).toBe('Tallyho campaigns: pilots carried from game to game. None yet.');
    // An error page goes without.
    expect(await meta('/games/nope')).toBeUndefined();
  });

  it('has no page for a turn that is not resolved, nor for anything that does not exist', async () => {
    for (const path of PAGES.slice(5)) {
      const r = await get(web.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toContain('There is no such');
    }
  });

  it('answers an address whose %-escapes do not decode with a 400 error page, not a 500', async () => {
    const paths = [
      '/games/%E0%A4%A',
      '/games/%ZZ',
      '/games/duel%',
      '/games/%',
      '/games/%C0%AF',
      '/games/duel/turns/%ZZ',
      '/games/duel/turns/1/planes/%E0%A4%A',
    ];
    for (const path of paths) {
      const r = await get(web.url, path);
      expect(r.status, path).toBe(400);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(r.body, path).toContain('<h1>Bad address</h1>');
      expect(r.body, path).toContain('a % in it is not followed by two hex digits');
      expect(r.body, path).toContain('<a href="/games">All games</a>');
      expect(r.body, path).not.toMatch(/URIError|Failed to decode|at .*\.js/);
    }
    // An escape that decodes is still a path like any other.
    expect((await get(web.url, '/games/%64uel')).status).toBe(200);
  });

  it('answers a page it cannot build with a bare 500, no stack trace', async () => {
    const db = g.t.store.db;
    const state = (db.prepare("SELECT state FROM turns WHERE game_id = 'duel' AND turn = 1").get() as { state: string })
      .state;
    db.prepare("UPDATE turns SET state = '{' WHERE game_id = 'duel' AND turn = 1").run();
    const uncached = await serveArchive(g.t, 'mail', { turnCacheBytes: 0 });
    try {
      for (const path of ['/games/duel/turns/1', '/games/duel/turns/1/planes/R1']) {
        const r = await get(uncached.url, path);
        expect(r.status, path).toBe(500);
        expect(r.body, path).toBe('The archive could not show this page.\n');
      }
    } finally {
      db.prepare("UPDATE turns SET state = ? WHERE game_id = 'duel' AND turn = 1").run(state);
      await uncached.close();
    }
    expect((await get(web.url, '/games/duel/turns/1')).status).toBe(200);
  });

  it('never shows an address, a secret, a token, a secret hash or orders of an unresolved turn', async () => {
    const { t, secrets } = g;
    const players = t.store.tx((tx) => tx.players.list('duel'));
    const banned = [
      '@example.test',
      secrets.red,
      secrets.blue,
      ...players.map((p) => p.secretHash),
      SECRET_ORDERS,
      'WITHIN',
      'FROM 7',
      ...players.flatMap((p) => [1, 2, 3].map((turn) => t.deps.keys.turnToken('duel', p.id, turn))),
    ];
    for (const path of [...PAGES, '/']) {
      const { body } = await get(web.url, path);
      for (const b of banned) expect(body, `${path} shows ${b}`).not.toContain(b);
    }
  });
});

describe('the web archive and the no-shot events', () => {
  it("shows no no-shot event: like orders, they are never public (they tell a plane's fire orders)", async () => {
    const g = archiveGame();
    // A no-shot event for each plane in the resolved turn 1, as the referee stores them (last).
    editStoredEvents(g.t.store, 'duel', (events, turn) =>
      turn !== 1
        ? events
        : [
            ...events,
            ...['R1', 'B1'].map((plane) => ({
              impulse: 8,
              phase: 'D',
              plane,
              type: 'no-shot',
              guns: 'ALL',
              at: 'ANY',
              within: 3,
              reason: 'outside-cone',
              reasons: ['outside-cone'],
              target: plane === 'R1' ? 'B1' : 'R1',
              range: 3,
              hexes: 3,
              altitudeDiff: 0,
              clock: 2,
              by: 1,
            })),
          ],
    );
    const web = await serveArchive(g.t);
    try {
      for (const path of [
        '/games/duel',
        '/games/duel/turns/1',
        '/games/duel/turns/1/planes/R1',
        '/games/duel/turns/1/planes/B1',
      ]) {
        const { status, body } = await get(web.url, path);
        expect(status, path).toBe(200);
        expect(body, path).not.toMatch(/no shot|no-shot|WITHIN|outside the cone|closest/i);
      }
    } finally {
      await web.close();
      g.cleanup();
    }
  });
});

describe('the web archive with hostile names', () => {
  it('escapes every name and description and writes no live link or handler from them', async () => {
    const g = archiveGame({ hostile: true });
    const web = await serveArchive(g.t);
    try {
      for (const path of ['/games', '/games/duel', '/games/duel/turns/1', '/games/duel/turns/1/planes/R1']) {
        const { status, body } = await get(web.url, path);
        expect(status, path).toBe(200);
        expect(body, path).not.toMatch(/<script>|<img|<svg onload|onerror=|onload=|href="javascript:/i);
        expect(body.match(/<script/g) ?? [], path).toHaveLength(path === '/games' ? 0 : 1);
      }
      const game = (await get(web.url, '/games/duel')).body;
      expect(game).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; javascript:alert(1)');
      expect(game).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(2)&gt;');
      expect(game).toContain('&lt;script&gt;alert(8)&lt;/script&gt;');
      expect(game).toMatch(/<td( data-label="[a-z]+")?>javascript:alert\(7\)<\/td>/);
      const turn = (await get(web.url, '/games/duel/turns/1')).body;
      expect(turn).toContain(
        '<title>&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; javascript:alert(1): turn 1 - Tallyho</title>',
      );
      expect(turn).toContain(
        '<title>&#60;script&#62;alert(&#34;name&#34;)&#60;/script&#62; javascript:alert(1): turn 1</title>',
      );
    } finally {
      await web.close();
      g.cleanup();
    }
  });
});

describe('the web archive with bidi controls in names', () => {
  it('strips them from the list, game, turn and log sheet pages: no name turns the text after it around', async () => {
    const g = archiveGame({ bidi: true });
    const web = await serveArchive(g.t);
    try {
      for (const path of ['/games', '/games/duel', '/games/duel/turns/1', '/games/duel/turns/1/planes/R1']) {
        const { status, body } = await get(web.url, path);
        expect(status, path).toBe(200);
        expect(body, path).toContain('Duel elttab at dawn');
        expect(body, path).not.toContain(BIDI.name);
        expect(body, path).not.toMatch(BIDI_CONTROLS);
      }
      const game = (await get(web.url, '/games/duel')).body;
      expect(game).toContain('<h1>Duel elttab at dawn</h1>');
      expect(game).toContain('Two fighters meet head-on.');
      expect(game).toContain('<td>gmtxt.exe</td>');
      const turn = (await get(web.url, '/games/duel/turns/1')).body;
      expect(turn).toContain('<title>Duel elttab at dawn: turn 1 - Tallyho</title>');
      expect(turn).toContain('Red side');
    } finally {
      await web.close();
      g.cleanup();
    }
  });
});

describe('the web archive in local mode', () => {
  it('keeps / on the outbox pages and links them with the games', async () => {
    const g = archiveGame();
    const web = await serveArchive(g.t, 'local');
    try {
      const root = await get(web.url, '/');
      expect(root.headers.get('location')).toBe('/mail');
      const mail = await get(web.url, '/mail');
      expect(mail.status).toBe(200);
      expect(mail.body).toContain('<a href="/games">the games</a>');
      const games = await get(web.url, '/games');
      expect(games.body).toContain('<a href="/mail">outgoing mail (local mode)</a>');
      const bad = await get(web.url, '/mail/%ZZ');
      expect(bad.status).toBe(400);
      expect(bad.body).toContain('<h1>Bad address</h1>');
      expect(bad.body).toContain('<a href="/mail">outgoing mail (local mode)</a>');
      const html = await get(web.url, '/mail/1/html');
      expect(html.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'unsafe-inline'; img-src http:\/\/127\.0\.0\.1:\d+; sandbox$/,
      );
    } finally {
      await web.close();
      g.cleanup();
    }
  });
});
