/**
 * `tallyho doctor` with IMAP_AUTH and SMTP_AUTH xoauth2 (src/shell/doctor.ts; docs/gm-guide.md
 * "Before the first game: tallyho doctor"), against the test OAuth2 provider on 127.0.0.1 and the
 * real Dovecot and Postfix, which check each bearer token at the provider's introspection
 * endpoint: one token got for both logins and used for them; the token endpoint's refusal or
 * silence named in its words; a token the servers refuse named in the settings' words; exit 1.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, useCliDatabase } from '../support/cli-in-process.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { useFakeProvider, xoauth2Settings } from '../support/oauth-provider.ts';
import { REFEREE, refereeEnv } from '../support/referee-stack.ts';

describeWithMailStack('tallyho doctor with OAuth2 logins', () => {
  const provider = useFakeProvider(REFEREE);
  const stack = useMailStack(() => ({ users: [REFEREE], oauth2: { introspectionUrl: provider().introspectionUrl } }));
  const { dir } = useCliDatabase('tallyho-doctor-oauth-', 'club.sqlite');

  /** Writes the .env the command reads: the stack's servers, logins by XOAUTH2 with the provider's tokens. */
  const settings = (change: Record<string, string> = {}) => {
    const env: Record<string, string> = {
      ...refereeEnv(stack(), dir),
      ...xoauth2Settings(provider(), REFEREE),
      ...change,
    };
    delete env.IMAP_PASSWORD;
    delete env.DATABASE_PATH; // the test's own, from the environment
    writeFileSync(
      join(dir, '.env'),
      `${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
    );
  };
  /** The line of the check `name` (after the six columns of its verdict). */
  const line = (out: string, name: string) => out.split('\n').find((l) => l.slice(6).startsWith(`${name} `));

  it('gets one access token and logs in to IMAP and SMTP with it', { timeout: 30_000 }, async () => {
    settings();
    const asked = provider().tokenRequests.length;
    const r = await cli('doctor');
    expect(line(r.out, 'imap')).toMatch(
      new RegExp(`^ok {4}imap {7}logged in to 127\\.0\\.0\\.1:\\d+ as ${REFEREE}; INBOX holds 0 mails$`),
    );
    expect(line(r.out, 'smtp')).toMatch(
      new RegExp(`^ok {4}smtp {7}127\\.0\\.0\\.1:\\d+ answered and took the login of ${REFEREE}$`),
    );
    expect(r.code).toBe(0);
    expect(provider().tokenRequests.length).toBe(asked + 1);
    expect(provider().tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
    // Dovecot asked about the token given, for the IMAP login and for Postfix's SMTP login
    expect(provider().introspected.filter((t) => t === provider().issued.at(-1)).length).toBeGreaterThanOrEqual(2);
  });

  it("names the token endpoint's refusal, and one it cannot reach, in its words; exit 1", async () => {
    settings({ OAUTH_REFRESH_TOKEN: 'rt-not-given' });
    const seen = provider().introspected.length;
    let r = await cli('doctor');
    const refused =
      'the OAuth2 provider refused to renew the access token: invalid_grant (Token has been expired or revoked.); the refresh token is revoked, expired or for another client: run `tallyho oauth` again and put the new OAUTH_REFRESH_TOKEN in .env, then restart';
    expect(line(r.out, 'imap')).toBe(`fail  imap       ${refused}`);
    expect(line(r.out, 'smtp')).toBe(`fail  smtp       ${refused}`);
    expect(r.out).toMatch(/2 failed, \d+ to look at\.\n$/);
    expect(r.code).toBe(1);
    expect(provider().introspected.length).toBe(seen); // no login was tried without a token
    settings({ OAUTH_CLIENT_SECRET: 'not-the-secret' });
    r = await cli('doctor');
    expect(line(r.out, 'imap')).toBe(
      'fail  imap       the OAuth2 provider refused to renew the access token: invalid_client (Unknown client.); the provider does not know this client: check OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET',
    );
    settings({ OAUTH_TOKEN_URL: 'http://127.0.0.1:9/token' });
    r = await cli('doctor');
    const unreachable = 'the OAuth2 token endpoint http://127.0.0.1:9/token could not be reached: fetch failed';
    expect(line(r.out, 'imap')).toBe(`fail  imap       ${unreachable}`);
    expect(line(r.out, 'smtp')).toBe(`fail  smtp       ${unreachable}`);
    expect(r.code).toBe(1);
  });

  it(
    "logs in with the token got, and names the servers' refusal of it in the settings' words",
    { timeout: 30_000 },
    async () => {
      settings();
      provider().lifetimeS = 0; // the provider gives a token its introspection calls expired at once
      try {
        const r = await cli('doctor');
        const given = provider().issued.at(-1);
        expect(provider().introspected).toContain(given);
        expect(line(r.out, 'imap')).toMatch(
          new RegExp(
            `^fail {2}imap {7}the IMAP server refused the login of ${REFEREE}: check IMAP_USER and the OAUTH_ settings`,
          ),
        );
        expect(line(r.out, 'smtp')).toMatch(
          new RegExp(
            `^fail {2}smtp {7}the SMTP server refused the login of ${REFEREE}: check SMTP_USER and the OAUTH_ settings \\(535 `,
          ),
        );
        expect(r.out).not.toContain(given);
        expect(r.code).toBe(1);
      } finally {
        provider().lifetimeS = 3600;
      }
    },
  );
});
