/**
 * The public web archive (docs/gm-guide.md, "The web archive"): GET /games, /games/:game,
 * /games/:game/turns/:turn and /games/:game/turns/:turn/planes/:plane, and the page's script and
 * style under /static. Read-only, through the Store port (src/app/archive.ts builds the views);
 * pages from templates/web/. A turn that is not resolved has no page (404, like a game that does
 * not exist). The security headers are set for the whole app in http.ts.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response } from 'express';
import { gamePage, listGames, planeSheet, turnPage } from '../../app/archive.ts';
import type { Store } from '../../app/ports.ts';
import { createPages, type Page } from './views.ts';

export const STATIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'static');

export interface ArchiveOptions {
  store: Store;
  /** Local mode: the pages link to the outbox pages (/mail). */
  local: boolean;
  pages?: Page;
}

const TURN_RE = /^[1-9]\d{0,5}$/;

export function archiveRouter(o: ArchiveOptions): express.Router {
  const pages = o.pages ?? createPages();
  const router = express.Router();
  const send = (res: Response, name: string, view: object, status = 200) => {
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(pages(name, { local: o.local, ...view }));
  };
  const notFound = (res: Response, what: string) => {
    send(res, 'error', { title: 'Not found', message: `There is no ${what} here. Turns appear once they are resolved.` }, 404);
  };
  const turnOf = (req: Request): number | null => {
    const t = String(req.params.turn);
    return TURN_RE.test(t) ? Number(t) : null;
  };

  router.use('/static', express.static(STATIC_DIR, { index: false, dotfiles: 'deny', redirect: false }));
  router.get('/favicon.ico', (_req, res) => { res.status(204).end(); });
  router.get('/games', (_req, res) => { send(res, 'games', { games: listGames(o.store) }); });
  router.get('/games/:game', (req, res) => {
    const view = gamePage(o.store, String(req.params.game));
    if (!view) { notFound(res, 'such game'); return; }
    send(res, 'game', view);
  });
  router.get('/games/:game/turns/:turn', (req, res) => {
    const n = turnOf(req);
    const view = n === null ? null : turnPage(o.store, String(req.params.game), n);
    if (!view) { notFound(res, 'such turn'); return; }
    send(res, 'turn', { title: `${view.game.name}: turn ${view.turn}`, ...view });
  });
  router.get('/games/:game/turns/:turn/planes/:plane', (req, res) => {
    const n = turnOf(req);
    const view = n === null ? null : planeSheet(o.store, String(req.params.game), n, String(req.params.plane));
    if (!view) { notFound(res, 'such log sheet'); return; }
    send(res, 'sheet', { title: `${view.game.name}: ${view.plane.id} after turn ${view.turn}`, ...view });
  });
  // A page that fails (a damaged row, say) is a bare 500: no stack trace, no path, no data.
  router.use((_err: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    res.status(500).type('text').set('Cache-Control', 'no-store').send('The archive could not show this page.\n');
  });
  return router;
}
