/**
 * OAuth2 access tokens for XOAUTH2 logins (IMAP and SMTP share them): got from the provider's
 * token endpoint with the refresh token (RFC 6749 section 6), kept until shortly before they
 * expire (expires_in), and got again when a server refuses one at login. One request at a time:
 * callers that ask while a refresh is under way share its answer.
 *
 * A provider that refuses the refresh token itself (invalid_grant: revoked, expired, consent
 * withdrawn) or the client (invalid_client) is not asked again until the server is restarted:
 * every later call fails at once with the same error, which says what to do. Tokens and secrets
 * are never logged, and never put into an error message.
 */
import { dirname, join } from 'node:path';
import type { AppLog } from '../../app/ports/deps.ts';
import type { OauthConfig } from '../config.ts';
import { TallyhoError } from '../errors.ts';
import { RefreshTokenFile } from './refresh-file.ts';

export interface AccessToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface AccessTokenSource {
  /**
   * A token valid for a while yet. `rejected`: a server refused this token at login; when it is
   * the current one, a new one is got (once: a token just got is not thrown away again).
   */
  get(rejected?: string): Promise<AccessToken>;
}

/** E_OAUTH; `permanent`: asking again will not cure it (the GM must act), else it is retried. */
export class OauthError extends TallyhoError {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super('E_OAUTH', message);
  }
}

export const isPermanentOauthError = (e: unknown): boolean => e instanceof OauthError && e.permanent;

export interface AccessTokensOptions {
  config: OauthConfig;
  log: AppLog;
  /** Epoch milliseconds (tests). */
  now?: () => number;
  timeoutMs?: number;
  /** Where a refresh token the provider hands out in place of the old one is kept (Microsoft). */
  refreshFile?: RefreshTokenFile | null;
}

/** Expiry assumed when the provider gives none (RFC 6749 makes expires_in optional). */
const DEFAULT_LIFETIME_S = 3600;

/**
 * A token is renewed when less than a minute of it is left, or less than a quarter of its
 * lifetime for short-lived ones, so that a login never starts with a token about to expire.
 */
const marginMs = (lifetimeMs: number): number => Math.min(60_000, lifetimeMs / 4);

type TokenAnswer = {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  error?: unknown;
  error_description?: unknown;
};

const WHAT_TO_DO: Record<string, string> = {
  invalid_grant:
    'the refresh token is revoked, expired or for another client: run `tallyho oauth` again and put the new OAUTH_REFRESH_TOKEN in .env, then restart',
  invalid_client: 'the provider does not know this client: check OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET',
  unauthorized_client: 'the client may not use refresh tokens: check the app registration (docs/gm-guide.md)',
  invalid_scope: 'the provider refused OAUTH_SCOPE: use the scope the refresh token was granted for',
};

export class AccessTokens implements AccessTokenSource {
  private current: (AccessToken & { lifetimeMs: number }) | null = null;
  private inFlight: Promise<AccessToken> | null = null;
  private refused: OauthError | null = null;
  private refreshToken: string;
  private readonly now: () => number;

  constructor(private readonly o: AccessTokensOptions) {
    this.now = o.now ?? Date.now;
    this.refreshToken = o.refreshFile?.read(o.config.refreshToken) ?? o.config.refreshToken;
  }

  async get(rejected?: string): Promise<AccessToken> {
    if (this.refused) throw this.refused;
    const c = this.current;
    if (c && rejected !== undefined && rejected === c.token) {
      this.o.log.warn(
        { tokenUrl: this.o.config.tokenUrl },
        'a mail server refused the OAuth2 access token: getting a new one',
      );
      this.current = null;
    } else if (c && this.now() < c.expiresAt - marginMs(c.lifetimeMs)) {
      return { token: c.token, expiresAt: c.expiresAt };
    }
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<AccessToken> {
    const cfg = this.o.config;
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.refreshToken,
      client_id: cfg.clientId,
    });
    if (cfg.clientSecret) body.set('client_secret', cfg.clientSecret);
    if (cfg.scope) body.set('scope', cfg.scope);
    const asked = this.now();
    let status: number;
    let answer: TokenAnswer;
    try {
      const res = await fetch(cfg.tokenUrl, {
        method: 'POST',
        body,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
      });
      status = res.status;
      const text = await res.text();
      try {
        answer = JSON.parse(text) as TokenAnswer;
      } catch {
        throw new OauthError(`the OAuth2 token endpoint ${cfg.tokenUrl} answered ${status} without JSON`);
      }
    } catch (e) {
      if (e instanceof OauthError) throw this.logged(e);
      throw this.logged(
        new OauthError(`the OAuth2 token endpoint ${cfg.tokenUrl} could not be reached: ${(e as Error).message}`),
      );
    }
    if (typeof answer.error === 'string' || status !== 200) {
      const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`;
      const described =
        typeof answer.error_description === 'string'
          ? ` (${answer.error_description.split('\n')[0]?.slice(0, 200)})`
          : '';
      const todo = WHAT_TO_DO[code];
      const e = new OauthError(
        `the OAuth2 provider refused to renew the access token: ${code}${described}${todo ? `; ${todo}` : ''}`,
        todo !== undefined,
      );
      if (todo) this.refused = e;
      throw this.logged(e);
    }
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw this.logged(new OauthError(`the OAuth2 token endpoint ${cfg.tokenUrl} answered without an access_token`));
    }
    const seconds = Number(answer.expires_in);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LIFETIME_S) * 1000;
    this.current = { token: answer.access_token, expiresAt: asked + lifetimeMs, lifetimeMs };
    if (
      typeof answer.refresh_token === 'string' &&
      answer.refresh_token &&
      answer.refresh_token !== this.refreshToken
    ) {
      this.refreshToken = answer.refresh_token;
      this.o.refreshFile?.write(cfg.refreshToken, answer.refresh_token, this.o.log);
    }
    this.o.log.info(
      { tokenUrl: cfg.tokenUrl, expiresInS: Math.round(lifetimeMs / 1000) },
      'OAuth2 access token renewed',
    );
    return { token: this.current.token, expiresAt: this.current.expiresAt };
  }

  private logged(e: OauthError): OauthError {
    if (isPermanentOauthError(e)) this.o.log.error({ code: e.code }, e.message);
    else this.o.log.warn({ code: e.code }, e.message);
    return e;
  }
}

/** The server's token source: a renewed refresh token is kept beside the database. */
export function accessTokens(config: OauthConfig, databasePath: string, log: AppLog): AccessTokens {
  return new AccessTokens({
    config,
    log,
    refreshFile: new RefreshTokenFile(join(dirname(databasePath), REFRESH_FILE)),
  });
}

export const REFRESH_FILE = 'oauth-refresh-token.json';
