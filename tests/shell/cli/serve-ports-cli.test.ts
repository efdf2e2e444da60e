/**
 * `tallyho serve` with a port taken (src/shell/port-check.ts): it stops before it opens the
 * database, makes the demo game or sends anything, names the port and the variable that changes
 * it, and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../bin/compiled.js';
import { checkPortsFree } from '../../../src/shell/port-check.ts';
import { TallyhoError } from '../../../src/shell/errors.ts';

let dir = '';
let blocker: net.Server;
let taken = 0;

beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
  taken = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => blocker.close(() => r())));
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function serve(env: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'tallyho-ports-'));
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tallyho.js'), 'serve'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '', DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOG_LEVEL: 'silent', ...env },
  });
  return { ...r, files: readdirSync(dir) };
}

describe('tallyho serve with a port taken', () => {
  it('stops before anything when the local SMTP port is taken, naming LOCAL_SMTP_PORT', () => {
    const r = serve({ LOCAL_SMTP_PORT: String(taken), HTTP_PORT: '0' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `tallyho: port ${taken} on 127.0.0.1 is in use (by another program, or another tallyho serve): the local SMTP listener (players' orders) cannot listen there: set LOCAL_SMTP_PORT to another port (0 takes any free one). Nothing was started.\n`,
    );
    expect(r.stdout).toBe('');
    expect(r.files).toEqual([]);
  });

  it('stops before anything when the HTTP port is taken, naming HTTP_PORT', () => {
    const r = serve({ LOCAL_SMTP_PORT: '0', HTTP_PORT: String(taken) });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^tallyho: port ${taken} on 127\\.0\\.0\\.1 is in use .*: the HTTP server \\(web archive, /mail, /admin\\) cannot listen there: set HTTP_PORT to another port`,
      ),
    );
    expect(r.files).toEqual([]);
  });

  it('does so in mail mode too, before connecting to the mailbox', () => {
    const r = serve({
      IMAP_HOST: '127.0.0.1',
      IMAP_PORT: '1',
      IMAP_USER: 'referee',
      IMAP_PASSWORD: 'x',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      MAIL_FROM: 'referee@example.test',
      HTTP_PORT: String(taken),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/set HTTP_PORT to another port/);
    expect(existsSync(join(dir, 'var'))).toBe(false);
  });

  it('refuses one port for both listeners, and names a host it cannot listen on', async () => {
    const both = serve({ LOCAL_SMTP_PORT: '42424', HTTP_PORT: '42424' });
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/LOCAL_SMTP_PORT and HTTP_PORT are both 42424/);
    expect(both.files).toEqual([]);
    const e = await checkPortsFree([
      { what: 'the HTTP server', host: '192.0.2.1', port: 42425, key: 'HTTP_PORT', hostKey: 'HTTP_HOST' },
    ]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TallyhoError);
    expect((e as TallyhoError).message).toMatch(
      /^the HTTP server cannot listen on 192\.0\.2\.1:42425 \(EADDRNOTAVAIL\): set HTTP_PORT to another port \(0 takes any free one\) or HTTP_HOST to an address of this machine/,
    );
  });
});
