import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OauthConfig } from '../../../src/shell/config.ts';
import { RefreshTokenFile } from '../../../src/shell/oauth/refresh-file.ts';
import { AccessTokens, isPermanentOauthError } from '../../../src/shell/oauth/tokens.ts';
import { startFakeProvider, type FakeProvider } from '../../support/oauth-provider.ts';

type Line = { level: string; fields: object; message: string };
const recorder = () => {
  const lines: Line[] = [];
  const at = (level: string) => (fields: object, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
};

describe('OAuth2 access tokens', () => {
  let p: FakeProvider;
  let dir: string;
  beforeEach(async () => {
    p = await startFakeProvider({ user: 'referee@example.test' });
    dir = mkdtempSync(join(tmpdir(), 'tallyho-oauth-'));
  });
  afterEach(async () => {
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const config = (over: Partial<OauthConfig> = {}): OauthConfig => ({
    provider: 'custom',
    tokenUrl: p.tokenUrl,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    refreshToken: p.refreshToken,
    scope: null,
    ...over,
  });

  it('gets a token with the refresh token and keeps it until shortly before it expires', async () => {
    let now = 1_000_000;
    const { log, lines } = recorder();
    const tokens = new AccessTokens({ config: config({ scope: 'mail' }), log, now: () => now });
    const [a, b] = await Promise.all([tokens.get(), tokens.get()]);
    expect(a.token).toBe(p.issued[0]);
    expect(b).toEqual(a);
    expect(a.expiresAt).toBe(1_000_000 + 3600_000);
    expect(p.tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(p.tokenRequests[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: p.refreshToken,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      scope: 'mail',
    });
    now += 3600_000 - 61_000;
    expect((await tokens.get()).token).toBe(a.token);
    now += 2000;
    const c = await tokens.get();
    expect(c.token).not.toBe(a.token);
    expect(p.tokenRequests).toHaveLength(2);
    const logged = JSON.stringify(lines);
    for (const secret of [p.refreshToken, p.clientSecret, a.token, c.token]) expect(logged).not.toContain(secret);
    expect(lines.filter((l) => l.message === 'OAuth2 access token renewed')).toHaveLength(2);
  });

  it('renews short-lived tokens a quarter of their life early', async () => {
    p.lifetimeS = 8;
    let now = 0;
    const tokens = new AccessTokens({ config: config(), log: recorder().log, now: () => now });
    const a = await tokens.get();
    now = 5900;
    expect((await tokens.get()).token).toBe(a.token);
    now = 6100;
    expect((await tokens.get()).token).not.toBe(a.token);
  });

  it('gets a new token when a server refused the current one, but not for an older one', async () => {
    const tokens = new AccessTokens({ config: config(), log: recorder().log });
    const a = await tokens.get();
    const b = await tokens.get(a.token);
    expect(b.token).not.toBe(a.token);
    expect((await tokens.get(a.token)).token).toBe(b.token);
    expect(p.tokenRequests).toHaveLength(2);
  });

  it('stops asking after invalid_grant, with an error that says to run tallyho oauth again', async () => {
    const { log, lines } = recorder();
    const tokens = new AccessTokens({ config: config(), log });
    p.revokeRefreshToken();
    const e = await tokens.get().catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'E_OAUTH' });
    expect((e as Error).message).toBe(
      'the OAuth2 provider refused to renew the access token: invalid_grant (Token has been expired or revoked.); ' +
        'the refresh token is revoked, expired or for another client: run `tallyho oauth` again and put the new OAUTH_REFRESH_TOKEN in .env, then restart',
    );
    expect(isPermanentOauthError(e)).toBe(true);
    await expect(tokens.get()).rejects.toBe(e);
    expect(p.tokenRequests).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([(e as Error).message]);
  });

  it('names the client settings when the provider does not know the client', async () => {
    const tokens = new AccessTokens({ config: config({ clientSecret: 'wrong' }), log: recorder().log });
    await expect(tokens.get()).rejects.toThrow(
      'invalid_client (Unknown client.); the provider does not know this client: check OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET',
    );
  });

  it('retries after an endpoint that cannot be reached or does not answer JSON', async () => {
    await p.close();
    const tokens = new AccessTokens({ config: config(), log: recorder().log, timeoutMs: 2000 });
    const e = await tokens.get().catch((x: unknown) => x);
    expect((e as Error).message).toMatch(
      /^the OAuth2 token endpoint http:\/\/127\.0\.0\.1:\d+\/token could not be reached: /,
    );
    expect(isPermanentOauthError(e)).toBe(false);
    p = await startFakeProvider({ user: 'x' });
    const html = new AccessTokens({ config: config({ tokenUrl: `${p.url}/nowhere` }), log: recorder().log });
    await expect(html.get()).rejects.toThrow(/answered 404 without JSON$/);
  });

  it('keeps a refresh token the provider hands out in place of the old one, for the next start', async () => {
    p.rotate = true;
    const fromEnv = p.refreshToken;
    const file = new RefreshTokenFile(join(dir, 'oauth-refresh-token.json'));
    const first = new AccessTokens({
      config: config({ refreshToken: fromEnv }),
      log: recorder().log,
      refreshFile: file,
    });
    await first.get();
    const second = p.refreshToken;
    expect(second).not.toBe(fromEnv);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(file.path, 'utf8')).not.toContain(fromEnv);
    // the old token is refused now; a restart goes on with the kept one
    const restarted = new AccessTokens({
      config: config({ refreshToken: fromEnv }),
      log: recorder().log,
      refreshFile: file,
    });
    await restarted.get();
    expect(p.tokenRequests.at(-1)?.get('refresh_token')).toBe(second);
    // a new token in .env wins over the kept one
    expect(file.read('a-new-one-from-tallyho-oauth')).toBeNull();
  });
});
