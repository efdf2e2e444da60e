import { describe, expect, it } from 'vitest';
import { configFrom } from '../../src/shell/config.ts';
import { configProblems } from '../support/config.ts';

const problems = configProblems;

const MAIL = {
  IMAP_HOST: 'imap.gmail.com',
  IMAP_USER: 'referee@example.org',
  SMTP_HOST: 'smtp.gmail.com',
  SMTP_USER: 'referee@example.org',
  MAIL_FROM: 'referee@example.org',
};
const OAUTH = {
  IMAP_AUTH: 'xoauth2',
  SMTP_AUTH: 'xoauth2',
  OAUTH_PROVIDER: 'google',
  OAUTH_CLIENT_ID: 'id.apps',
  OAUTH_CLIENT_SECRET: 's3',
  OAUTH_REFRESH_TOKEN: '1//rt',
};

describe('configuration of XOAUTH2', () => {
  it('reads a Google setup from the preset, without passwords', () => {
    const c = configFrom({ ...MAIL, ...OAUTH });
    expect(c.imap).toMatchObject({ auth: 'xoauth2', password: '' });
    expect(c.smtp).toMatchObject({ auth: 'xoauth2', user: 'referee@example.org', password: '' });
    expect(c.oauth).toEqual({
      provider: 'google',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      clientId: 'id.apps',
      clientSecret: 's3',
      refreshToken: '1//rt',
      scope: null,
    });
  });

  it('reads Microsoft as a public client with its scope, and a token URL of another tenant', () => {
    const c = configFrom({
      ...MAIL,
      ...OAUTH,
      OAUTH_PROVIDER: 'Microsoft',
      OAUTH_CLIENT_SECRET: '',
      OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    });
    expect(c.oauth).toMatchObject({
      provider: 'microsoft',
      clientSecret: null,
      tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    });
    expect(c.oauth?.scope).toContain('offline_access');
  });

  it('takes another provider by its token URL, http only on loopback', () => {
    const c = configFrom({
      ...MAIL,
      ...OAUTH,
      OAUTH_PROVIDER: '',
      OAUTH_TOKEN_URL: 'http://127.0.0.1:4444/token',
      OAUTH_SCOPE: 'mail',
    });
    expect(c.oauth).toMatchObject({ provider: 'custom', tokenUrl: 'http://127.0.0.1:4444/token', scope: 'mail' });
    expect(
      problems({ ...MAIL, ...OAUTH, OAUTH_PROVIDER: '', OAUTH_TOKEN_URL: 'http://auth.example.org/token' }),
    ).toEqual([
      "OAUTH_TOKEN_URL: 'http://auth.example.org/token' is not an https URL (plain http only on 127.0.0.1 or localhost)",
    ]);
  });

  it('mixes: IMAP by token, SMTP by password', () => {
    const c = configFrom({ ...MAIL, ...OAUTH, SMTP_AUTH: 'password', SMTP_PASSWORD: 'app' });
    expect(c.smtp).toMatchObject({ auth: 'password', password: 'app' });
    expect(c.oauth?.clientId).toBe('id.apps');
  });

  it('names every missing or bad OAuth2 setting', () => {
    expect(problems({ ...MAIL, IMAP_AUTH: 'xoauth2', SMTP_AUTH: 'oauth', SMTP_PASSWORD: 'p' })).toEqual([
      "SMTP_AUTH: 'oauth' is not password or xoauth2",
      'OAUTH_PROVIDER is not set (IMAP_AUTH is xoauth2: google or microsoft, or OAUTH_TOKEN_URL for another provider)',
      'OAUTH_CLIENT_ID is not set (IMAP_AUTH is xoauth2; tallyho oauth prints it)',
      'OAUTH_REFRESH_TOKEN is not set (IMAP_AUTH is xoauth2; run tallyho oauth to get one)',
    ]);
    expect(problems({ ...MAIL, ...OAUTH, OAUTH_PROVIDER: 'yahoo', OAUTH_CLIENT_SECRET: '', SMTP_USER: '' })).toEqual([
      'SMTP_USER is not set (SMTP_AUTH is xoauth2: the account the token is for)',
      "OAUTH_PROVIDER: 'yahoo' is not one of google, microsoft (leave it empty and set OAUTH_TOKEN_URL for another provider)",
    ]);
    expect(problems({ ...MAIL, ...OAUTH, OAUTH_CLIENT_SECRET: '' })).toEqual([
      'OAUTH_CLIENT_SECRET is not set (Google clients have one: see the client in the Cloud console)',
    ]);
    expect(problems({ ...MAIL, ...OAUTH, OAUTH_PROVIDER: '', OAUTH_TOKEN_URL: 'token.example.org' })).toEqual([
      "OAUTH_TOKEN_URL: 'token.example.org' is not a URL",
    ]);
  });

  it('points a GM who has a refresh token but forgot IMAP_AUTH to it', () => {
    expect(problems({ ...MAIL, SMTP_PASSWORD: 'p', OAUTH_REFRESH_TOKEN: 'rt' })).toEqual([
      'IMAP_PASSWORD is not set (use an app password, or IMAP_AUTH=xoauth2 to log in with the OAUTH_ keys)',
    ]);
  });

  it('needs no OAUTH_ keys when both connections use passwords, nor in local mode', () => {
    expect(configFrom({ ...MAIL, IMAP_PASSWORD: 'p', SMTP_PASSWORD: 'p' }).oauth).toBeNull();
    expect(configFrom({ IMAP_AUTH: 'xoauth2' }).oauth).toBeNull();
  });
});
