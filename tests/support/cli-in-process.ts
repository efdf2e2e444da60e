/**
 * The command line run in this process, on a fresh database in a temp directory (the working
 * directory and the environment set for it before the file's tests, put back after them), and
 * the mail the commands queued (tests/shell/cli/gm-cli.test.ts, campaign-cli.test.ts); or with
 * the settings and directory of a server the test started or of a database of the test's own
 * (cliAt, cliWith: the integration tests read the outbox with `tallyho mail` without starting a
 * process a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { OutboxRow } from '../../src/app/ports/store.ts';
import { main } from '../../src/shell/cli/main.ts';
import { CONFIG_KEYS } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';

/** A temp directory with DATABASE_PATH in it for the file's tests; returns the directory and the database. */
export function useCliDatabase(prefix: string, file: string): { dir: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, file);
  const cwd = process.cwd();
  const saved = { ...process.env };
  beforeAll(() => {
    process.chdir(dir);
    for (const k of Object.keys(process.env)) if (/^(IMAP|SMTP|GM|MAIL|DATABASE)_/.test(k)) delete process.env[k];
    process.env.DATABASE_PATH = db;
    process.env.LOG_LEVEL = 'silent';
  });
  afterAll(() => {
    process.chdir(cwd);
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db };
}

/** Runs `tallyho <args>` in this process; its output and exit code. */
export async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const write = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  process.stdout.write = ((s: string) => {
    out += s;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => {
    err += s;
    return true;
  }) as typeof process.stderr.write;
  process.exitCode = 0;
  try {
    await main(['node', 'tallyho', ...args]);
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { code, out, err };
}

/**
 * `tallyho <args>` run in this process as it runs in `cwd` with the settings `env` and none other
 * (a child started with childEnv(env), tests/support/serve-process.ts): its output and exit code.
 * The working directory and the settings are put back after each command; commands called at
 * once run one after another.
 */
export function cliAt(
  env: Record<string, string>,
  cwd: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const run = queue.then(() => cliIn(env, cwd, args));
  queue = run.catch(() => undefined);
  return run;
}

/** cliAt's standard output, or a throw when it exits with another code than 0, as execFileSync does. */
export function cliWith(env: Record<string, string>, cwd: string): (...args: string[]) => Promise<string> {
  return async (...args) => {
    const r = await cliAt(env, cwd, ...args);
    if (r.code !== 0) throw new Error(`tallyho ${args.join(' ')} exited with ${r.code}:\n${r.err}`);
    return r.out;
  };
}

/** The commands of cliAt, one at a time: each swaps the working directory, settings and output. */
let queue: Promise<unknown> = Promise.resolve();

async function cliIn(
  env: Record<string, string>,
  cwd: string,
  args: string[],
): Promise<{ code: number; out: string; err: string }> {
  const keys = [...new Set([...CONFIG_KEYS, ...Object.keys(env)])];
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  const was = process.cwd();
  for (const k of keys) delete process.env[k];
  Object.assign(process.env, env);
  process.chdir(cwd);
  try {
    return await cli(...args);
  } finally {
    process.chdir(was);
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  }
}

/** The outbox of the configured database. */
export function queuedMail(): OutboxRow[] {
  const rt = openRuntime();
  try {
    return rt.store.tx((tx) => tx.outbox.list());
  } finally {
    rt.close();
  }
}
