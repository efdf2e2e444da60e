/**
 * The public web archive (docs/gm-guide.md, "The web archive"): GET /games, /games/:game,
 * /games/:game/turns/:turn and /games/:game/turns/:turn/planes/:plane, the campaigns' /campaigns,
 * /campaigns/:campaign and /campaigns/:campaign/pilots/:pilot (docs/campaigns.md), and the page's script and
 * style under /static. Read-only, through the Store port (src/app/archive/games.ts builds the views);
 * pages from templates/web/. A turn that is not resolved has no page (404, like a game that does
 * not exist). The security headers are set for the whole app in http.ts.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response } from 'express';
import { gamePage, listGames, planeSheet, turnPageVia } from '../../app/archive/games.ts';
import { campaignList, campaignPage, pilotPage } from '../../app/archive/campaigns.ts';
import type { Store } from '../../app/ports/store.ts';
import { MAP_CSS } from '../../report/svg-map.ts';
import { badUrlHandler } from './bad-url.ts';
import { PageCache } from './page-cache.ts';
import { createPages, type Page } from './views.ts';
import { ROUTES } from '../../app/words/urls.ts';
import { campaignMeta, campaignsMeta, gameMeta, gamesMeta, pilotMeta, sheetMeta } from '../../app/archive/describe.ts';

/**
 * The page's script and style, kept beside this file in src/ (named from the package root, the same
 * two levels above src/shell/web and dist/shell/web, so the compiled tree serves them too).
 */
export const STATIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/shell/web/static');

export interface ArchiveOptions {
  store: Store;
  /** Local mode: the pages link to the outbox pages (/mail). */
  local: boolean;
  pages?: Page;
  /** Rendered turn pages kept in memory (PageCache); by default one of TURN_CACHE_BYTES. */
  turnCache?: PageCache;
}

/** The default budget of the turn-page cache: some 500 turn pages of a 36 x 28 map. */
export const TURN_CACHE_BYTES = 64 * 1024 * 1024;

/** A turn or page number in a path or query: 1 to 999999, no sign, no leading zero. */
const NUMBER_RE = /^[1-9]\d{0,5}$/;

export function archiveRouter(o: ArchiveOptions): express.Router {
  const pages = o.pages ?? createPages();
  const cache = o.turnCache ?? new PageCache(TURN_CACHE_BYTES);
  const router = express.Router();
  const send = (res: Response, name: string, view: object, status = 200) => {
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-cache')
      .send(pages(name, { local: o.local, ...view }));
  };
  const notFound = (res: Response, what: string) => {
    send(
      res,
      'error',
      { title: 'Not found', message: `There is no ${what} here. Turns appear once they are resolved.` },
      404,
    );
  };
  const turnOf = (req: Request): number | null => {
    const t = String(req.params.turn);
    return NUMBER_RE.test(t) ? Number(t) : null;
  };

  // The map's style is the mail picture's (report/svg-map.ts MAP_CSS), served as a file.
  router.get(ROUTES.staticMapCss, (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(MAP_CSS);
  });
  router.use(
    ROUTES.static,
    express.static(STATIC_DIR, { index: false, dotfiles: 'deny', redirect: false, maxAge: '1h' }),
  );
  router.get(ROUTES.favicon, (_req, res) => {
    res.status(204).end();
  });
  router.get(ROUTES.games, (req, res) => {
    const raw = req.query.page;
    const n = raw === undefined ? 1 : typeof raw === 'string' && NUMBER_RE.test(raw) ? Number(raw) : null;
    const view = n === null ? null : listGames(o.store, n);
    if (view) {
      send(res, 'games', { ...view, metaDescription: gamesMeta(view) });
      return;
    }
    const { pages: last } = listGames(o.store, 1) as { pages: number };
    const range = last === 1 ? 'there is only page 1' : `pages run from 1 to ${last}`;
    if (n === null) {
      const what =
        typeof raw === 'string'
          ? `"${raw.length > 24 ? `${raw.slice(0, 24)}...` : raw}" is not a page number`
          : '?page= is given more than once';
      send(
        res,
        'error',
        { title: 'Bad page number', message: `${what}: the game list takes ?page= with a whole number, and ${range}.` },
        400,
      );
    } else {
      send(res, 'error', { title: 'Not found', message: `There is no page ${n} of the game list: ${range}.` }, 404);
    }
  });
  router.get(ROUTES.game, (req, res) => {
    const view = gamePage(o.store, String(req.params.game));
    if (!view) {
      notFound(res, 'such game');
      return;
    }
    send(res, 'game', { ...view, metaDescription: gameMeta(view) });
  });
  // A resolved turn's page changes only when the turn is rolled back and resolved again or the next
  // turn is resolved (its link): kept rendered, for as long as its stamp stays the same.
  router.get(ROUTES.turn, (req, res, next) => {
    const n = turnOf(req);
    const id = String(req.params.game);
    const key = `${id}/${n}`;
    const page =
      n === null
        ? null
        : turnPageVia(
            o.store,
            id,
            n,
            (stamp) => cache.get(key, stamp),
            (view, stamp) =>
              cache.set(
                key,
                stamp,
                pages('turn', { local: o.local, title: `${view.game.name}: turn ${view.turn}`, ...view }),
              ),
          );
    if (!page) {
      notFound(res, 'such turn');
      return;
    }
    // A resolved turn is kept a minute by the browser, then asked again with its ETag (a 304 while
    // the page is the same).
    res
      .status(200)
      .type('html')
      .set('Cache-Control', 'public, max-age=60')
      .set('ETag', page.etag)
      .set('Vary', 'Accept-Encoding');
    if (req.acceptsEncodings('gzip') !== 'gzip') {
      res.send(page.body);
      return;
    }
    page.gzip().then((body) => {
      res.set('Content-Encoding', 'gzip').send(body);
    }, next);
  });
  router.get(ROUTES.sheet, (req, res) => {
    const n = turnOf(req);
    const view = n === null ? null : planeSheet(o.store, String(req.params.game), n, String(req.params.plane));
    if (!view) {
      notFound(res, 'such log sheet');
      return;
    }
    send(res, 'sheet', {
      title: `${view.game.name}: ${view.plane.id} after turn ${view.turn}`,
      ...view,
      metaDescription: sheetMeta(view),
    });
  });
  router.get(ROUTES.campaigns, (_req, res) => {
    const view = campaignList(o.store);
    send(res, 'campaigns', { title: 'Campaigns', ...view, metaDescription: campaignsMeta(view) });
  });
  router.get(ROUTES.campaign, (req, res) => {
    const view = campaignPage(o.store, String(req.params.campaign));
    if (!view) {
      notFound(res, 'such campaign');
      return;
    }
    send(res, 'campaign', { ...view, metaDescription: campaignMeta(view) });
  });
  router.get(ROUTES.pilot, (req, res) => {
    const view = pilotPage(o.store, String(req.params.campaign), String(req.params.pilot));
    if (!view) {
      notFound(res, 'such pilot');
      return;
    }
    send(res, 'pilot', { ...view, metaDescription: pilotMeta(view) });
  });
  router.use(badUrlHandler(pages, o.local));
  // A page that fails (a damaged row, say) is a bare 500: no stack trace, no path, no data.
  router.use((_err: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    res.status(500).type('text').set('Cache-Control', 'no-store').send('The archive could not show this page.\n');
  });
  return router;
}
