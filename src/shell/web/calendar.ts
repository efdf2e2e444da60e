/**
 * A player's private calendar feed on the web (docs/players.md "Your turns in a calendar"): GET
 * /calendar/:token.ics, the iCalendar text of src/app/calendar/feed.ts for the address the token is
 * of. The link is the only key: it is linked from no page, kept by the browser or the calendar
 * for five minutes at most and by no shared cache, never indexed. A token nobody has is the plain
 * 404 page the plotter's links give.
 */
import express, { type Response } from 'express';
import type { AppDeps } from '../../app/ports/deps.ts';
import { calendarFeed } from '../../app/calendar/feed.ts';
import type { Page } from './views.ts';
import { ROUTES } from '../../app/words/urls.ts';

/** The file name of a feed: its token and `.ics`. */
const FILE_RE = /^([A-Za-z0-9_-]{1,128})\.ics$/;

export function calendarRouter(o: { deps?: AppDeps; pages: Page; local: boolean }): express.Router {
  const router = express.Router();
  const notFound = (res: Response): void => {
    res
      .status(404)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('X-Robots-Tag', 'noindex, nofollow')
      .send(
        o.pages('error', {
          title: 'No such calendar',
          message:
            'This link opens no calendar. Use the link in your welcome mail, or send CALENDAR to the referee for yours.',
          local: o.local,
        }),
      );
  };
  router.get(ROUTES.calendar, (req, res) => {
    const m = FILE_RE.exec(String(req.params.file));
    const deps = o.deps;
    if (!m || !deps) {
      notFound(res);
      return;
    }
    const feed = deps.store.tx((tx) => calendarFeed(deps, tx, m[1] as string, deps.clock.now()));
    if (feed === null) {
      notFound(res);
      return;
    }
    // Private: the player's own calendar may keep it five minutes; no proxy or shared cache may.
    res
      .status(200)
      .set('Content-Type', 'text/calendar; charset=utf-8')
      .set('Cache-Control', 'private, max-age=300')
      .set('X-Robots-Tag', 'noindex, nofollow')
      .set('Content-Disposition', 'inline; filename="tallyho.ics"')
      .send(feed);
  });
  return router;
}
