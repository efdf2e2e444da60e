import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';

const cli = (...args: string[]) => execFileSync('node', ['bin/tallyho.js', ...args], { encoding: 'utf8' });

describe('tallyho impulses', () => {
  it('prints JSON for tenths, 0 and dive speeds', () => {
    expect(JSON.parse(cli('impulses', '5.5', '--json'))).toEqual({
      speed: 5.5,
      row: 5,
      impulses: [3, 5, 8, 10, 12],
      double: [],
    });
    expect(JSON.parse(cli('impulses', '5.6', '--json')).row).toBe(6);
    expect(JSON.parse(cli('impulses', '0', '--json'))).toEqual({ speed: 0, row: 0, impulses: [], double: [] });
    const s15 = JSON.parse(cli('impulses', '15', '--json'));
    expect(s15.impulses.length).toBe(12);
    expect(s15.double).toEqual([3, 8, 12]);
  });
  it('rejects a bad speed with a clear message and exit code 2', () => {
    const r = spawnSync('node', ['bin/tallyho.js', 'impulses', 'fast'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/'fast' is not a speed/);
    const r2 = spawnSync('node', ['bin/tallyho.js', 'impulses', '30'], { encoding: 'utf8' });
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/faster than 24.5, the fastest the impulse schedule covers/);
  });
});
