import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGoldenCase, loadTestCards, readGoldenFile } from '../../support/golden-movement.ts';

const DIR = 'tests/golden/movement';
const cards = loadTestCards(join(DIR, 'aircraft.yaml'));
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const all = files.flatMap((f) => readGoldenFile(join(DIR, f)));

describe('golden movement cases', () => {
  // At least as many as there are today: an emptied folder or file fails.
  it('there are at least 108, with unique ids', () => {
    expect(all.length).toBeGreaterThanOrEqual(108);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });
  for (const c of all) it(`${c.id} ${c.title} (${c.rule})`, () => expectGoldenCase(c, cards));
});

describe('golden coverage', () => {
  it('every legality code of the movement rules has a golden case', () => {
    const srcs =
      [
        'plan.ts',
        'plan-altitude.ts',
        'altitude.ts',
        'manoeuvres/turn.ts',
        'manoeuvres/slip.ts',
        'manoeuvres/halfroll.ts',
        'manoeuvres/bank.ts',
        'manoeuvres/loop.ts',
        'manoeuvres/family.ts',
        'plan-checks.ts',
      ]
        .map((f) => readFileSync(`src/core/movement/${f}`, 'utf8'))
        .join('\n') + readFileSync('src/core/turn.ts', 'utf8');
    const codes = new Set([...srcs.matchAll(/'(E_[A-Z_]+)'/g)].map((m) => m[1]!));
    // Codes of the ordnance marks (BOMB, JETTISON) have their cases with the bombs, in tests/golden/units.
    const units = readdirSync('tests/golden/units')
      .filter((f) => f.endsWith('.txt'))
      .flatMap((f) => readGoldenFile(join('tests/golden/units', f)));
    const covered = new Set([...all, ...units].flatMap((c) => c.errors.map((e) => e.split(' ')[0]!)));
    expect([...codes].filter((c) => !covered.has(c))).toEqual([]);
  });

  it('docs/orders.md shows an example of every legality code', () => {
    const srcs =
      [
        'plan.ts',
        'plan-altitude.ts',
        'altitude.ts',
        'plan-checks.ts',
        'manoeuvres/turn.ts',
        'manoeuvres/slip.ts',
        'manoeuvres/halfroll.ts',
        'manoeuvres/bank.ts',
        'manoeuvres/loop.ts',
        'manoeuvres/family.ts',
      ]
        .map((f) => readFileSync(`src/core/movement/${f}`, 'utf8'))
        .join('\n') +
      readFileSync('src/core/turn.ts', 'utf8') +
      readFileSync('src/core/combat/fire-check.ts', 'utf8');
    const docs = readFileSync('docs/orders.md', 'utf8');
    const codes = new Set([...srcs.matchAll(/'(E_[A-Z_]+)'/g)].map((m) => m[1]!));
    expect([...codes].filter((c) => !docs.includes(`| \`${c}\` |`))).toEqual([]);
  });
});
