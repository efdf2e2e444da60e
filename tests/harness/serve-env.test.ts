/**
 * The claim of vitest.config.ts: TALLYHO_FREEZE_STATES, set for the test run, reaches the servers
 * the tests start (tests/support/serve-process.ts builds a child's environment from scratch and
 * passes it on). Read from the running server's own environment, /proc/<pid>/environ.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, startServe, type ServeProcess } from '../support/serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-env-'));
let server: ServeProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the environment of the servers the tests start', () => {
  it('holds TALLYHO_FREEZE_STATES as the test run has it, and nothing else of the run', () => {
    expect(process.env.TALLYHO_FREEZE_STATES).toBe('1');
    const env = childEnv({ DATABASE_PATH: 'x.sqlite' });
    expect(env).toEqual({ PATH: process.env.PATH ?? '', TALLYHO_FREEZE_STATES: '1', DATABASE_PATH: 'x.sqlite' });
  });

  it('reaches a running tallyho serve', async () => {
    server = startServe({ DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0' }, dir);
    await server.waitFor(/by SMTP to 127\.0\.0\.1:(\d+)/);
    const environ = readFileSync(`/proc/${server.child.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('TALLYHO_FREEZE_STATES=1');
    expect(await server.stop()).toBe('code 0');
  });

  it('stops cleanly on a SIGTERM sent the moment it first writes anything (the signals are listened for before it starts)', async () => {
    for (let i = 0; i < 3; i++) {
      const early = startServe(
        { DATABASE_PATH: join(dir, `var/early-${i}.sqlite`), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0' },
        dir,
      );
      // Its first log line: a signal sent then used to find the process without its handler.
      await early.waitFor(/\S/, 15000, 'stderr');
      expect(await early.stop()).toBe('code 0');
      expect(early.stderr()).toMatch(/SIGTERM: stopping/);
    }
  });
});
