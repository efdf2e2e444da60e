/**
 * The administration pages (docs/gm-guide.md "Administration pages"), on when ADMIN_PASSWORD is
 * set: every game with its clock and who is missing, a game's players with their addresses, misses,
 * settings and dead-lettered mail, and the game master's controls, the same use cases as the
 * commands by mail and on the command line (PAUSE, RESUME, EXTEND, PROCESS, PREVIEW, ROLLBACK,
 * TERMINATE), every change announced to the players as those announce it. Sign-in, sessions and
 * CSRF in admin-auth.ts. Never cached; addresses show here and nowhere else on the web.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  extendTurn,
  pauseGame,
  previewTurn,
  processTurn,
  resumeGame,
  terminateGame,
  type ControlResult,
} from '../../app/gm/control.ts';
import { AppError, type AppDeps } from '../../app/ports/deps.ts';
import { gameStatus } from '../../app/setup/games.ts';
import { when } from '../../app/words/text.ts';
import { gameClock, heldBackLines, listGames } from '../../app/gm/overview.ts';
import { rollbackTurn } from '../../app/gm/rollback.ts';
import { settingLines } from '../../app/game/settings.ts';
import { recordSummary, reliabilityRecord } from '../../app/game/record.ts';
import { AdminAuth, type AdminAuthOptions } from './admin-auth.ts';
import { badUrlHandler } from './bad-url.ts';
import type { Page } from './views.ts';
import { paths, ROUTES } from '../../app/words/urls.ts';

export interface AdminOptions extends AdminAuthOptions {
  deps: AppDeps;
  pages: Page;
}

const GAME_ID = /^[a-z0-9_-]{1,32}$/;

const text = (v: unknown, max = 500): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * The game master's controls, by the action's name in the form's path; `reason` and `by`: the
 * form has that field; `confirm`: it acts only when the game's id is typed in.
 */
interface Action {
  label: string;
  confirm?: boolean;
  reason?: boolean;
  by?: boolean;
  run: (deps: AppDeps, id: string, body: Record<string, unknown>) => ControlResult;
}

const ACTIONS: Record<string, Action> = {
  pause: { label: 'Pause', reason: true, run: (d, id, b) => pauseGame(d, id, text(b.reason)) },
  resume: { label: 'Resume', run: (d, id) => resumeGame(d, id) },
  extend: { label: 'Extend', by: true, run: (d, id, b) => extendTurn(d, id, text(b.by, 20) || undefined) },
  process: { label: 'Process now', confirm: true, run: (d, id) => processTurn(d, id) },
  preview: { label: 'Preview', run: (d, id) => previewTurn(d, id) },
  rollback: { label: 'Roll back', confirm: true, run: (d, id) => rollbackTurn(d, id) },
  terminate: {
    label: 'Terminate',
    confirm: true,
    reason: true,
    run: (d, id, b) => terminateGame(d, id, text(b.reason)),
  },
};

