import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGoldenCase, loadTestCards, loadTestShips, readGoldenFile } from '../../support/golden-movement.ts';

const DIR = 'tests/golden/units';
const cards = loadTestCards('tests/golden/movement/aircraft.yaml');
const ships = loadTestShips(join(DIR, 'ships.yaml'));
const all = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => readGoldenFile(join(DIR, f)));

describe('golden unit cases (trucks, tanks, ships: seed 000 V)', () => {
  // At least as many as there are today: an emptied folder or file fails.
  it('are at least 81, with unique ids', () => {
    expect(all.length).toBeGreaterThanOrEqual(81);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });
  for (const c of all) it(`${c.id} ${c.title} (${c.rule})`, () => expectGoldenCase(c, cards, ships));
});

describe('golden coverage of the unit rules', () => {
  it('every legality code of core/units has a golden case', () => {
    const src = readdirSync('src/core/units')
      .map((f) => readFileSync(join('src/core/units', f), 'utf8'))
      .join('\n');
    const codes = new Set(
      [...src.matchAll(/'(E_(?:UNIT|SHIP|UNKNOWN_UNIT)[A-Z_]*)'/g)]
        .map((m) => m[1]!)
        .filter((c) => c !== 'E_SHIP_DATA'),
    );
    for (const code of ['E_BOMB_AND_JETTISON', 'E_JETTISON_UNLOADED', 'E_TORPEDO_NONE', 'E_BOMB_TORPEDO'])
      codes.add(code);
    for (const m of readFileSync('src/core/ordnance/torpedoes.ts', 'utf8').matchAll(/'(E_[A-Z_]+)'/g)) codes.add(m[1]!);
    const covered = new Set(all.flatMap((c) => c.errors.map((e) => e.split(' ')[0]!)));
    expect([...codes].filter((code) => !covered.has(code))).toEqual([]);
  });

  it('docs/orders.md shows an example of every one', () => {
    const src = readdirSync('src/core/units')
      .map((f) => readFileSync(join('src/core/units', f), 'utf8'))
      .join('\n');
    const docs = readFileSync('docs/orders.md', 'utf8');
    const codes = [...new Set([...src.matchAll(/'(E_[A-Z_]+)'/g)].map((m) => m[1]!))].filter(
      (c) => c !== 'E_SHIP_DATA',
    );
    expect(codes.filter((c) => !docs.includes(`| \`${c}\` |`))).toEqual([]);
  });
});
