/**
 * The HTTP side of `tallyho serve` (express): GET /health for monitors, the public web archive of
 * the games (GET /games and below, web/archive.ts), the docs (GET /docs and below, web/docs.ts),
 * the plotter (web/plotter.ts) and the players' private calendar feeds (GET /calendar/:token.ics,
 * web/calendar.ts), and in local mode a simple page of the outbox
 * (GET /mail, /mail/:id, /mail/:id/html) so a player on this machine can read the referee's answers
 * in a browser. Bound to HTTP_HOST (127.0.0.1 by default). helmet sets the security headers: a CSP
 * that allows scripts and styles from 'self' only, nosniff, no framing, no referrer.
 */
import { escapeHtml } from '../../report/escape.ts';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { PICTURE_CID } from '../../app/mail/mailer.ts';
import { renderPicture } from '../render/picture.ts';
import { when } from '../../app/words/text.ts';
import type { OutboxRow, Store } from '../../app/ports/store.ts';
import type { AppDeps } from '../../app/ports/deps.ts';
import { pictureSvg } from '../../app/views/pictures.ts';
import { adminRouter } from './admin.ts';
import { archiveRouter, TURN_CACHE_BYTES } from './archive.ts';
import { badUrlHandler } from './bad-url.ts';
import { calendarRouter } from './calendar.ts';
import { docsRouter } from './docs.ts';
import { plotterRouter } from './plotter.ts';
import { PageCache } from './page-cache.ts';
import { createPages, stripBidi } from './views.ts';
import { paths, ROUTES } from '../../app/words/urls.ts';

export interface HttpOptions {
  host: string;
  port: number;
  store: Store;
  mode: 'mail' | 'local';
  /** Extra facts for /health (inbox state and the like). */
  health: () => Record<string, unknown>;
  /** The budget of the archive's cache of rendered turn pages, bytes (0: none); TURN_CACHE_BYTES by default. */
  turnCacheBytes?: number;
  /** The administration pages (web/admin.ts), with ADMIN_PASSWORD; off when absent. */
  admin?: { password: string; deps: AppDeps };
  /** The referee's use cases, for the plotter (web/plotter.ts); without them it shows none. */
  deps?: AppDeps;
}

const esc = (s: string): string => escapeHtml(stripBidi(s));

const page = (title: string, body: string): string =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><link rel="stylesheet" href="${paths.static('archive.css')}"></head>\n` +
  `<body>\n${body}\n</body></html>\n`;

function listPage(rows: OutboxRow[]): string {
  const items = rows
    .slice()
    .reverse()
    .map(
      (r) =>
        `<tr><td><a href="${paths.mailOne(r.id)}">#${r.id}</a></td><td>${esc(r.status)}</td><td>${esc(when(r.createdAt))}</td><td>${esc(r.recipient)}</td><td>${esc(r.subject)}</td></tr>`,
    );
  return page(
    'Tallyho outbox',
    `<p><a href="${paths.games()}">the games</a></p>\n<h1>Outgoing mail (local mode)</h1>\n<p>Newest first. The same mail: <code>npx tallyho mail list</code>.</p>\n` +
      `<table cellpadding="4"><tr><th>#</th><th>status</th><th>written</th><th>to</th><th>subject</th></tr>\n${items.join('\n')}\n</table>`,
  );
}

function mailPage(r: OutboxRow): string {
  return page(
    r.subject,
    `<p><a href="${paths.mail()}">all mail</a> | <a href="${paths.mailHtml(r.id)}">HTML version</a>${r.picture ? ` | <a href="${paths.mailPicture(r.id)}">its picture</a>` : ''}</p>\n` +
      `<pre>To: ${esc(r.recipient)}\nSubject: ${esc(r.subject)}\nMessage-ID: ${esc(r.messageId)}\nStatus: ${esc(r.status)}</pre>\n<pre>${esc(r.text)}</pre>`,
  );
}

