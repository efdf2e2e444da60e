/**
 * The administration pages over HTTP on the real server: off without a password; sign-in with the
 * password only, a login form bound to its cookie, failed attempts limited; sessions in an HttpOnly
 * SameSite cookie; every form refused without the session's CSRF token; the GM's controls doing
 * what the mail and CLI commands do (announced to the players), destructive ones only when
 * confirmed; addresses here and not on the public pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp } from '../../../src/shell/web/http.ts';
import { intake } from '../../../src/app/intake/intake.ts';
import { archiveGame, type ArchiveGame } from '../../support/archive.ts';
import { mail, place } from '../../support/app.ts';

const PASSWORD = 'correct horse battery';

/** A browser of one: keeps the cookies the server sets. */
class Client {
  jar = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}
  async req(method: string, path: string, form?: Record<string, string>) {
    const r = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair as string).split('=') as [string, string];
      if (v === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(k);
      else this.jar.set(k, v);
    }
    return { status: r.status, headers: r.headers, body: await r.text() };
  }
  get(path: string) {
    return this.req('GET', path);
  }
  post(path: string, form: Record<string, string>) {
    return this.req('POST', path, form);
  }
  async signIn(password = PASSWORD) {
    const page = await this.get('/admin/login');
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return this.post('/admin/login', { token, password });
  }
  async csrf(path = '/admin') {
    return /name="csrf" value="([^"]+)"/.exec((await this.get(path)).body)?.[1] ?? '';
  }
}

