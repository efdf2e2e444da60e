import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { expectGoldenCase, loadTestCards, readGoldenFile } from '../../support/golden-movement.ts';

const DIR = 'tests/golden/combat';
const cards = new Map([...loadAircraftDir(), ...loadTestCards('tests/golden/movement/aircraft.yaml')]);
const all = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => readGoldenFile(join(DIR, f)));

describe('golden combat cases', () => {
  // At least as many as there are today: an emptied folder or file fails.
  it('there are at least 119, with unique ids', () => {
    expect(all.length).toBeGreaterThanOrEqual(119);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });
  for (const c of all) it(`${c.id} ${c.title} (${c.rule})`, () => expectGoldenCase(c, cards));
});
