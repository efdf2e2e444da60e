/**
 * Getting a refresh token the way an installed program does (RFC 8252): the authorization code
 * flow with PKCE (RFC 7636, S256), the answer caught by a listener on the loopback interface at a
 * free port, the code exchanged at the token endpoint. `tallyho oauth` (cli/oauth.ts) runs it.
 */
import { escapeHtml } from '../../report/escape.ts';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OauthError } from './tokens.ts';

export interface AuthorizeRequest {
  authUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string | null;
  scope: string;
  authParams: Record<string, string>;
  /** The host name in the redirect URI (the listener is on 127.0.0.1 whatever it is). */
  redirectHost: string;
  /** 0: any free port. */
  port: number;
  timeoutMs: number;
  /**
   * Lines typed by the user (standard input): an answer address pasted from the browser counts
   * like one that reached the listener. Returns a function that stops reading.
   */
  pasted?: (line: (text: string) => void) => () => void;
}

export interface Granted {
  refreshToken: string;
  /** The scope granted, when the provider says. */
  scope: string | null;
}

const base64url = (b: Buffer): string => b.toString('base64url');

const page = (title: string, text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p>\n`;

const escape = escapeHtml;

/**
 * Starts the listener and hands the authorization URL to `show` (to print); resolves with the
 * refresh token once the browser comes back and the code is exchanged. Every failure is an
 * OauthError saying what happened.
 */
export async function authorize(
  req: AuthorizeRequest,
  show: (url: string, redirectUri: string) => void,
): Promise<Granted> {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const state = base64url(randomBytes(16));
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new OauthError(`cannot listen on 127.0.0.1 port ${req.port}: ${e.code ?? e.message}`)),
    );
    server.listen(req.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const redirectUri = `http://${req.redirectHost}:${port}/`;
  const url = new URL(req.authUrl);
  const params = {
    response_type: 'code',
    client_id: req.clientId,
    redirect_uri: redirectUri,
    scope: req.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...req.authParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let timer: NodeJS.Timeout | undefined;
  let stopPaste = (): void => {};
  try {
    const code = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new OauthError(
              `no answer from the browser within ${Math.round(req.timeoutMs / 1000)} s: run tallyho oauth again`,
            ),
          ),
        req.timeoutMs,
      );
      /** The answer's query, from the browser or pasted: what to show, and the code or the failure. */
      const take = (q: URLSearchParams): [number, string, string] => {
        if (q.get('state') !== state) {
          reject(
            new OauthError(
              'the answer that came back does not belong to this request (state mismatch: an old browser tab, or a forged answer): run tallyho oauth again',
            ),
          );
          return [
            400,
            'Refused',
            'This answer does not belong to the request tallyho oauth made. Run tallyho oauth again.',
          ];
        }
        const error = q.get('error');
        if (error) {
          const why = q.get('error_description');
          reject(
            new OauthError(
              `the provider did not give access: ${error}${why ? ` (${why.split('\n')[0]})` : ''}${error === 'access_denied' ? ': consent was refused; run tallyho oauth again and allow access' : ''}`,
            ),
          );
          return [
            400,
            'No access',
            `The provider answered: ${escape(error)}${why ? ` (${escape(why)})` : ''}. Nothing was saved.`,
          ];
        }
        resolve(q.get('code') ?? '');
        return [200, 'Done', 'Tallyho has its authorization. You can close this tab and go back to the terminal.'];
      };
      const isAnswer = (q: URLSearchParams) => q.has('state') || q.has('code') || q.has('error');
      server.on('request', (r: http.IncomingMessage, res: http.ServerResponse) => {
        const q = new URL(r.url ?? '/', 'http://127.0.0.1').searchParams;
        // A browser also asks for /favicon.ico and the like: only an answer to this request counts.
        const [status, title, text] = isAnswer(q)
          ? take(q)
          : [404, 'Not found', 'This is the answer address of tallyho oauth.'];
        res
          .writeHead(status, { 'content-type': 'text/html; charset=utf-8', connection: 'close' })
          .end(page(title, text));
      });
      // The address the browser could not open, pasted: when tallyho oauth runs on another machine.
      stopPaste =
        req.pasted?.((line) => {
          let q: URLSearchParams;
          try {
            q = new URL(line.trim()).searchParams;
          } catch {
            return;
          }
          if (isAnswer(q)) take(q);
        }) ?? stopPaste;
      show(url.toString(), redirectUri);
    });
    return await exchange(req, code, redirectUri, verifier);
  } finally {
    clearTimeout(timer);
    stopPaste();
    server.closeAllConnections();
    server.close();
  }
}

type TokenAnswer = { refresh_token?: unknown; scope?: unknown; error?: unknown; error_description?: unknown };

async function exchange(req: AuthorizeRequest, code: string, redirectUri: string, verifier: string): Promise<Granted> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: req.clientId,
    code_verifier: verifier,
  });
  if (req.clientSecret) body.set('client_secret', req.clientSecret);
  let status: number;
  let answer: TokenAnswer;
  try {
    const res = await fetch(req.tokenUrl, {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      answer = JSON.parse(text) as TokenAnswer;
    } catch {
      throw new OauthError(`the token endpoint ${req.tokenUrl} answered ${status} without JSON`);
    }
  } catch (e) {
    if (e instanceof OauthError) throw e;
    throw new OauthError(`the token endpoint ${req.tokenUrl} could not be reached: ${(e as Error).message}`);
  }
  if (typeof answer.error === 'string' || status !== 200) {
    const why = typeof answer.error_description === 'string' ? ` (${answer.error_description.split('\n')[0]})` : '';
    const hint = answer.error === 'invalid_client' ? ': check --client-id and --client-secret' : '';
    throw new OauthError(
      `the token endpoint refused the authorization code: ${typeof answer.error === 'string' ? answer.error : `HTTP ${status}`}${why}${hint}`,
    );
  }
  if (typeof answer.refresh_token !== 'string' || !answer.refresh_token) {
    throw new OauthError(
      'the provider gave an access token but no refresh token: the scope must allow offline access ' +
        '(Microsoft: offline_access; Google: access_type=offline, which tallyho oauth google asks for)',
    );
  }
  return { refreshToken: answer.refresh_token, scope: typeof answer.scope === 'string' ? answer.scope : null };
}
