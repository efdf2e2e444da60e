/**
 * How each IMAP connection of the inbox logs in: with IMAP_PASSWORD, or (IMAP_AUTH=xoauth2) with
 * an OAuth2 access token from the token source shared with SMTP. A token refused at login is
 * renewed and tried again at once, once: a new token refused as well means a setting is wrong,
 * and the inbox then waits like after any other failure.
 */
import type { ImapConfig } from '../config.ts';
import { isPermanentOauthError, type AccessTokenSource } from '../oauth/tokens.ts';

export type ImapLogin = { user: string; pass: string } | { user: string; accessToken: string };

export class ImapAuth {
  /** The token the last login was refused with, and the one got because of that refusal. */
  private refused: string | null = null;
  private renewedAfterRefusal: string | null = null;

  constructor(
    private readonly config: ImapConfig,
    private readonly tokens: AccessTokenSource | null | undefined,
  ) {}

  /** The login of the next connection, or why there is none (`permanent`: the GM must act). */
  async next(): Promise<{ login: ImapLogin } | { error: Error; permanent: boolean }> {
    const c = this.config;
    if (c.auth !== 'xoauth2') return { login: { user: c.user, pass: c.password } };
    if (!this.tokens)
      return { error: new Error('IMAP_AUTH is xoauth2 but no access tokens were given'), permanent: true };
    try {
      const { token } = await this.tokens.get(this.refused ?? undefined);
      if (this.refused !== null) this.renewedAfterRefusal = token;
      this.refused = null;
      return { login: { user: c.user, accessToken: token } };
    } catch (e) {
      return { error: e as Error, permanent: isPermanentOauthError(e) };
    }
  }

  /** A login went through: a later refusal may be renewed again. */
  accepted(): void {
    this.renewedAfterRefusal = null;
  }

  /** The server refused `login`: what to log, and whether to try again at once. */
  refusedLogin(login: ImapLogin): { message: string; retryNow: boolean } {
    const user = this.config.user;
    if (!('accessToken' in login))
      return {
        message: `the IMAP server refused the login of ${user}: check IMAP_USER and IMAP_PASSWORD (an app password)`,
        retryNow: false,
      };
    if (login.accessToken !== this.renewedAfterRefusal) {
      this.refused = login.accessToken;
      return {
        message: `the IMAP server refused the OAuth2 access token of ${user}: trying again with a new one`,
        retryNow: true,
      };
    }
    return {
      message:
        `the IMAP server refused the XOAUTH2 login of ${user} with a new access token: check that IMAP_USER is the account ` +
        'the refresh token was given for, and that its scope allows IMAP (docs/gm-guide.md)',
      retryNow: false,
    };
  }
}
