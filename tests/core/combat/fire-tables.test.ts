/** The fire tables (seed 001 combat): the worked example, the shape of every chart, the data file. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CHART_MIXES,
  FIRE_CHARTS,
  HIT_STEPS,
  RANGE_COLUMNS,
  bestHits,
  chartDistance,
  chartFor,
  deriveFireChart,
  fireTablesYaml,
  hitsFor,
  rangeColumn,
  rawHits,
  type RangeColumn,
} from '../../../src/core/combat/fire-tables.ts';
import { fixedDeflection } from '../../../src/core/combat/deflection.ts';
import { firepower, parseMixId, weaponWeight } from '../../../src/core/combat/weapons.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/combat/fire-tables.yaml');
const cards = loadAircraftDir();
const byId = (id: string) => FIRE_CHARTS.find((c) => c.id === id)!;

describe('seed 001 worked example', () => {
  it('Spitfire 8x30M at a He 111 from astern, range 3, raw 8 + 1 = row 9: 4 hits', () => {
    const spitfire = cards.get('spitfire-1a')!;
    const he111 = cards.get('he-111h')!;
    const chart = chartFor(spitfire.guns[0]!.weapons);
    expect(chart.id).toBe('8x30M');
    const drm = fixedDeflection(6, he111.engines);
    expect(drm).toEqual({ drm: 1, category: 'none' });
    expect(hitsFor(chart, 3, 8 + drm.drm)).toBe(4);
    expect(chart.hits[1]![9 - 2]).toBe(4);
    expect(rawHits(chart.mix, 1, 9)).toBeCloseTo(4, 12);
  });
});

describe('weights', () => {
  it('keep the original flexible firepower scale: 30M 1, 50M 2; cannon 20C 4, 30C 8, 37C 4', () => {
    expect(['30M', '50M', '20C', '30C', '37C'].map((t) => weaponWeight(t as never))).toEqual([1, 2, 4, 8, 4]);
  });
});

describe('the 20 charts', () => {
  it('are 20 distinct mixes with distinct contents, ordered by firepower', () => {
    expect(FIRE_CHARTS).toHaveLength(20);
    expect(new Set(FIRE_CHARTS.map((c) => c.id)).size).toBe(20);
    expect(new Set(FIRE_CHARTS.map((c) => JSON.stringify(c.hits))).size).toBe(20);
    const fp = FIRE_CHARTS.map((c) => firepower(c.mix));
    expect([...fp].sort((a, b) => a - b)).toEqual(fp);
    expect(FIRE_CHARTS.map((c) => c.id)).toEqual(CHART_MIXES);
  });

  it.each(FIRE_CHARTS.map((c) => [c.id, c] as const))(
    '%s: 5 columns x 11 rows of allowed hit counts, monotone',
    (_, c) => {
      expect(c.hits).toHaveLength(5);
      for (const col of c.hits) {
        expect(col).toHaveLength(11);
        for (const h of col) expect(HIT_STEPS).toContain(h);
        for (let r = 1; r < 11; r++) expect(col[r]!).toBeGreaterThanOrEqual(col[r - 1]!);
      }
      for (let k = 1; k < 5; k++)
        for (let r = 0; r < 11; r++) expect(c.hits[k]![r]!).toBeLessThanOrEqual(c.hits[k - 1]![r]!);
    },
  );

  it('no cell sits on a rounding boundary (the charts do not depend on the last bits of floating point)', () => {
    const bounds = HIT_STEPS.slice(1).map((h, i) => (h + HIT_STEPS[i]!) / 2);
    for (const c of FIRE_CHARTS)
      for (let k = 0; k < 5; k++)
        for (let row = 2; row <= 12; row++) {
          const x = rawHits(c.mix, k as RangeColumn, row);
          for (const b of bounds) expect(Math.abs(x - b) / b, `${c.id} ${k} ${row}`).toBeGreaterThan(1e-6);
        }
  });

  it('seed intent: ordinary fighter mixes give 1-3 hits on an average roll at range 3-4; 4+ needs a good roll', () => {
    for (const c of FIRE_CHARTS.filter((x) => firepower(x.mix) >= 4 && firepower(x.mix) <= 12)) {
      for (const k of [1, 2]) {
        const avg = c.hits[k]![7 - 2]!;
        expect(avg, c.id).toBeGreaterThanOrEqual(1);
        expect(avg, c.id).toBeLessThanOrEqual(3);
      }
      expect(c.hits[0]![7 - 2]!, c.id).toBeLessThanOrEqual(4);
      // 4 hits or more at range 3 only on a row of 8 or better (raw 7 + 1 from astern).
      expect(c.hits[1]!.findIndex((h) => h >= 4) + 2, c.id).toBeGreaterThanOrEqual(8);
    }
  });

  it('cannon are feast or famine, rifle-calibre batteries steady: same firepower, different spread', () => {
    const mg = byId('8x30M').hits[1]!;
    const cannon = byId('2x20C').hits[1]!;
    expect(cannon[0]! + cannon[1]!).toBeLessThanOrEqual(mg[0]! + mg[1]!);
    expect(cannon[10]!).toBeGreaterThanOrEqual(mg[10]!);
  });
});

describe('range columns and rows', () => {
  it('maps ranges to columns; range 0 counts as 1-2; beyond 8 is no shot', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(rangeColumn)).toEqual([0, 0, 0, 1, 2, 3, 3, 4, 4]);
    expect(() => rangeColumn(9)).toThrow(RangeError);
    expect(() => rangeColumn(-1)).toThrow(RangeError);
    expect(RANGE_COLUMNS).toEqual(['1-2', '3', '4', '5-6', '7-8']);
  });

  it('clamps modified totals below 2 to row 2 and above 12 to row 12', () => {
    const c = byId('4x30C');
    expect(hitsFor(c, 3, -1)).toBe(c.hits[1]![0]);
    expect(hitsFor(c, 3, 15)).toBe(c.hits[1]![10]);
  });

  it('property: more range never gives more hits, a higher total never fewer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIRE_CHARTS),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -2, max: 15 }),
        fc.integer({ min: 0, max: 4 }),
        (c, r1, r2, t, dt) => {
          const [near, far] = r1 <= r2 ? [r1, r2] : [r2, r1];
          expect(hitsFor(c, far, t)).toBeLessThanOrEqual(hitsFor(c, near, t));
          expect(hitsFor(c, near, t + dt)).toBeGreaterThanOrEqual(hitsFor(c, near, t));
        },
      ),
    );
  });

  it('best hits of a column decide the D10s thrown with the 2D6', () => {
    expect(bestHits(byId('1x30M'), 3)).toBe(2);
    expect(bestHits(byId('8x30M'), 3)).toBe(8);
  });
});

describe('chartFor', () => {
  it('every gun group on the data cards finds a chart; charted mixes find their own', () => {
    for (const card of cards.values())
      for (const g of card.guns) {
        const c = chartFor(g.weapons);
        if (CHART_MIXES.includes(c.id) && deriveFireChart(g.weapons).id === c.id) continue;
        expect(Math.abs(firepower(c.mix) - firepower(g.weapons)), `${card.id} ${g.id}`).toBeLessThanOrEqual(2);
      }
    for (const id of CHART_MIXES) expect(chartFor(parseMixId(id)!).id).toBe(id);
  });

  it('picks the nearest chart by firepower, then by weapon types, then the lower', () => {
    expect(chartFor(parseMixId('5x50M')!).id).toBe('4x50M'); // B-25J nose battery
    expect(chartFor(parseMixId('1x50M')!).id).toBe('2x30M'); // single flexible .50 (2 FP, as in the original)
    expect(
      chartFor([
        { type: '30M', count: 4 },
        { type: '30M', count: 4 },
      ]).id,
    ).toBe('8x30M');
    expect(() => chartFor([])).toThrow();
  });

  it('property: the chart chosen is at least as near as every other chart, and never heavier on a tie', () => {
    const mixArb = fc.array(
      fc.record({
        type: fc.constantFrom('30M', '50M', '20C', '30C', '37C' as const),
        count: fc.integer({ min: 1, max: 8 }),
      }),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(mixArb, (mix) => {
        const chosen = chartFor(mix);
        const d = chartDistance(mix, chosen.mix);
        for (const c of FIRE_CHARTS) {
          const dc = chartDistance(mix, c.mix);
          expect(d).toBeLessThanOrEqual(dc);
          if (dc === d) expect(firepower(chosen.mix)).toBeLessThanOrEqual(firepower(c.mix));
        }
      }),
    );
  });
});

describe('data/combat/fire-tables.yaml', () => {
  const hint =
    'regenerate: npx tsx -e "import { fireTablesYaml } from \'./src/core/combat/fire-tables.ts\'; process.stdout.write(fireTablesYaml());" > data/combat/fire-tables.yaml';

  it('is exactly the text of the derivation', () => {
    expect(readFileSync(DATA, 'utf8'), hint).toBe(fireTablesYaml());
  });

  it('parses to the derived charts', () => {
    const doc = parse(readFileSync(DATA, 'utf8')) as {
      columns: string[];
      charts: { id: string; mix: unknown; firepower: number; hits: Record<string, number[]> }[];
    };
    expect(doc.columns).toEqual([...RANGE_COLUMNS]);
    expect(doc.charts.map((c) => c.id)).toEqual(CHART_MIXES);
    for (const c of doc.charts) {
      const d = deriveFireChart(parseMixId(c.id)!);
      expect(c.mix).toEqual(d.mix);
      expect(c.firepower).toBe(firepower(d.mix));
      expect(RANGE_COLUMNS.map((k) => c.hits[k])).toEqual(d.hits);
    }
  });
});
