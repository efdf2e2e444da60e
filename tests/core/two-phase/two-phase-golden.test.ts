/**
 * The golden cases of the two-phase sequence (seed 003, tests/golden/two-phase): the seed's
 * initiative example, the order of movement, fire by the moving plane and in answer to it, impulse
 * zero, the timed doings at the ends of the phases, and the orders a two-phase game refuses.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { expectGoldenCase, loadTestCards, loadTestShips, readGoldenFile } from '../../support/golden-movement.ts';

const DIR = 'tests/golden/two-phase';
const cards = new Map([...loadAircraftDir(), ...loadTestCards('tests/golden/movement/aircraft.yaml')]);
const ships = loadTestShips('tests/golden/units/ships.yaml');
const all = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => readGoldenFile(join(DIR, f)));

describe('golden two-phase cases', () => {
  // At least as many as there are today: an emptied folder or file fails.
  it('are at least 13, with unique ids, and every one cites seed 003', () => {
    expect(all.length).toBeGreaterThanOrEqual(13);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    for (const c of all) expect(c.rule, c.id).toMatch(/seed 003|docs\/rules\.md/);
  });
  for (const c of all) it(`${c.id} ${c.title} (${c.rule})`, () => expectGoldenCase(c, cards, ships));
});
