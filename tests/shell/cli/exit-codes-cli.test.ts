/**
 * The exit codes docs/cli.md promises (0 done, 1 the action failed, 2 the command line is wrong)
 * and an example in every command's --help (src/shell/cli/main.ts, examples.ts): in-process, on
 * a temp directory with no database, and once as a user runs the real binary.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandPaths, EXAMPLES } from '../../../src/shell/cli/examples.ts';
import { buildProgram } from '../../../src/shell/cli/main.ts';
import { cli, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
useCliDatabase('tallyho-exit-codes-', 'none.sqlite');

describe('tallyho exit codes', () => {
  it('exits 2 for every kind of usage error, before it opens (or misses) a database', async () => {
    const usage: string[][] = [
      [],
      ['nosuch'],
      ['mail'],
      ['game'],
      ['impulses'],
      ['impulses', '5', '6'],
      ['impulses', '--bogus', '5'],
      ['impulses', 'fast'],
      ['standin', join('scenarios/duel.yaml')],
      ['game', 'status'],
      ['player', 'add', 'g', 'ann', '--email'],
      ['mail', 'list', '--limit', 'x'],
      ['mail', 'list', '--limit', '0'],
      ['mail', 'list', '--status', 'lost'],
      ['mail', 'show'],
      ['mail', 'show', 'abc'],
      ['mail', 'show', '3', '--latest'],
      ['mail', 'show', '3', '--to', 'ann@example.com'],
      ['mail', 'show', '--latest', '--html', '--json'],
      ['game', 'tick', '--at', 'soon'],
      ['gm', 'set', 'g'],
      ['serve', '--solo', 'twice'],
    ];
    for (const args of usage) {
      const r = await cli(...args);
      expect(r.code, `tallyho ${args.join(' ')}: ${r.err}`).toBe(2);
      expect(r.err, args.join(' ')).not.toMatch(/^tallyho: (database|there is no database)/m);
      expect(r.out, args.join(' ')).toBe('');
    }
    expect((await cli('nosuch')).err).toMatch(/^error: unknown command 'nosuch'/);
    expect((await cli('mail', 'show', 'abc')).err).toBe(
      "tallyho: 'abc' is not a mail number: a whole number from 1 up (tallyho mail list)\n",
    );
    expect((await cli('mail', 'list', '--limit', '-3')).err).toMatch(
      /^error: option '--limit <n>' argument '-3' is invalid\. '-3' is not a whole number from 1 up\.\n/,
    );
  });

  it('exits 1 when the action fails and 0 when it is done', async () => {
    for (const args of [
      ['mail', 'list'],
      ['game', 'status', 'nosuch'],
      ['aircraft', 'show', 'nosuch'],
      ['orders', 'check', 'missing.txt'],
      ['resolve', 'missing.yaml'],
    ]) {
      const r = await cli(...args);
      expect(r.code, `tallyho ${args.join(' ')}: ${r.err}`).toBe(1);
    }
    expect((await cli('mail', 'list')).err).toMatch(/there is no database at/);
    for (const args of [['--help'], ['--version'], ['help', 'mail'], ['impulses', '5'], ['mail', 'show', '--help']])
      expect((await cli(...args)).code, args.join(' ')).toBe(0);
  });

  it('has an example in the --help of every command, naming that command and options it has', async () => {
    const program = await buildProgram();
    const paths = commandPaths(program);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.map((p) => p.path).filter((p) => !EXAMPLES[p])).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((k) => !paths.some((p) => p.path === k))).toEqual([]);
    for (const { path, command } of paths) {
      const help = await cli(...(path ? path.split(' ') : []), '--help');
      expect(help.code).toBe(0);
      expect(help.out, path).toMatch(/\nExamples?:\n {2}\$ tallyho /);
      for (const line of EXAMPLES[path]!) {
        if (path && command.commands.length === 0) expect(`${line} `.startsWith(`tallyho ${path} `), line).toBe(true);
        const words = line.split(' ').slice(1);
        const named = deepest(program, words);
        const longs = new Set(['--help', ...named.options.map((o) => o.long)]);
        for (const w of words.filter((x) => x.startsWith('--'))) expect(longs.has(w), `${line}: ${w}`).toBe(true);
      }
    }
  });

  it('exits 2 from the real binary for an unknown command', () => {
    const r = spawnSync('node', [join('bin/tallyho.js'), 'nosuch-command'], { encoding: 'utf8', cwd: ROOT });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/error: unknown command 'nosuch-command'/);
    expect(r.stdout).toBe('');
  });
});

function join(p: string): string {
  return resolve(ROOT, p);
}

/** The command `words` name: as deep as they go. */
function deepest(program: Command, words: string[]): Command {
  let c = program;
  for (const w of words) {
    const sub = c.commands.find((s) => s.name() === w);
    if (!sub) break;
    c = sub;
  }
  return c;
}
