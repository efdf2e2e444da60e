/**
 * The plotter on the web (docs/plans.md "The plotter on the web"): GET
 * /games/:game/plot/:player/:plane/:token, the page of a plane for this turn, and
 * /games/:game/plot/:player/:plane/:token/way/:way, one of its ways as JSON (its path, every
 * height and speed of it, each with its plot, and its trap), and .../shots/:way, the forecast's
 * shots of it. The token is the player's turn token (his mail's link): a page is his alone, for
 * this turn only (src/app/plotter/page.ts). Never cached by the browser, never indexed; gzipped when
 * the browser takes it; the script is /static/plotter.js, the page's data a JSON block it reads.
 */
import { gzip } from 'node:zlib';
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../../app/ports/deps.ts';
import { plotterPage, plotterShots, plotterWay, type PlotterRefusal } from '../../app/plotter/page.ts';
import type { Page } from './views.ts';
import { oneLine } from '../../app/archive/describe.ts';
import { PLOTTER_PARTS, plotterPartRoute, ROUTES } from '../../app/words/urls.ts';

/** JSON safe inside a <script> block: nothing in it can close the block or start markup. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Sends HTML, gzipped (level 1, off the main thread) when the browser takes it. */
function sendHtml(req: Request, res: Response, html: string): void {
  res.type('html').set('Vary', 'Accept-Encoding');
  if (req.acceptsEncodings('gzip') !== 'gzip') {
    res.send(html);
    return;
  }
  gzip(Buffer.from(html, 'utf8'), { level: 1 }, (err, body) => {
    if (err) res.send(html);
    else res.set('Content-Encoding', 'gzip').send(body);
  });
}

/** A way's index in a path: 0 to 99999. */
const INDEX_RE = /^(0|[1-9]\d{0,4})$/;

export function plotterRouter(o: { deps?: AppDeps; pages: Page; local: boolean }): express.Router {
  const router = express.Router();
  const refuse = (res: Response, r: PlotterRefusal): void => {
    res
      .status(r.status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(o.pages('error', { title: r.title, message: r.message, local: o.local }));
  };
  const off = (res: Response): void =>
    refuse(res, { ok: false, status: 404, title: 'No plotter here', message: 'This server shows no plotter.' });
  // A private page: no cache anywhere, no robots, and no referrer (the whole app sends none).
  const privately = (res: Response): Response =>
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow');
  router.get(ROUTES.plotter, (req, res) => {
    if (!o.deps) {
      off(res);
      return;
    }
    const r = plotterPage(
      o.deps,
      String(req.params.game),
      String(req.params.player),
      String(req.params.plane),
      String(req.params.token),
    );
    if (!r.ok) {
      refuse(res, r);
      return;
    }
    const v = r.view;
    const here = req.path.replace(/\/$/, '');
    sendHtml(
      req,
      privately(res).status(200),
      o.pages('plotter', {
        local: o.local,
        title: `${v.plane.id}: plot turn ${v.turn}`,
        ...v,
        // No position in it: the link may be shared where the other side reads.
        metaDescription: oneLine(
          `The plotter for ${v.plane.id} in ${v.game.name}, turn ${v.turn}: pick a hex and a way to fly, and the page writes the orders.`,
        ),
        data: scriptJson({
          plane: v.plane,
          ways: v.ways,
          template: v.template,
          referee: v.referee,
          subject: v.subject,
          twoPhase: v.twoPhase,
          shots: `${here}/${PLOTTER_PARTS.shots}/`,
          way: `${here}/${PLOTTER_PARTS.way}/`,
        }),
        count: v.ways.length,
      }),
    );
  });
  // A way's JSON (its path, heights, speeds and trap; its shots): the way's index checked, then the app's answer.
  const wayJson = <T extends object>(
    what: string,
    answer: (
      deps: AppDeps,
      game: string,
      player: string,
      plane: string,
      token: string,
      way: number,
    ) => ({ ok: true } & T) | PlotterRefusal,
  ): void => {
    router.get(plotterPartRoute(what), (req, res) => {
      if (!o.deps) {
        off(res);
        return;
      }
      const i = String(req.params.way);
      if (!INDEX_RE.test(i)) {
        privately(res).status(400).json({ error: 'a way is a whole number' });
        return;
      }
      const r = answer(
        o.deps,
        String(req.params.game),
        String(req.params.player),
        String(req.params.plane),
        String(req.params.token),
        Number(i),
      );
      if (!r.ok) {
        privately(res).status(r.status).json({ error: r.message });
        return;
      }
      const { ok: _ok, ...body } = r;
      privately(res).json(body);
    });
  };
  wayJson(PLOTTER_PARTS.way, plotterWay);
  wayJson(PLOTTER_PARTS.shots, plotterShots);
  return router;
}
