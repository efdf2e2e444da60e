/**
 * `tallyho oauth` end to end: the compiled command is spawned, the test plays the browser (it
 * follows the printed address) and the provider (tests/support/oauth-provider.ts on 127.0.0.1).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../../bin/compiled.js';
import { silentLog } from '../../../src/app/ports/deps.ts';
import { envLines } from '../../../src/shell/cli/oauth.ts';
import { loadConfig } from '../../../src/shell/config.ts';
import { parseEnvText } from '../../../src/shell/env-file.ts';
import { AccessTokens } from '../../../src/shell/oauth/tokens.ts';
import { startFakeProvider, type FakeProvider } from '../../support/oauth-provider.ts';
import { sleep } from '../../support/ports.ts';

let p: FakeProvider;
let dir: string;
beforeEach(async () => {
  p = await startFakeProvider({ user: 'referee@example.org' });
  dir = mkdtempSync(join(tmpdir(), 'tallyho-oauth-cli-'));
});
afterEach(async () => {
  await p.close();
  rmSync(dir, { recursive: true, force: true });
});

function oauth(args: string[]) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/tallyho.js'), 'oauth', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    exited,
    /** Types a line at the terminal. */
    type: (line: string) => child.stdin.write(`${line}\n`),
    out: () => out,
    err: () => err,
    /** The authorization address it printed. */
    async url(): Promise<URL> {
      for (let deadline = Date.now() + 15000; Date.now() < deadline; await sleep(25)) {
        const m = /^(https?:\/\/\S+)$/m.exec(out);
        if (m) return new URL(m[1]!);
      }
      throw new Error(`no address printed:\n${out}\n${err}`);
    },
  };
}

const custom = (...more: string[]) => [
  'custom',
  '--auth-url',
  p.authUrl,
  '--token-url',
  p.tokenUrl,
  '--client-id',
  p.clientId,
  '--client-secret',
  p.clientSecret,
  '--scope',
  'mail offline',
  '--timeout',
  '20',
  ...more,
];

/** What the user's browser does: open the address, follow the provider's redirect back. */
async function browse(url: URL): Promise<{ status: number; page: string }> {
  const consent = await fetch(url, { redirect: 'manual' });
  const back = await fetch(consent.headers.get('location')!);
  return { status: back.status, page: await back.text() };
}

