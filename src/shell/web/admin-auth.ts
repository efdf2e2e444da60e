/**
 * Sign-in for the administration pages (docs/gm-guide.md "Administration pages"): one password
 * from ADMIN_PASSWORD, compared in constant time; failed attempts limited per client address and in
 * all; sessions kept in memory (a restart signs everyone out) in an HttpOnly, SameSite=Strict cookie
 * on /admin; every form carries the session's CSRF token, and the sign-in form a token bound to a
 * cookie of its own (double submit), so no other site can post to these pages.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { ROUTES } from '../../app/words/urls.ts';

export const SESSION_COOKIE = 'tallyho_admin';
export const LOGIN_COOKIE = 'tallyho_admin_login';

export interface AdminAuthOptions {
  password: string;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
  /** Failed sign-ins allowed from one address per window, and from all addresses together. */
  maxFailures?: number;
  maxFailuresAll?: number;
  windowMs?: number;
  sessionMs?: number;
}

interface Session {
  csrf: string;
  expires: number;
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Equal strings, in a time that does not depend on where they differ (nor on their lengths). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** The cookies of a request, by name (values URI-decoded; a malformed one is skipped). */
export function cookies(req: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    try {
      out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      /* not ours */
    }
  }
  return out;
}

const MAX_SESSIONS = 64;

export class AdminAuth {
  private readonly sessions = new Map<string, Session>();
  private readonly failures = new Map<string, number[]>();
  private all: number[] = [];
  private readonly loginKey = randomBytes(32);
  private readonly now: () => number;
  private readonly maxFailures: number;
  private readonly maxFailuresAll: number;
  private readonly windowMs: number;
  private readonly sessionMs: number;

  constructor(private readonly o: AdminAuthOptions) {
    this.now = o.now ?? Date.now;
    this.maxFailures = o.maxFailures ?? 5;
    this.maxFailuresAll = o.maxFailuresAll ?? 50;
    this.windowMs = o.windowMs ?? 15 * 60_000;
    this.sessionMs = o.sessionMs ?? 12 * 3600_000;
  }

  private cookie(req: Request, res: Response, name: string, value: string, maxAgeMs: number): void {
    res.cookie(name, value, {
      httpOnly: true,
      sameSite: 'strict',
      path: ROUTES.admin,
      secure: req.secure,
      maxAge: maxAgeMs,
    });
  }

  /** The session of a request, or null. */
  session(req: Request): Session | null {
    const id = cookies(req).get(SESSION_COOKIE);
    if (!id) return null;
    const s = this.sessions.get(id);
    if (!s) return null;
    if (s.expires <= this.now()) {
      this.sessions.delete(id);
      return null;
    }
    return s;
  }

  private tokenFor(nonce: string): string {
    return createHmac('sha256', this.loginKey).update(nonce).digest('base64url');
  }

  /** The sign-in form's token, bound to a cookie set now. */
  loginToken(req: Request, res: Response): string {
    let nonce = cookies(req).get(LOGIN_COOKIE);
    if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) {
      nonce = randomBytes(32).toString('base64url');
      this.cookie(req, res, LOGIN_COOKIE, nonce, 3600_000);
    }
    return this.tokenFor(nonce);
  }

  private loginTokenOk(req: Request, token: unknown): boolean {
    const nonce = cookies(req).get(LOGIN_COOKIE);
    if (!nonce || typeof token !== 'string') return false;
    return safeEqual(this.tokenFor(nonce), token);
  }

  private recent(list: number[]): number[] {
    const since = this.now() - this.windowMs;
    return list.filter((t) => t > since);
  }

  /** Seconds until this address may try again, or 0. */
  blockedFor(ip: string): number {
    const mine = this.recent(this.failures.get(ip) ?? []);
    this.all = this.recent(this.all);
    const full = mine.length >= this.maxFailures ? mine : this.all.length >= this.maxFailuresAll ? this.all : null;
    if (!full) return 0;
    return Math.max(1, Math.ceil(((full[0] as number) + this.windowMs - this.now()) / 1000));
  }

  /**
   * A sign-in attempt: 'ok' (a session is set), 'csrf' (the form did not come from this server),
   * 'blocked' (too many failures lately) or 'wrong'.
   */
  signIn(req: Request, res: Response, password: unknown, token: unknown): 'ok' | 'csrf' | 'blocked' | 'wrong' {
    const ip = req.ip ?? 'unknown';
    if (this.blockedFor(ip)) return 'blocked';
    if (!this.loginTokenOk(req, token)) return 'csrf';
    if (typeof password !== 'string' || !safeEqual(password, this.o.password)) {
      const t = this.now();
      this.failures.set(ip, [...this.recent(this.failures.get(ip) ?? []), t]);
      this.all.push(t);
      if (this.failures.size > 10_000) this.failures.clear();
      return 'wrong';
    }
    this.failures.delete(ip);
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expires <= now) this.sessions.delete(id);
    while (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    const id = randomBytes(32).toString('base64url');
    this.sessions.set(id, { csrf: randomBytes(32).toString('base64url'), expires: now + this.sessionMs });
    this.cookie(req, res, SESSION_COOKIE, id, this.sessionMs);
    res.clearCookie(LOGIN_COOKIE, { path: ROUTES.admin });
    return 'ok';
  }

  signOut(req: Request, res: Response): void {
    const id = cookies(req).get(SESSION_COOKIE);
    if (id) this.sessions.delete(id);
    res.clearCookie(SESSION_COOKIE, { path: ROUTES.admin });
  }

  /** Whether a posted form carries the session's CSRF token. */
  csrfOk(s: Session, token: unknown): boolean {
    return typeof token === 'string' && safeEqual(token, s.csrf);
  }
}
