/**
 * `tallyho standin` (docs/cli.md): for a sample scenario of each kind (the twelve impulses, the
 * quick game, the two-phase sequence, units on the ground), each side's orders from the stand-in
 * are one envelope, its choices explained in comments, and the sides' orders resolve together with
 * `tallyho resolve`; --planes flies a share of a side; an unknown side is refused. Every sample
 * scenario's sides are flown and resolved together in process by tests/core/standin/standin.test.ts,
 * the same code the command runs. The commands run in this process (tests/support/cli-in-process.ts);
 * the refusal of an unknown side is also spawned, as a user runs the command, for its exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { cli } from '../../support/cli-in-process.ts';

/** `tallyho <args>` in this process: its exit code as `status`, its output as `stdout` and `stderr`. */
const run = async (...args: string[]) => {
  const r = await cli(...args);
  return { status: r.code, stdout: r.out, stderr: r.err };
};

describe('tallyho standin', () => {
  it('gives each side of a sample scenario of each kind orders that tallyho resolve takes together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-standin-'));
    const kinds = ['duel.yaml', 'quick-duel.yaml', 'two-phase-pass.yaml', 'road-convoy.yaml'];
    expect(kinds.every((f) => readdirSync('scenarios').includes(f))).toBe(true);
    for (const f of kinds) {
      const data = parse(readFileSync(join('scenarios', f), 'utf8')) as {
        ruleset?: string;
        sides: Record<string, unknown>;
      };
      const files: string[] = [];
      for (const side of Object.keys(data.sides)) {
        const r = await run('standin', join('scenarios', f), '--side', side);
        expect(r.status, `${f} ${side}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^#TALLYHO \\S+ ${side} "stand-in"\\n`));
        expect(r.stdout.trimEnd().endsWith('#END')).toBe(true);
        // The quick game's move lines (seed 004: `W1: 2L1`), else no quick line at all.
        if (data.ruleset === 'quick') expect(r.stdout).toMatch(/^[A-Z][A-Z0-9]*: [0-9LR]+$/m);
        const file = join(dir, `${f}-${side}.txt`);
        writeFileSync(file, r.stdout);
        files.push(file);
      }
      const resolved = await run('resolve', join('scenarios', f), ...files, '--json');
      expect(resolved.status, `${f}: ${resolved.stderr}`).toBe(0);
      if (data.ruleset === 'quick') {
        // Every aircraft moved, and its SPEED is what its line spent.
        const json = JSON.parse(resolved.stdout) as { planes: { id: string; final: { speed: number } }[] };
        const lines = files.map((x) => readFileSync(x, 'utf8')).join('\n');
        for (const p of json.planes) {
          const line = new RegExp(`^${p.id}: ([0-9LR]+)$`, 'm').exec(lines)?.[1] ?? '';
          expect(line, `${f} ${p.id}`).not.toBe('');
          const spent = [...line].reduce((n, ch) => n + (ch === 'L' || ch === 'R' ? 1 : Number(ch)), 0);
          expect(p.final.speed, `${f} ${p.id}`).toBe(spent);
        }
      }
    }
    const share = await run('standin', 'scenarios/two-v-two.yaml', '--side', 'usmc', '--planes', 'W2');
    expect(share.status, share.stderr).toBe(0);
    expect(share.stdout).toMatch(/^W2: /m);
    expect(share.stdout).not.toMatch(/^W1: /m);
    const scramble = await run('standin', 'scenarios/airfield-scramble.yaml', '--side', 'raf');
    expect(scramble.stdout).toMatch(/^MOVE H2 START$/m);
    expect(scramble.stdout).toMatch(/^# AA1: .*no MOVE line/m);
    const duel = await run('standin', 'scenarios/duel.yaml', '--side', 'RAF');
    expect(duel.stdout).toMatch(/^# R1: .+$/m);
    expect(duel.stdout).toMatch(/^FIRE R1 ALL AT ANY$/m);
    // Spawned, as a user runs it: the real command's exit code and standard error.
    const unknown = spawnSync('node', ['bin/tallyho.js', 'standin', 'scenarios/duel.yaml', '--side', 'usaaf'], {
      encoding: 'utf8',
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('there is no side usaaf');
  }, 240_000);
});
