/**
 * XOAUTH2 on the real servers: Dovecot's oauth2 passdb checks each bearer token at the test
 * provider's introspection endpoint, and Postfix authenticates SMTP through Dovecot and takes mail
 * only after a login. The referee gets its tokens from the same test provider with a refresh token.
 */
import { rmSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { expect, it } from 'vitest';
import { silentLog } from '../../src/app/ports/deps.ts';
import type { SmtpConfig } from '../../src/shell/config.ts';
import { smtpTransport } from '../../src/shell/mail/transport.ts';
import { AccessTokens } from '../../src/shell/oauth/tokens.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { useFakeProvider, xoauth2Settings } from '../support/oauth-provider.ts';
import { sleep } from '../support/ports.ts';
import {
  deliverByLmtp,
  envelope,
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  setUpGame,
  startReferee,
  tempDir,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

describeWithMailStack('XOAUTH2 logins to Dovecot and Postfix', () => {
  const provider = useFakeProvider(REFEREE);
  const stack = useMailStack(() => ({
    users: [REFEREE, RED, BLUE],
    oauth2: { introspectionUrl: provider().introspectionUrl },
  }));
  const tokens = () =>
    new AccessTokens({
      config: {
        provider: 'custom',
        tokenUrl: provider().tokenUrl,
        clientId: provider().clientId,
        clientSecret: provider().clientSecret,
        refreshToken: provider().refreshToken,
        scope: null,
      },
      log: silentLog,
    });
  const smtp = (): SmtpConfig => ({
    host: stack().smtp.host,
    port: stack().smtp.port,
    security: 'none',
    user: REFEREE,
    auth: 'xoauth2',
    password: '',
  });
  const mail = (subject: string) => ({
    from: REFEREE,
    to: RED,
    subject,
    text: 'hello',
    envelope: { from: REFEREE, to: [RED] },
  });
  const imapLogin = async (accessToken: string) => {
    const c = new ImapFlow({
      host: stack().imap.host,
      port: stack().imap.port,
      secure: false,
      auth: { user: REFEREE, accessToken },
      logger: false,
    });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.logout();
      return 'ok';
    } catch (e) {
      return e as Error & { authenticationFailed?: boolean; oauthError?: unknown };
    } finally {
      c.close();
    }
  };

  it('logs into IMAP with a token and is refused with a wrong one', { timeout: 30000 }, async () => {
    const t = await tokens().get();
    expect(await imapLogin(t.token)).toBe('ok');
    expect(provider().introspected).toContain(t.token);
    const refused = await imapLogin('not-a-token');
    expect(refused).toMatchObject({ authenticationFailed: true, oauthError: { status: '401' } });
  });

  it(
    'sends through Postfix with a token, renews a refused one once, and says so when a new one is refused too',
    { timeout: 30000 },
    async () => {
      const source = tokens();
      const transport = smtpTransport(smtp(), {}, source);
      try {
        const sent = await transport.send(mail('by token'));
        expect(sent.accepted).toEqual([RED]);
        await mailTo(stack(), RED, /^by token$/);
      } finally {
        transport.close();
      }
      // the token is revoked before it expires: the next connection's login is refused, renewed once
      const before = provider().tokenRequests.length;
      const revoked = (await source.get()).token;
      provider().revoke(revoked);
      const again = smtpTransport(smtp(), {}, source);
      try {
        expect((await again.send(mail('after renewal'))).accepted).toEqual([RED]);
      } finally {
        again.close();
      }
      expect(provider().tokenRequests.length).toBe(before + 1);
      expect(provider().introspected.slice(-2)).toEqual([revoked, provider().issued.at(-1)]);
      // a source whose every token is refused: one renewal, then a clear error
      const asked: (string | undefined)[] = [];
      const wrong = smtpTransport(
        smtp(),
        {},
        {
          get: async (rejected) => {
            asked.push(rejected);
            return { token: `wrong-${asked.length}`, expiresAt: Date.now() + 60_000 };
          },
        },
      );
      try {
        const e = await wrong.send(mail('never')).catch((x: unknown) => x as Error & { code?: string });
        expect(e).toMatchObject({ code: 'EAUTH' });
        expect((e as Error).message).toMatch(
          /^the SMTP server refused the XOAUTH2 login of referee@example\.test \(535 5\.7\.8 .*\): check that SMTP_USER is the account the refresh token was given for/,
        );
        expect(asked).toEqual([undefined, 'wrong-1']);
      } finally {
        wrong.close();
      }
    },
  );

  it(
    'runs the referee by XOAUTH2: expired tokens renewed, a revoked one renewed once, a revoked refresh token named',
    { timeout: 90000 },
    async () => {
      const dir = tempDir();
      let s: ServeProcess | undefined;
      try {
        provider().lifetimeS = 4;
        const env = refereeEnv(stack(), dir, {
          ...xoauth2Settings(provider(), REFEREE),
          IMAP_PASSWORD: '',
          OUTBOX_RETRY_SECONDS: '1',
        });
        const seats = setUpGame(env, 'x1', { red: RED, blue: BLUE });
        const asked = provider().tokenRequests.length;
        s = startReferee(stack(), dir, env);
        const connected = async (n: number) => {
          for (let deadline = Date.now() + 20000; (s!.stderr().match(/IMAP inbox connected/g) ?? []).length < n; ) {
            if (Date.now() > deadline)
              throw new Error(`IMAP inbox not connected ${n} times:\n${s!.stderr().slice(-3000)}`);
            await sleep(50);
          }
        };
        await connected(1);
        // orders come in over LMTP (this Postfix takes mail only after a login); the answer goes out by SMTP
        await deliverByLmtp(
          stack(),
          RED,
          REFEREE,
          'orders',
          envelope('x1', 'red', seats[0]!.secret, 'R1: 1 1 1 1 1 1'),
        );
        await mailTo(stack(), RED, /\[x1\] Turn 1 orders accepted/);
        expect(provider().tokenRequests.length).toBe(asked + 1);

        // the 4-second token expires: the next login (Dovecot restarted) renews it first
        await sleep(4000);
        provider().lifetimeS = 3600;
        await stack().stopDovecot();
        await stack().startDovecot();
        await connected(2);
        expect(provider().tokenRequests.length).toBe(asked + 2);
        await deliverByLmtp(
          stack(),
          BLUE,
          REFEREE,
          'orders',
          envelope('x1', 'blue', seats[1]!.secret, 'G1: 1 1 1 1 1 1'),
        );
        await mailTo(stack(), BLUE, /\[x1\] Turn 1 report/);

        // revoked before its time: the login is refused, a new token got and the login tried again at once
        provider().revoke(provider().issued.at(-1)!);
        await stack().stopDovecot();
        await stack().startDovecot();
        await connected(3);
        expect(s.stderr()).toContain(
          'the IMAP server refused the OAuth2 access token of referee@example.test: trying again with a new one',
        );
        expect(provider().tokenRequests.length).toBe(asked + 3);

        // the refresh token is revoked as well: an error that says what to do, and the server stays up
        provider().revokeRefreshToken();
        provider().revoke(provider().issued.at(-1)!);
        await stack().stopDovecot();
        await stack().startDovecot();
        await s.waitFor(/run `tallyho oauth` again and put the new OAUTH_REFRESH_TOKEN in \.env/, 15000, 'stderr');
        await sleep(1500);
        expect(provider().tokenRequests.length).toBe(asked + 4);
        expect(s.child.exitCode).toBeNull();
        const log = s.stderr();
        // stopped gracefully, though the inbox waits 30 s before it asks the provider again: exit
        // code 0, not the exit of serve's own stop deadline (STOP_DEADLINE_MS, src/shell/serve.ts)
        const from = s.stderr().length;
        expect(await s.stop()).toBe('code 0');
        expect(s.stderr().slice(from)).toContain('tallyho: SIGTERM: stopping');
        expect(s.stderr().slice(from)).not.toContain('not stopped within');
        for (const secret of [env.OAUTH_REFRESH_TOKEN!, provider().clientSecret, ...provider().issued])
          expect(log).not.toContain(secret);
      } finally {
        await s?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('takes no unauthenticated mail at Postfix in this mode (the logins above were needed)', async () => {
    await expect(sendOrders(stack(), RED, 'x')).rejects.toThrow(/Access denied/);
  });
});