describe('tallyho oauth', () => {
  it(
    'gets a refresh token by the code flow with PKCE and prints .env lines that work',
    { timeout: 30000 },
    async () => {
      const run = oauth(custom());
      const url = await run.url();
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(url.searchParams.get('scope')).toBe('mail offline');
      expect(await browse(url)).toMatchObject({ status: 200, page: expect.stringContaining('You can close this tab') });
      expect(await run.exited).toBe(0);
      // the provider checked the code verifier against the challenge and the redirect URI
      expect(p.tokenRequests.map((f) => f.get('grant_type'))).toEqual(['authorization_code']);
      const lines = run.out().slice(run.out().indexOf('IMAP_AUTH='));
      expect(lines).toBe(
        [
          'IMAP_AUTH=xoauth2',
          'SMTP_AUTH=xoauth2',
          'OAUTH_PROVIDER=',
          `OAUTH_TOKEN_URL=${p.tokenUrl}`,
          `OAUTH_CLIENT_ID=${p.clientId}`,
          `OAUTH_CLIENT_SECRET=${p.clientSecret}`,
          "OAUTH_SCOPE='mail offline'",
          `OAUTH_REFRESH_TOKEN=${p.refreshToken}`,
          '',
        ].join('\n'),
      );
      // pasted into a .env beside the mail settings, they log in
      writeFileSync(
        join(dir, '.env'),
        `IMAP_HOST=imap.example.org\nIMAP_USER=referee@example.org\nSMTP_HOST=smtp.example.org\nSMTP_USER=referee@example.org\nMAIL_FROM=referee@example.org\n${lines}`,
      );
      const config = loadConfig({ cwd: dir, env: {} });
      expect(config.oauth).toMatchObject({ provider: 'custom', refreshToken: p.refreshToken, scope: 'mail offline' });
      const got = await new AccessTokens({ config: config.oauth!, log: silentLog }).get();
      expect(got.token).toBe(p.issued.at(-1));
    },
  );

  it('with --write puts the lines into .env, replacing the keys already there', { timeout: 30000 }, async () => {
    writeFileSync(join(dir, '.env'), '# mine\nIMAP_HOST=imap.example.org\nIMAP_AUTH=password\nIMAP_PASSWORD=old\n', {
      mode: 0o644,
    });
    const run = oauth(custom('--write'));
    await browse(await run.url());
    expect(await run.exited).toBe(0);
    expect(run.out()).toContain(`to ${join(dir, '.env')}.`);
    expect(run.out()).not.toContain(p.refreshToken);
    const env = readFileSync(join(dir, '.env'), 'utf8').split('\n');
    expect(env.slice(0, 4)).toEqual(['# mine', 'IMAP_HOST=imap.example.org', 'IMAP_AUTH=xoauth2', 'IMAP_PASSWORD=old']);
    expect(env).toContain(`OAUTH_REFRESH_TOKEN=${p.refreshToken}`);
    expect(statSync(join(dir, '.env')).mode & 0o777).toBe(0o600);
  });

  it(
    'takes the answer address pasted at the terminal, for a browser on another machine',
    { timeout: 30000 },
    async () => {
      const run = oauth(custom());
      const consent = await fetch(await run.url(), { redirect: 'manual' });
      run.type('not an address');
      run.type(consent.headers.get('location')!);
      expect(await run.exited).toBe(0);
      expect(run.out()).toContain(`OAUTH_REFRESH_TOKEN=${p.refreshToken}\n`);
    },
  );

  it('stops with a clear error when consent is refused', { timeout: 30000 }, async () => {
    p.consent = 'deny';
    const run = oauth(custom());
    expect((await browse(await run.url())).status).toBe(400);
    expect(await run.exited).toBe(1);
    expect(run.err()).toBe(
      'tallyho: the provider did not give access: access_denied (The user did not consent.): consent was refused; run tallyho oauth again and allow access\n',
    );
    expect(p.tokenRequests).toHaveLength(0);
  });

  it('refuses an answer with another state, and does not exchange its code', { timeout: 30000 }, async () => {
    p.consent = 'wrong-state';
    const run = oauth(custom());
    expect((await browse(await run.url())).status).toBe(400);
    expect(await run.exited).toBe(1);
    expect(run.err()).toMatch(/^tallyho: the answer that came back does not belong to this request \(state mismatch/);
    expect(p.tokenRequests).toHaveLength(0);
  });

  it("names the token endpoint's refusal", { timeout: 30000 }, async () => {
    const args = custom();
    args[args.indexOf('--client-secret') + 1] = 'wrong';
    const run = oauth(args);
    await browse(await run.url());
    expect(await run.exited).toBe(1);
    expect(run.err()).toBe(
      'tallyho: the token endpoint refused the authorization code: invalid_client (Unknown client.): check --client-id and --client-secret\n',
    );
  });

  it('gives up after --timeout without an answer', { timeout: 30000 }, async () => {
    const run = oauth([...custom(), '--timeout', '1']);
    expect(await run.exited).toBe(1);
    expect(run.err()).toBe('tallyho: no answer from the browser within 1 s: run tallyho oauth again\n');
  });

  it('asks Google for offline access and Microsoft at localhost, from their presets', { timeout: 30000 }, async () => {
    const google = oauth(['google', '--client-id', 'id.apps', '--client-secret', 's', '--timeout', '1']);
    const g = await google.url();
    expect(g.origin + g.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(g.searchParams)).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://mail.google.com/',
      response_type: 'code',
      client_id: 'id.apps',
    });
    const microsoft = oauth(['microsoft', '--client-id', 'app-id', '--timeout', '1']);
    const m = await microsoft.url();
    expect(m.origin).toBe('https://login.microsoftonline.com');
    expect(m.searchParams.get('redirect_uri')).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(m.searchParams.get('scope')).toContain('offline_access');
    expect(await google.exited).toBe(1);
    expect(await microsoft.exited).toBe(1);
  });

  it('says what is missing before it starts', async () => {
    const run = oauth(['custom', '--auth-url', 'http://auth.example.org/authorize']);
    expect(await run.exited).toBe(2);
    expect(run.err()).toBe(
      [
        'tallyho: tallyho oauth cannot start',
        '  --client-id is not given (nor OAUTH_CLIENT_ID in .env): the client ID of your app registration',
        "  --token-url is not given: the provider's token endpoint",
        '  --scope is not given: the scope that allows IMAP and SMTP',
        "  --auth-url: 'http://auth.example.org/authorize' is not an https URL (plain http only on 127.0.0.1 or localhost)",
        '',
      ].join('\n'),
    );
    const yahoo = oauth(['yahoo']);
    expect(await yahoo.exited).toBe(2);
    expect(yahoo.err()).toBe("tallyho: 'yahoo' is not google, microsoft or custom\n");
  });
});

describe('the .env lines of tallyho oauth', () => {
  it('are read back as written, whatever the characters', () => {
    const values: [string, string][] = [
      ['A', 'plain-1//x.y*z'],
      ['B', 'two words'],
      ['C', `it's "q" \\ #`],
      ['D', ''],
    ];
    expect(parseEnvText(envLines(values, '# a comment'))).toEqual({
      A: 'plain-1//x.y*z',
      B: 'two words',
      C: `it's "q" \\ #`,
      D: '',
    });
  });
});