export function adminRouter(o: AdminOptions): express.Router {
  const auth = new AdminAuth(o);
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });
  const send = (res: Response, name: string, view: object, status = 200): void => {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(o.pages(name, view));
  };
  const problem = (res: Response, status: number, title: string, message: string): void => {
    send(res, 'error', { title, message, local: false }, status);
  };
  const loginPage = (req: Request, res: Response, status = 200, message = ''): void => {
    send(res, 'admin-login', { title: 'Sign in', token: auth.loginToken(req, res), message }, status);
  };
  /** Pages past sign-in: without a session, the sign-in page (a 303 to it for a GET). */
  const signedIn = (req: Request, res: Response, next: NextFunction): void => {
    const s = auth.session(req);
    if (!s) {
      if (req.method === 'GET') res.redirect(303, paths.adminLogin());
      else problem(res, 401, 'Not signed in', 'Sign in to the administration pages first.');
      return;
    }
    res.locals.session = s;
    next();
  };
  /** Posted forms must carry the session's CSRF token. */
  const csrf = (req: Request, res: Response, next: NextFunction): void => {
    if (!auth.csrfOk(res.locals.session, (req.body as Record<string, unknown> | undefined)?.csrf)) {
      problem(
        res,
        403,
        'Form refused',
        'This form did not come from this page (its security token is missing or old). Reload the page and try again.',
      );
      return;
    }
    next();
  };

  router.get(ROUTES.adminLogin, (req, res) => {
    if (auth.session(req)) {
      res.redirect(303, paths.admin());
      return;
    }
    loginPage(req, res);
  });
  router.post(ROUTES.adminLogin, form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const r = auth.signIn(req, res, body.password, body.token);
    if (r === 'ok') {
      o.deps.log.info({ ip: req.ip }, 'admin signed in');
      res.redirect(303, paths.admin());
      return;
    }
    if (r === 'blocked') {
      const wait = auth.blockedFor(req.ip ?? 'unknown');
      o.deps.log.warn({ ip: req.ip }, 'admin sign-in refused: too many failed attempts');
      res.set('Retry-After', String(wait));
      loginPage(req, res, 429, `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
      return;
    }
    if (r === 'csrf') {
      loginPage(req, res, 403, 'The sign-in form had expired. Please try again.');
      return;
    }
    o.deps.log.warn({ ip: req.ip }, 'admin sign-in failed: wrong password');
    loginPage(req, res, 401, 'Wrong password.');
  });
  router.post(ROUTES.adminLogout, form, signedIn, csrf, (req, res) => {
    auth.signOut(req, res);
    res.redirect(303, paths.adminLogin());
  });

  router.get(ROUTES.admin, signedIn, (_req, res) => {
    const games = listGames(o.deps).map((g) => ({
      ...g,
      href: paths.adminGame(g.id),
      deadline: g.deadline ? when(Date.parse(g.deadline)) : '',
      missing: g.missing.join(', '),
    }));
    const dead = o.deps.store.tx((tx) => tx.outbox.counts().dead);
    send(res, 'admin', { title: 'Administration', csrf: res.locals.session.csrf, games, dead });
  });

  router.get(ROUTES.adminGame, signedIn, (req, res) => {
    const id = String(req.params.game);
    if (!GAME_ID.test(id)) {
      problem(res, 404, 'No such game', 'There is no game by that name.');
      return;
    }
    let st: ReturnType<typeof gameStatus>;
    let clock: ReturnType<typeof gameClock>;
    try {
      st = gameStatus(o.deps, id);
      clock = gameClock(o.deps, id);
    } catch (e) {
      if (e instanceof AppError && e.code === 'E_NOT_FOUND') {
        problem(res, 404, 'No such game', e.message);
        return;
      }
      throw e;
    }
    send(res, 'admin-game', {
      title: `Game ${id}`,
      csrf: res.locals.session.csrf,
      game: st.game,
      archive: paths.game(id),
      running: st.game.status === 'running',
      over: st.game.status === 'over',
      deadline: clock.deadline === null ? 'none' : `${when(clock.deadline)} (game zone ${clock.zone})`,
      paused: clock.paused ? `yes${clock.pauseReason ? `: ${clock.pauseReason}` : ''}` : 'no',
      hold: clock.hold ?? '',
      stall: clock.stall
        ? { since: when(clock.stall.since), attempts: clock.stall.attempts, problems: clock.stall.problems }
        : null,
      missing: clock.missing.join(', ') || 'none',
      extensions: `${clock.extensions.turn} this turn, ${clock.extensions.total} in all`,
      gm: clock.gmEmail ?? 'none (installation GM only)',
      players: st.players.map((p) => ({
        ...p,
        planes: p.planes.join(' '),
        orders:
          p.flying === 0
            ? 'no plane flying'
            : p.ordersIn
              ? `in (${when(p.submittedAt as number)})`
              : p.standin === 'computer'
                ? 'the stand-in pilot flies this seat'
                : p.standin === 'leave'
                  ? 'on leave: the stand-in pilot flies'
                  : 'missing',
        misses: clock.misses[p.id] ?? 0,
        // Over every game on this referee (app/game/record.ts, docs/gm-guide.md "A player's record").
        record: p.email ? recordSummary(o.deps.store.tx((tx) => reliabilityRecord(tx, p.email)).totals) : '',
      })),
      settings: settingLines(clock.settings),
      // The hooks beside the mail, masked (docs/notifications.md), and a muster still open.
      notifications: st.notifications,
      muster: st.muster && {
        until: when(st.muster.until),
        told: st.muster.toldAt !== null,
        ready: st.muster.ready.map((r) => r.id).join(', ') || 'nobody yet',
        missing: st.muster.missing.join(', ') || 'nobody',
      },
      outbox: st.outbox,
      heldBack: heldBackLines(clock).map((l) => l.trim()),
      deadLetters: st.deadLetters.map((m) => ({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        error: m.lastError ?? '',
        attempts: m.attempts,
      })),
      actions: Object.entries(ACTIONS).map(([name, a]) => ({
        label: a.label,
        href: paths.adminAction(id, name),
        confirm: !!a.confirm,
        reason: !!a.reason,
        by: !!a.by,
      })),
    });
  });

  router.post(ROUTES.adminAction, form, signedIn, csrf, (req, res) => {
    const id = String(req.params.game);
    const name = String(req.params.action);
    const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
    if (!GAME_ID.test(id) || !action) {
      problem(res, 404, 'No such page', 'There is no such game or action.');
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const back = paths.adminGame(id);
    if (action.confirm && text(body.confirm) !== id) {
      send(
        res,
        'admin-result',
        {
          title: `${action.label}: not done`,
          back,
          lines: [`To ${action.label.toLowerCase()} game ${id}, type the game's id in the confirmation box.`],
          sections: [],
        },
        400,
      );
      return;
    }
    try {
      const r = action.run(o.deps, id, body);
      o.deps.log.info({ game: id, action: name, ip: req.ip }, 'admin action');
      send(
        res,
        'admin-result',
        {
          title: `${action.label}: ${r.failed ? 'not done' : 'done'}`,
          back,
          lines: r.lines,
          sections: r.sections ?? [],
        },
        r.failed ? 409 : 200,
      );
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.code === 'E_NOT_FOUND' ? 404 : e.code === 'E_USAGE' ? 400 : 409;
      send(
        res,
        'admin-result',
        { title: `${action.label}: not done`, back, lines: [e.message, ...e.details], sections: [] },
        status,
      );
    }
  });
  router.use(ROUTES.admin, badUrlHandler(o.pages, false));
  // A page that fails is a bare 500, its cause in the log only.
  router.use(ROUTES.admin, (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    o.deps.log.error({ path: req.path, error: (err as Error)?.message }, 'admin page failed');
    res
      .status(500)
      .type('text')
      .set('Cache-Control', 'no-store')
      .send('The administration page could not be shown; the log says why.\n');
  });
  return router;
}