export function createHttpApp(o: HttpOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind a reverse proxy on this machine (docs/gm-guide.md), its X-Forwarded-* headers tell the
  // client's address (the sign-in's rate limit) and whether it came by HTTPS (secure cookies).
  app.set('trust proxy', 'loopback');
  const pages = createPages();
  const turnCache = new PageCache(o.turnCacheBytes ?? TURN_CACHE_BYTES);
  // Pages, scripts and styles compressed when the browser takes it (a turn page is mostly SVG),
  // at the fastest level: it compresses these pages nearly as well as the default, in a third of the time.
  app.use(compression({ level: 1 }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  app.get(ROUTES.health, (_req: Request, res: Response) => {
    try {
      const outbox = o.store.tx((tx) => tx.outbox.counts());
      res.json({ status: 'ok', mode: o.mode, outbox, turnPageCache: turnCache.stats(), ...o.health() });
    } catch (e) {
      res.status(503).json({ status: 'error', error: (e as Error).message });
    }
  });
  app.use(docsRouter({ pages, local: o.mode === 'local' }));
  app.use(plotterRouter({ ...(o.deps ? { deps: o.deps } : {}), pages, local: o.mode === 'local' }));
  app.use(calendarRouter({ ...(o.deps ? { deps: o.deps } : {}), pages, local: o.mode === 'local' }));
  app.use(archiveRouter({ store: o.store, local: o.mode === 'local', turnCache, pages }));
  if (o.admin) {
    app.use(adminRouter({ ...o.admin, pages }));
  } else {
    app.all(ROUTES.anyAdmin, (_req, res) => {
      res
        .status(404)
        .type('html')
        .send(
          pages('error', {
            title: 'Administration is off',
            message: 'The administration pages are off on this server: the GM sets ADMIN_PASSWORD to turn them on.',
            local: o.mode === 'local',
          }),
        );
    });
  }
  if (o.mode === 'mail')
    app.get(ROUTES.home, (_req, res) => {
      res.redirect(paths.games());
    });
  if (o.mode === 'local') {
    app.get(ROUTES.home, (_req, res) => {
      res.redirect(paths.mail());
    });
    app.get(ROUTES.mail, (_req, res) => {
      res.type('html').send(listPage(o.store.tx((tx) => tx.outbox.list())));
    });
    app.get(ROUTES.mailOne, (req, res) => {
      const r = o.store.tx((tx) => tx.outbox.get(Number(req.params.id)));
      if (!r) {
        res.status(404).type('text').send('no such mail\n');
        return;
      }
      res.type('html').send(mailPage(r));
    });
    app.get(ROUTES.mailHtml, (req, res) => {
      const r = o.store.tx((tx) => tx.outbox.get(Number(req.params.id)));
      if (!r?.html) {
        res.status(404).type('text').send('no such mail\n');
        return;
      }
      // The picture a mail client shows from the mail's own part is fetched from /mail/:id/map.png.
      const html = r.picture ? r.html.split(`cid:${PICTURE_CID}`).join(paths.mailPicture(r.id)) : r.html;
      // Sandboxed (an opaque origin, where 'self' names nothing): the picture's origin is written out.
      const origin = `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`.replace(/[^\w.:/[\]-]/g, '');
      res
        .set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; img-src ${origin}; sandbox`)
        .type('html')
        .send(html);
    });
    app.get(ROUTES.mailPicture, (req, res) => {
      const r = o.store.tx((tx) => tx.outbox.get(Number(req.params.id)));
      if (!r?.picture) {
        res.status(404).type('text').send('no such picture\n');
        return;
      }
      // Shown by the sandboxed HTML page, whose origin is opaque: the picture must allow any origin.
      res
        .type('png')
        .set('Cache-Control', 'private, max-age=3600')
        .set('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(renderPicture(pictureSvg(r.picture)).png);
    });
  }
  app.use(badUrlHandler(pages, o.mode === 'local'));
  return app;
}

export async function startHttp(o: HttpOptions): Promise<{ port: number; close(): Promise<void> }> {
  const app = createHttpApp(o);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(o.port, o.host, (err?: Error) => (err ? reject(err) : resolve(s)));
    s.once('error', reject);
  });
  const a = server.address();
  return {
    port: typeof a === 'object' && a ? a.port : o.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
