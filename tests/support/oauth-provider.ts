/**
 * A small OAuth2 provider on 127.0.0.1 for tests, playing Google or Microsoft:
 * - /authorize (RFC 6749 4.1 with PKCE, RFC 7636): answers at once with a redirect to the client's
 *   redirect_uri carrying a code (or the error the test chose), as a browser would after consent;
 * - /token: authorization_code (checks client, redirect_uri and the PKCE verifier) and
 *   refresh_token grants, giving access tokens that live `lifetimeS` seconds;
 * - /introspect (RFC 7662, what Dovecot's oauth2 passdb asks): whether an access token is live
 *   and whose it is.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { LOOPBACK } from './ports.ts';

export interface FakeProvider {
  url: string;
  authUrl: string;
  tokenUrl: string;
  introspectionUrl: string;
  clientId: string;
  clientSecret: string;
  /** The login the tokens are for (introspection's username). */
  user: string;
  /** The refresh token the provider accepts now. */
  refreshToken: string;
  /** Lifetime of the access tokens given from now on. */
  lifetimeS: number;
  /** Give a new refresh token with each renewal (as Microsoft does). */
  rotate: boolean;
  /** What /authorize answers: a code, the user's refusal, or a redirect with another state. */
  consent: 'grant' | 'deny' | 'wrong-state';
  /** Every request to /token, in order (the form fields). */
  tokenRequests: URLSearchParams[];
  /** The access tokens asked about at /introspect, in order. */
  introspected: string[];
  /** Access tokens given, in order. */
  issued: string[];
  /** The refresh token is revoked: /token answers invalid_grant. */
  revokeRefreshToken(): void;
  /** An access token stops working before its time (introspection: inactive). */
  revoke(accessToken: string): void;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('base64url')}`;

export async function startFakeProvider(opts: { user: string; lifetimeS?: number }): Promise<FakeProvider> {
  const live = new Map<string, number>();
  const codes = new Map<string, { redirectUri: string; challenge: string }>();
  const send = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const issue = (res: http.ServerResponse, withRefresh: boolean) => {
    const access = token('at');
    live.set(access, Date.now() + p.lifetimeS * 1000);
    p.issued.push(access);
    if (withRefresh) p.refreshToken = token('rt');
    send(res, 200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: p.lifetimeS,
      ...(withRefresh ? { refresh_token: p.refreshToken } : {}),
    });
  };
  const authorize = (url: URL, res: http.ServerResponse) => {
    const q = url.searchParams;
    const redirect = new URL(q.get('redirect_uri') ?? '');
    if (
      q.get('client_id') !== p.clientId ||
      q.get('response_type') !== 'code' ||
      q.get('code_challenge_method') !== 'S256'
    ) {
      res.writeHead(400).end('bad authorization request');
      return;
    }
    if (p.consent === 'deny') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set('error_description', 'The user did not consent.');
    } else {
      const code = token('code');
      codes.set(code, { redirectUri: q.get('redirect_uri') ?? '', challenge: q.get('code_challenge') ?? '' });
      redirect.searchParams.set('code', code);
    }
    redirect.searchParams.set('state', p.consent === 'wrong-state' ? 'forged' : (q.get('state') ?? ''));
    res.writeHead(302, { location: redirect.toString() }).end();
  };
  const tokenEndpoint = (form: URLSearchParams, res: http.ServerResponse) => {
    p.tokenRequests.push(form);
    if (form.get('client_id') !== p.clientId || form.get('client_secret') !== p.clientSecret) {
      send(res, 401, { error: 'invalid_client', error_description: 'Unknown client.' });
      return;
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (form.get('refresh_token') !== p.refreshToken)
        send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      else issue(res, p.rotate);
      return;
    }
    if (form.get('grant_type') === 'authorization_code') {
      const c = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !c ||
        c.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== c.challenge
      ) {
        send(res, 400, { error: 'invalid_grant', error_description: 'Bad code, redirect_uri or code_verifier.' });
      } else issue(res, true);
      return;
    }
    send(res, 400, { error: 'unsupported_grant_type' });
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (url.pathname === '/authorize' && req.method === 'GET') authorize(url, res);
      else if (url.pathname === '/token' && req.method === 'POST') tokenEndpoint(form, res);
      else if (url.pathname === '/introspect' && req.method === 'POST') {
        const t = form.get('token') ?? '';
        p.introspected.push(t);
        const until = live.get(t);
        send(
          res,
          200,
          until !== undefined && Date.now() < until
            ? { active: true, username: p.user, exp: Math.floor(until / 1000) }
            : { active: false },
        );
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, LOOPBACK, r));
  const url = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`;
  const p: FakeProvider = {
    url,
    authUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    introspectionUrl: `${url}/introspect`,
    clientId: 'tallyho-test.apps',
    clientSecret: token('secret'),
    user: opts.user,
    refreshToken: token('rt'),
    lifetimeS: opts.lifetimeS ?? 3600,
    rotate: false,
    consent: 'grant',
    tokenRequests: [],
    introspected: [],
    issued: [],
    revokeRefreshToken: () => {
      p.refreshToken = token('rt-unknown');
    },
    revoke: (t) => {
      live.delete(t);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return p;
}

/** The provider for the tests of a describe block: started before them and closed after; the getter gives it. */
export function useFakeProvider(user: string): () => FakeProvider {
  let p: FakeProvider | undefined;
  beforeAll(async () => {
    p = await startFakeProvider({ user });
  });
  afterAll(async () => {
    await p?.close();
  });
  return () => {
    if (!p) throw new Error('the OAuth2 provider is not started yet');
    return p;
  };
}

/** The settings of IMAP and SMTP logins by XOAUTH2 as `user`, with the provider's client and refresh token. */
export const xoauth2Settings = (p: FakeProvider, user: string): Record<string, string> => ({
  IMAP_AUTH: 'xoauth2',
  SMTP_AUTH: 'xoauth2',
  SMTP_USER: user,
  OAUTH_TOKEN_URL: p.tokenUrl,
  OAUTH_CLIENT_ID: p.clientId,
  OAUTH_CLIENT_SECRET: p.clientSecret,
  OAUTH_REFRESH_TOKEN: p.refreshToken,
});
