/**
 * The web's addresses (src/app/words/urls.ts): each page's path, the full address a mail gives, and
 * the scheme spelt in that one module: no other file of src/ or templates/ writes one of its paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths, plotterPartRoute, ROUTES, TEMPLATE_PATHS, webUrl } from '../../../src/app/words/urls.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A route pattern as a regular expression over a path (":name" one segment; no query). */
const matches = (route: string, path: string): boolean =>
  new RegExp(`^${route.replace(/[.]/g, '\\.').replace(/:[a-z]+/g, '[^/?#]+')}$`).test(path.split(/[?#]/)[0] as string);

describe('web addresses', () => {
  it('writes every page of a game and a campaign under its route, its ids encoded', () => {
    expect(paths.games()).toBe('/games');
    expect(paths.games(3)).toBe('/games?page=3');
    expect(paths.game('duel-1')).toBe('/games/duel-1');
    expect(paths.turn('duel 1', 4)).toBe('/games/duel%201/turns/4');
    expect(paths.sheet('duel', 4, 'R/1')).toBe('/games/duel/turns/4/planes/R%2F1');
    expect(paths.pilot('c1', 'P 1')).toBe('/campaigns/c1/pilots/P%201');
    expect(paths.plotter('duel', 'red', 'R1', 'T4-abc')).toBe('/games/duel/plot/red/R1/T4-abc');
    expect(paths.calendar('tok')).toBe('/calendar/tok.ics');
    expect(paths.doc('ground', 'landing')).toBe('/docs/ground#landing');
    expect(paths.doc('ground', '#landing')).toBe('/docs/ground#landing');
    expect(paths.doc('ground')).toBe('/docs/ground');
    expect(paths.adminAction('duel', 'pause')).toBe('/admin/games/duel/pause');
    expect(paths.mailPicture(7)).toBe('/mail/7/map.png');
    const pairs: [string, string][] = [
      [ROUTES.games, paths.games(2)],
      [ROUTES.game, paths.game('a')],
      [ROUTES.turn, paths.turn('a', 1)],
      [ROUTES.sheet, paths.sheet('a', 1, 'B1')],
      [ROUTES.campaigns, paths.campaigns()],
      [ROUTES.campaign, paths.campaign('c')],
      [ROUTES.pilot, paths.pilot('c', 'p')],
      [ROUTES.plotter, paths.plotter('a', 'b', 'c', 'T1-x')],
      [plotterPartRoute('way'), `${paths.plotter('a', 'b', 'c', 'T1-x')}/way/2`],
      [ROUTES.calendar, paths.calendar('t')],
      [ROUTES.doc, paths.doc('rules', 'x')],
      [ROUTES.docImage, paths.docImage('a.png')],
      [ROUTES.adminGame, paths.adminGame('a')],
      [ROUTES.adminAction, paths.adminAction('a', 'pause')],
      [ROUTES.mailOne, paths.mailOne(1)],
      [ROUTES.mailHtml, paths.mailHtml(1)],
      [ROUTES.mailPicture, paths.mailPicture(1)],
    ];
    for (const [route, path] of pairs) expect(matches(route, path), `${path} under ${route}`).toBe(true);
    expect(matches(ROUTES.game, paths.turn('a', 1))).toBe(false);
  });

  it('puts PUBLIC_URL before the path', () => {
    expect(webUrl('https://tallyho.example.org', paths.turn('duel', 2))).toBe(
      'https://tallyho.example.org/games/duel/turns/2',
    );
    expect(Object.values(TEMPLATE_PATHS).every((p) => p.startsWith('/'))).toBe(true);
  });

  it('is spelt in one module: no other file of src/ or templates/ writes a path of the site', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((e) => {
        const p = join(dir, e);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    const site =
      /(['"`])\/(games|campaigns|calendar|docs|admin|mail|static|health)\b|\/(turns|planes|pilots|plot)\/\$\{/;
    const offenders: string[] = [];
    for (const file of [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'templates'))]) {
      const rel = relative(ROOT, file);
      if (rel === 'src/app/words/urls.ts' || !/\.(ts|js|hbs)$/.test(file)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim();
          if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
          if (site.test(line) || (rel.startsWith('templates/') && /(href|src|action)="\//.test(line)))
            offenders.push(`${rel}:${i + 1}: ${code.slice(0, 100)}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
