/**
 * `tallyho game list` lines up whatever the lengths of ids and names (src/shell/cli/game.ts
 * listText), and `player add --planes` takes `H1,H2`, `H1 H2` and `H1, H2` alike (player.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../bin/compiled.js';
import type { GameListEntry } from '../../../src/app/gm/overview.ts';
import { listText } from '../../../src/shell/cli/game.ts';
import { planeIds } from '../../../src/shell/cli/player.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (e: Partial<GameListEntry>): GameListEntry => ({
  id: 'g',
  name: 'Game',
  status: 'running',
  turn: 1,
  players: 2,
  deadline: null,
  zone: 'UTC',
  paused: false,
  missing: [],
  stalled: false,
  ...e,
});

describe('game list', () => {
  it('puts every column at the same place on every line', () => {
    const text = listText([
      entry({ id: 'a', name: 'Duel', turn: 3, deadline: '2026-01-14T19:00:00.000Z', missing: ['bob'] }),
      entry({
        id: 'the-battle-of-britain-1940-august',
        name: 'Adlertag: the great raid on the coastal airfields',
        turn: 124,
        paused: true,
      }),
      entry({ id: 'x', name: 'Set up', status: 'setup', turn: 1 }),
      entry({ id: 'done', name: 'Over', status: 'over', turn: 12, missing: ['ann'] }),
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^GAME +STATUS +TURN +NAME +DUE +MISSING$/);
    const at = (word: string) => (lines[0] as string).indexOf(word);
    const cells = [
      ['a', 'running', '3', 'Duel', '2026-01-14 19:00 UTC', 'bob'],
      [
        'the-battle-of-britain-1940-august',
        'running',
        '124',
        'Adlertag: the great raid on the coastal airfields',
        'PAUSED',
        '',
      ],
      ['x', 'setup', '1', 'Set up', '', ''],
      ['done', 'over', '12', 'Over', '', ''],
    ];
    cells.forEach((row, r) => {
      const line = lines[r + 1] as string;
      expect(line.slice(at('GAME')).startsWith(row[0]!)).toBe(true);
      expect(line.slice(at('STATUS')).startsWith(row[1]!)).toBe(true);
      expect(line.slice(0, at('TURN') + 'TURN'.length).endsWith(` ${row[2]}`)).toBe(true); // numbers aligned right
      expect(line.slice(at('NAME')).startsWith(row[3]!)).toBe(true);
      if (row[4]) expect(line.slice(at('DUE')).startsWith(row[4])).toBe(true);
      if (row[5]) expect(line.slice(at('MISSING'))).toBe(row[5]);
      expect(line).toBe(line.trimEnd());
    });
    expect(lines).toHaveLength(5);
  });
});

describe('player add --planes', () => {
  it('reads R1,R2, R1 R2 and R1, R2 as the same list', () => {
    expect(planeIds(['R1,R2'])).toEqual(['R1', 'R2']);
    expect(planeIds(['R1', 'R2'])).toEqual(['R1', 'R2']);
    expect(planeIds(['R1,', 'R2'])).toEqual(['R1', 'R2']);
  });

  it('adds a player flying planes written with spaces or commas', () => {
    const env = { PATH: process.env.PATH ?? '', DATABASE_PATH: join(dir, 'g.sqlite') };
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'bin/tallyho.js'), ...args], { cwd: dir, encoding: 'utf8', env });
    expect(cli('game', 'create', join(ROOT, 'scenarios/two-v-two.yaml'), '--id', 'g').status).toBe(0);
    const spaced = cli('player', 'add', 'g', 'ann', '--planes', 'W1', 'W2', '--email', 'ann@example.org');
    expect(spaced.stdout).toMatch(/^Player ann added to game g, flying W1, W2, mail to ann@example.org\.\n/);
    const commas = cli('player', 'add', 'g', 'bob', '--email', 'bob@example.org', '--planes', 'Z1,Z2');
    expect(commas.stdout).toMatch(/^Player bob added to game g, flying Z1, Z2, mail to bob@example.org\.\n/);
  });
});
