/**
 * `tallyho standin` (docs/cli.md): for every sample scenario, each side's orders from the stand-in
 * are one envelope, its choices explained in comments, and the sides' orders resolve together with
 * `tallyho resolve`; an unknown side and a quick-game scenario are refused.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) => spawnSync('node', ['bin/tallyho.js', ...args], { encoding: 'utf8' });

describe('tallyho standin', () => {
  it('gives each side of every sample scenario orders that tallyho resolve takes together', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-standin-'));
    for (const f of readdirSync('scenarios').filter((x) => x.endsWith('.yaml')).sort()) {
      const data = parse(readFileSync(join('scenarios', f), 'utf8')) as { ruleset?: string; sides: Record<string, unknown> };
      if (data.ruleset === 'quick') {
        const q = run('standin', join('scenarios', f), '--side', Object.keys(data.sides)[0]!);
        expect(q.status).toBe(1);
        expect(q.stderr).toContain('quick-game scenario');
        continue;
      }
      const files: string[] = [];
      for (const side of Object.keys(data.sides)) {
        const r = run('standin', join('scenarios', f), '--side', side);
        expect(r.status, `${f} ${side}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^#TALLYHO \\S+ ${side} "stand-in"\\n`));
        expect(r.stdout.trimEnd().endsWith('#END')).toBe(true);
        const file = join(dir, `${f}-${side}.txt`);
        writeFileSync(file, r.stdout);
        files.push(file);
      }
      const resolved = run('resolve', join('scenarios', f), ...files, '--json');
      expect(resolved.status, `${f}: ${resolved.stderr}`).toBe(0);
    }
    const duel = run('standin', 'scenarios/duel.yaml', '--side', 'RAF');
    expect(duel.stdout).toMatch(/^# R1: .+$/m);
    expect(duel.stdout).toMatch(/^FIRE R1 ALL AT ANY$/m);
    const unknown = run('standin', 'scenarios/duel.yaml', '--side', 'usaaf');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('there is no side usaaf');
  }, 240_000);
});
