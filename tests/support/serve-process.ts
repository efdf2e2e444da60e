/**
 * `tallyho serve` as a child process for integration tests: started with its own environment
 * (`childEnv`), its output collected, stopped with SIGTERM (or killed), and waited for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sleep } from './ports.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'bin/tallyho.js');

export interface ServeProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  /**
   * The first match of `pattern` in the stream's output from offset `from` on. `timeoutMs` guards
   * against a hang (it fails the wait), it measures nothing.
   */
  waitFor(pattern: RegExp, timeoutMs?: number, stream?: 'stdout' | 'stderr', from?: number): Promise<RegExpMatchArray>;
  stop(signal?: NodeJS.Signals): Promise<string>;
}

/** Variables of the test run passed on to every child: TALLYHO_FREEZE_STATES (vitest.config.ts). */
const PASSED_ON = ['TALLYHO_FREEZE_STATES'] as const;

/**
 * A child's environment, built from scratch so that nothing of the caller's own (a real .env's
 * settings, CI) leaks in: PATH, the variables of PASSED_ON that this process has, then `env`.
 */
export function childEnv(env: Record<string, string> = {}): Record<string, string> {
  const passed = Object.fromEntries(
    PASSED_ON.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k]!]])),
  );
  return { PATH: process.env.PATH ?? '', ...passed, ...env };
}

export function startServe(
  env: Record<string, string>,
  cwd: string,
  nodeArgs: string[] = [],
  serveArgs: string[] = [],
): ServeProcess {
  const child = spawn('node', [...nodeArgs, CLI, 'serve', ...serveArgs], {
    cwd,
    env: childEnv({ LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<string>((r) => child.once('exit', (code, signal) => r(signal ?? `code ${code}`)));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const p: ServeProcess = {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(pattern, timeoutMs = 15000, stream = 'stdout', from = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = (stream === 'stdout' ? out : err).slice(from).match(pattern);
        if (m) return m;
        if (done) throw new Error(`serve exited before printing ${pattern}:\n${out}\n${err}`);
        if (Date.now() > deadline)
          throw new Error(`serve did not print ${pattern} within ${timeoutMs} ms:\n${out}\n${err.slice(-3000)}`);
        await sleep(25);
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!done) child.kill(signal);
      return exited;
    },
  };
  return p;
}

/** Polls `fn` until it gives a value (every `stepMs`), or fails with "timed out" after `timeoutMs`. */
export async function until<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export interface Listed {
  id: number;
  to: string;
  subject: string;
}

/**
 * The referee's outbox as `tallyho mail list` and `mail show` give it, through `cli` (a local-mode
 * server's database; cliWith of tests/support/cli-in-process.ts runs them in this process).
 */
export function outboxOf(cli: (...args: string[]) => string | Promise<string>) {
  const outbox = async (): Promise<Listed[]> => {
    const text = (await cli('mail', 'list')).trim();
    if (text === 'No mail.') return [];
    return text.split('\n').map((l) => {
      const m = /^\s*(\d+)\s+\S+\s+\S+ \S+\s+(\S+)\s+(.*)$/.exec(l);
      if (!m) throw new Error(`unexpected mail list line: ${l}`);
      return { id: Number(m[1]), to: m[2]!, subject: m[3]! };
    });
  };
  const body = async (id: number): Promise<string> => cli('mail', 'show', String(id));
  /** The latest mail to `to` whose subject matches. */
  const latest = async (to: string, subject: RegExp): Promise<string> => {
    const m = (await outbox()).filter((x) => x.to === to && subject.test(x.subject)).at(-1);
    if (!m) throw new Error(`no mail to ${to} matching ${subject}`);
    return body(m.id);
  };
  return { outbox, body, latest };
}
