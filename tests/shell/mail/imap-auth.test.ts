import { describe, expect, it } from 'vitest';
import type { ImapConfig } from '../../../src/shell/config.ts';
import { ImapAuth } from '../../../src/shell/mail/imap-auth.ts';
import { OauthError, type AccessTokenSource } from '../../../src/shell/oauth/tokens.ts';

const config = (auth: ImapConfig['auth']): ImapConfig => ({
  host: 'imap.example.org',
  port: 993,
  user: 'referee@example.org',
  auth,
  password: auth === 'password' ? 'app-pass' : '',
  tls: true,
  mailbox: 'INBOX',
  processedFolder: 'Processed',
  rejectedFolder: 'Rejected',
  pollSeconds: 60,
});

/** Hands out t1, t2, ...: a new one only when asked with the current one refused. */
function source(): AccessTokenSource & { asked: (string | undefined)[] } {
  let n = 1;
  const asked: (string | undefined)[] = [];
  return {
    asked,
    async get(rejected) {
      asked.push(rejected);
      if (rejected === `t${n}`) n++;
      return { token: `t${n}`, expiresAt: 0 };
    },
  };
}

describe('IMAP logins', () => {
  it('logs in with the password', async () => {
    const auth = new ImapAuth(config('password'), null);
    const next = await auth.next();
    expect(next).toEqual({ login: { user: 'referee@example.org', pass: 'app-pass' } });
    expect(auth.refusedLogin({ user: 'referee@example.org', pass: 'app-pass' })).toEqual({
      message:
        'the IMAP server refused the login of referee@example.org: check IMAP_USER and IMAP_PASSWORD (an app password)',
      retryNow: false,
    });
  });

  it('renews a refused token once and tries again at once; a new token refused too names the settings', async () => {
    const tokens = source();
    const auth = new ImapAuth(config('xoauth2'), tokens);
    const first = await auth.next();
    expect(first).toEqual({ login: { user: 'referee@example.org', accessToken: 't1' } });
    expect(auth.refusedLogin({ user: 'referee@example.org', accessToken: 't1' })).toMatchObject({ retryNow: true });
    expect(await auth.next()).toEqual({ login: { user: 'referee@example.org', accessToken: 't2' } });
    const again = auth.refusedLogin({ user: 'referee@example.org', accessToken: 't2' });
    expect(again).toEqual({
      message:
        'the IMAP server refused the XOAUTH2 login of referee@example.org with a new access token: check that IMAP_USER is the account ' +
        'the refresh token was given for, and that its scope allows IMAP (docs/gm-guide.md)',
      retryNow: false,
    });
    // the same token again later (it is still the current one); once a login went through, a
    // refusal is renewed again
    expect(await auth.next()).toEqual({ login: { user: 'referee@example.org', accessToken: 't2' } });
    auth.accepted();
    expect(auth.refusedLogin({ user: 'referee@example.org', accessToken: 't2' }).retryNow).toBe(true);
    expect(await auth.next()).toEqual({ login: { user: 'referee@example.org', accessToken: 't3' } });
    expect(tokens.asked).toEqual([undefined, 't1', undefined, 't2']);
  });

  it('reports a token source that fails, and whether that is for good', async () => {
    const refused = new ImapAuth(config('xoauth2'), {
      get: () => Promise.reject(new OauthError('invalid_grant ...', true)),
    });
    expect(await refused.next()).toMatchObject({ error: { message: 'invalid_grant ...' }, permanent: true });
    const down = new ImapAuth(config('xoauth2'), { get: () => Promise.reject(new OauthError('could not be reached')) });
    expect(await down.next()).toMatchObject({ permanent: false });
  });
});