describe('the administration pages', () => {
  let g: ArchiveGame;
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    g = archiveGame();
    const http = await startHttp({
      host: '127.0.0.1',
      port: 0,
      store: g.t.store,
      mode: 'mail',
      health: () => ({}),
      admin: { password: PASSWORD, deps: g.t.deps },
    });
    url = `http://127.0.0.1:${http.port}`;
    close = () => http.close();
  });
  afterAll(async () => {
    await close?.();
    g?.cleanup();
  });

  it('are off without ADMIN_PASSWORD', async () => {
    const http = await startHttp({ host: '127.0.0.1', port: 0, store: g.t.store, mode: 'mail', health: () => ({}) });
    try {
      const c = new Client(`http://127.0.0.1:${http.port}`);
      for (const path of ['/admin', '/admin/login', '/admin/games/duel']) {
        const r = await c.get(path);
        expect(r.status, path).toBe(404);
        expect(r.body).toContain('ADMIN_PASSWORD');
      }
      expect((await c.post('/admin/login', { password: PASSWORD })).status).toBe(404);
    } finally {
      await http.close();
    }
  });

  it('lead to the sign-in page, and show nothing without a session', async () => {
    const c = new Client(url);
    const r = await c.get('/admin');
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/admin/login');
    const game = await c.get('/admin/games/duel');
    expect(game.status).toBe(303);
    expect(game.body).not.toContain('red@example.test');
    expect((await c.post('/admin/games/duel/pause', { csrf: 'x' })).status).toBe(401);
    const login = await c.get('/admin/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.body).toContain('type="password"');
  });

  it('sign in with the password only, into an HttpOnly SameSite=Strict cookie, and sign out', async () => {
    const c = new Client(url);
    const wrong = await c.signIn('not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Wrong password.');
    expect(c.jar.has('tallyho_admin')).toBe(false);
    const ok = await c.signIn();
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin');
    const cookie = ok.headers.getSetCookie().find((x) => x.startsWith('tallyho_admin='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin/);
    const home = await c.get('/admin');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<a href="/admin/games/duel">duel</a>');
    expect(home.body).toContain('blue'); // orders missing
    const csrf = /name="csrf" value="([^"]+)"/.exec(home.body)?.[1] ?? '';
    expect((await c.post('/admin/logout', { csrf })).status).toBe(303);
    expect((await c.get('/admin')).status).toBe(303);
  });

  it('refuse a sign-in whose form did not come from the server (login CSRF)', async () => {
    const c = new Client(url);
    const r = await c.post('/admin/login', { password: PASSWORD, token: 'forged' });
    expect(r.status).toBe(403);
    expect(c.jar.has('tallyho_admin')).toBe(false);
    const other = new Client(url);
    await other.get('/admin/login');
    const theirs = /name="token" value="([^"]+)"/.exec((await other.get('/admin/login')).body)?.[1] ?? '';
    expect((await c.post('/admin/login', { password: PASSWORD, token: theirs })).status).toBe(403);
  });

  it('limit failed sign-ins per address, the right password included, with Retry-After', async () => {
    const c = new Client(url, { 'x-forwarded-for': '203.0.113.9' }); // from a proxy on this machine
    for (let i = 0; i < 5; i++) expect((await c.signIn(`guess ${i}`)).status).toBe(401);
    const blocked = await c.signIn();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toContain('Too many failed attempts');
    expect(c.jar.has('tallyho_admin')).toBe(false);
    const elsewhere = new Client(url, { 'x-forwarded-for': '198.51.100.7' });
    expect((await elsewhere.signIn()).status).toBe(303);
  });

  it("show a game with the players' addresses, misses, settings and mail; the public pages never do", async () => {
    const c = new Client(url);
    await c.signIn();
    // The same notice twice running to blue: the second is held back, and counted on the page.
    for (const text of ['Is it my turn?', 'Is it my turn now?'])
      intake(g.t.deps, mail('blue@example.test', text), place());
    // A player's notification hook: shown masked (docs/notifications.md).
    g.t.store.tx((tx) =>
      tx.club.addHook(
        { gameId: 'duel', playerId: 'red', format: 'discord', url: 'https://discord.com/api/webhooks/1/secret-token' },
        g.t.now(),
      ),
    );
    const r = await c.get('/admin/games/duel');
    expect(r.status).toBe(200);
    expect(r.body).toContain('replies held back: 1 (repeat 1)<br>wrong secrets: none<br>');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toContain('<td>red</td><td>red@example.test</td><td>R1</td><td>in (');
    expect(r.body).toContain('<td>blue</td><td>blue@example.test</td><td>B1</td><td>missing</td>');
    // Each player's record over every game on this referee (docs/gm-guide.md "A player's record").
    expect(r.body).toMatch(/<td>blue<\/td>.*<td>1 game: \d+ on time, 0 missed, 0 by the stand-in, 0 left<\/td><\/tr>/);
    expect(r.body).toContain('deadline none');
    expect(r.body).toContain(
      '<tr><td>red</td><td>discord</td><td>https://discord.com/api/...</td><td>active</td></tr>',
    );
    expect(r.body).not.toContain('secret-token');
    expect(r.body).toContain('action="/admin/games/duel/pause"');
    expect((await c.get('/admin/games/nope')).status).toBe(404);
    expect((await c.get('/admin/games/%3Cscript%3E')).status).toBe(404);
    expect((await new Client(url).get('/games/duel')).body).not.toContain('@example.test');
  });

  it('answer an address whose %-escapes do not decode with a 400 error page, and log no failure', async () => {
    const c = new Client(url);
    await c.signIn();
    const csrf = await c.csrf();
    const errors = () => g.t.logs.filter((l) => l.level === 'error').length;
    const before = errors();
    for (const r of [
      await c.get('/admin/games/%E0%A4%A'),
      await c.get('/admin/games/%ZZ'),
      await c.post('/admin/games/duel/%', { csrf }),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body).toContain('<h1>Bad address</h1>');
    }
    expect(errors()).toBe(before);
  });

  it("refuse every form without the session's CSRF token", async () => {
    const c = new Client(url);
    await c.signIn();
    for (const form of [{}, { csrf: '' }, { csrf: 'forged' }] as Record<string, string>[]) {
      const r = await c.post('/admin/games/duel/pause', form);
      expect(r.status).toBe(403);
      expect(r.body).toContain('security token');
    }
    const other = new Client(url);
    await other.signIn();
    expect((await c.post('/admin/games/duel/pause', { csrf: await other.csrf() })).status).toBe(403);
    expect(g.t.store.tx((tx) => tx.control.get('duel').pausedAt)).toBeNull();
  });

  it('pause, preview, resume and process a turn as the commands do, announced to the players; destructive ones need the id', async () => {
    const c = new Client(url);
    await c.signIn();
    const csrf = await c.csrf('/admin/games/duel');
    const before = g.t.store.tx((tx) => tx.outbox.list({ gameId: 'duel' }).length);
    const paused = await c.post('/admin/games/duel/pause', { csrf, reason: 'waiting for <b>blue</b>' });
    expect(paused.status).toBe(200);
    expect(paused.body).toContain('Pause: done');
    expect(g.t.store.tx((tx) => tx.control.get('duel').pauseReason)).toBe('waiting for <b>blue</b>');
    expect((await c.get('/admin/games/duel')).body).toContain('yes: waiting for &lt;b&gt;blue&lt;/b&gt;');
    expect(g.t.store.tx((tx) => tx.outbox.list({ gameId: 'duel' }).length)).toBeGreaterThan(before);
    const again = await c.post('/admin/games/duel/pause', { csrf });
    expect(again.status).toBe(409);
    expect(again.body).toContain('Pause: not done');
    expect((await c.post('/admin/games/duel/resume', { csrf })).status).toBe(200);
    const preview = await c.post('/admin/games/duel/preview', { csrf });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('PREVIEW of turn 2');
    expect(preview.body).toContain('Impulse by impulse');
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(2);
    const unconfirmed = await c.post('/admin/games/duel/process', { csrf, confirm: 'dule' });
    expect(unconfirmed.status).toBe(400);
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(2);
    const processed = await c.post('/admin/games/duel/process', { csrf, confirm: 'duel' });
    expect(processed.status).toBe(200);
    expect(processed.body).toContain('turn 2 resolved; without orders from blue');
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(3);
    const bad = await c.post('/admin/games/duel/extend', { csrf, by: 'soon' });
    expect(bad.status).toBe(400);
    expect((await c.post('/admin/games/duel/explode', { csrf })).status).toBe(404);
    expect((await c.post('/admin/games/duel/rollback', { csrf, confirm: 'duel' })).status).toBe(200);
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(2);
  });
  it('show a turn that cannot be resolved on the list and the game page, and answer Process now with its problems', async () => {
    const c = new Client(url);
    await c.signIn();
    const csrf = await c.csrf('/admin/games/duel');
    const turn = g.t.store.tx((tx) => tx.games.get('duel')!.turn);
    // The aircraft cards are gone from the stored state, as after a hand-edited database.
    g.t.store.db
      .prepare("UPDATE turns SET state = json_set(state, '$.aircraft', json('{}')) WHERE game_id = 'duel' AND turn = ?")
      .run(turn);
    const processed = await c.post('/admin/games/duel/process', { csrf, confirm: 'duel' });
    expect(processed.status).toBe(409);
    expect(processed.body).toContain('Process now: not done');
    expect(processed.body).toContain('no aircraft card &#x27;tf&#x27; in the game state');
    expect(g.t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(turn);
    expect((await c.get('/admin')).body).toContain('<strong>cannot be resolved</strong>');
    const page = (await c.get('/admin/games/duel')).body;
    expect(page).toContain('<dt>cannot be resolved</dt>');
    expect(page).toContain('the referee failed while resolving the turn: no aircraft card');
  });
});
