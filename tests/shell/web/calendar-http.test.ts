/**
 * The players' calendar feeds over the real HTTP server of `tallyho serve` (src/shell/web/calendar.ts):
 * GET /calendar/<token>.ics answers the feed as text/calendar, kept privately five minutes at most;
 * a token nobody has, or an address that is no feed, is the plain 404 page; no public page links
 * to a feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarToken } from '../../../src/app/calendar/feed.ts';
import { setSetting } from '../../../src/app/gm/control.ts';
import { startedDuel, testReferee, type TestReferee } from '../../support/app.ts';
import { serveArchive, type RunningArchive } from '../../support/archive.ts';

describe('the calendar feed over HTTP', () => {
  let t: TestReferee;
  let web: RunningArchive;
  let token: string;
  beforeAll(async () => {
    t = testReferee();
    web = await serveArchive(t);
    t.deps.referee.publicUrl = web.url;
    startedDuel(t);
    setSetting(t.deps, 'duel', 'deadline', 'every 2 days at 20:00');
    token = t.store.tx((tx) => calendarToken(t.deps, tx, 'red@example.test'));
  });
  afterAll(async () => {
    await web?.close();
    t?.store.close();
  });

  it('answers the feed of a token as text/calendar, private to its reader', async () => {
    const r = await fetch(`${web.url}/calendar/${token}.ics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('private, max-age=300');
    expect(r.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = await r.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('\r\nDTSTART:20260112T200000Z\r\n');
    expect(body).toContain(`\r\nURL:${web.url}/games/duel\r\n`);
  });

  it('answers a token nobody has, and an address that is no feed, with the plain 404 page', async () => {
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/calendar/${wrong}.ics`,
      `/calendar/${token}`,
      `/calendar/${token}.ICS`,
      '/calendar/',
      '/calendar/..%2F.ics',
      `/calendar/${token}.ics/more`,
    ]) {
      const r = await fetch(`${web.url}${path}`);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await r.text(), path).not.toContain('BEGIN:VCALENDAR');
    }
    const r = await fetch(`${web.url}/calendar/${wrong}.ics`);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.text()).toContain('No such calendar');
  });

  it('is linked from no page of the archive', async () => {
    for (const path of ['/games', '/games/duel', '/docs/players']) {
      const body = await (await fetch(`${web.url}${path}`)).text();
      expect(body, path).not.toContain(token);
      expect(body, path).not.toMatch(/href="[^"]*\/calendar\//);
    }
  });
});
