/**
 * `tallyho doctor` against the real Postfix + Dovecot (src/shell/doctor.ts, src/shell/cli/doctor.ts;
 * docs/gm-guide.md "Before the first game: tallyho doctor"): all well with the right settings; a
 * wrong IMAP password, a misspelt key and a PUBLIC_URL that does not answer each named, exit 1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli, useCliDatabase } from '../support/cli-in-process.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { REFEREE, refereeEnv } from '../support/referee-stack.ts';

describeWithMailStack('tallyho doctor', () => {
  const stack = useMailStack({ users: [REFEREE] });
  const { dir } = useCliDatabase('tallyho-doctor-', 'club.sqlite');
  let health: Server;
  let healthUrl = '';
  beforeAll(async () => {
    // An address that answers as tallyho serve's /health does.
    health = createServer((req, res) => {
      res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((r) => health.listen(0, '127.0.0.1', r));
    healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => health.close(() => r())));

  /** Writes the .env the commands read, from the stack's settings and the changes given. */
  const settings = (change: Record<string, string | null>, extraLines = '') => {
    const env: Record<string, string> = { ...refereeEnv(stack(), dir), PUBLIC_URL: healthUrl };
    delete env.DATABASE_PATH; // the test's own, from the environment
    for (const [k, v] of Object.entries(change))
      if (v === null) delete env[k];
      else env[k] = v;
    writeFileSync(
      join(dir, '.env'),
      `${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n${extraLines}`,
    );
  };

  it('says all is well with the right settings, each check on its line', async () => {
    settings({});
    const r = await cli('doctor');
    expect(r.out).toMatch(/^Tallyho \d+\.\d+\.\d+\n/);
    expect(r.out).toMatch(/^ok {4}settings {3}mail mode/m);
    expect(r.out).toMatch(/^warn {2}database {3}no database yet at .*club\.sqlite: tallyho serve makes it$/m);
    expect(r.out).toMatch(
      new RegExp(`^ok {4}imap {7}logged in to 127\\.0\\.0\\.1:\\d+ as ${REFEREE}; INBOX holds 0 mails$`, 'm'),
    );
    expect(r.out).toMatch(/^ok {4}smtp {7}127\.0\.0\.1:\d+ answered$/m);
    expect(r.out).toMatch(/^ok {4}public url http:\/\/127\.0\.0\.1:\d+\/health answered ok$/m);
    expect(r.out).toMatch(/All is well \(1 to look at\)\.\n$/);
    expect(r.code).toBe(0);
    const json = JSON.parse((await cli('doctor', '--json')).out) as { ok: boolean; checks: { name: string }[] };
    expect(json.ok).toBe(true);
    expect(json.checks.map((c) => c.name)).toEqual(['settings', 'database', 'imap', 'smtp', 'public url', 'hooks']);
  });

  it('names a wrong IMAP password, a misspelt key and a PUBLIC_URL that does not answer; exit 1', async () => {
    settings({ IMAP_PASSWORD: 'not-the-password', PUBLIC_URL: 'http://127.0.0.1:9' }, 'LOGLEVEL=debug\n');
    const r = await cli('doctor');
    expect(r.out).toMatch(
      /^fail {2}settings {3}LOGLEVEL in .*\.env is not a setting Tallyho reads \(did you mean LOG_LEVEL\?\): it is ignored$/m,
    );
    expect(r.out).toMatch(
      new RegExp(
        `^fail  imap {7}the IMAP server refused the login of ${REFEREE}: check IMAP_USER and IMAP_PASSWORD`,
        'm',
      ),
    );
    expect(r.out).toMatch(/^ok {4}smtp /m);
    expect(r.out).toMatch(
      /^fail {2}public url http:\/\/127\.0\.0\.1:9\/health did not answer: .*is tallyho serve running/m,
    );
    expect(r.out).toMatch(/3 failed, 1 to look at\.\n$/);
    expect(r.code).toBe(1);
  });

  it('names a setting the referee cannot start without, and the misspelt key beside it', async () => {
    settings({ IMAP_HOST: null }, `IMAP_HOTS=${stack().imap.host}\n`);
    const r = await cli('doctor');
    expect(r.out).toMatch(/^fail {2}settings {3}IMAP_HOST is not set/m);
    expect(r.out).toMatch(/^fail {2}settings {3}IMAP_HOTS in .* \(did you mean IMAP_HOST\?\)/m);
    expect(r.code).toBe(1);
  });
});
