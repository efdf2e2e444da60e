import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitSigma, hitPermille, permilleText, type BombingTable } from '../../../src/core/ordnance/bombing-table.ts';
import { loadBombingTable } from '../../../src/shell/ordnance/table.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';

const table = loadBombingTable();
const ships = loadShipDir();

/** The table of docs/ordnance.md "What the table gives", worked out from the data. */
export function chanceRows(t: BombingTable): string[] {
  const rows: string[] = [];
  const cell = (
    method: 'dive' | 'glide' | 'level',
    alt: number,
    size: { lengthM: number; widthM: number; still: boolean },
  ) => permilleText(hitPermille(t, method, alt, size));
  for (const s of [...ships.values()].sort((a, b) => b.figures.lengthM - a.figures.lengthM)) {
    const size = { lengthM: s.figures.lengthM, widthM: s.figures.beamM, still: false };
    rows.push(
      `| ${s.name} | ${cell('dive', 2500, size)} | ${cell('dive', 2500, { ...size, still: true })} | ${cell('glide', 3000, size)} | ${cell('level', 1000, size)} | ${cell('level', 5000, size)} | ${cell('level', 20000, size)} |`,
    );
  }
  for (const k of ['truck', 'tank'] as const) {
    const v = t.vehicles[k];
    const size = { lengthM: v.lengthM + 2 * v.wreckM, widthM: v.widthM + 2 * v.wreckM, still: true };
    rows.push(
      `| ${k} | ${cell('dive', 2500, size)} | ${cell('dive', 2500, size)} | ${cell('glide', 3000, size)} | ${cell('level', 1000, size)} | ${cell('level', 5000, size)} | ${cell('level', 20000, size)} |`,
    );
  }
  return rows;
}

describe('the bombing table (data/ordnance/bombing.yaml, docs/ordnance.md)', () => {
  it('has its dive spreads fitted to the historical attacks it lists, every anchor with a source', () => {
    for (const k of ['dive', 'still'] as const) {
      expect(table.sigmaM[k]).toBe(Math.round(fitSigma(table.anchors[k])));
      for (const a of table.anchors[k]) expect(a.sources.length).toBeGreaterThan(0);
    }
    // The fitted spread reproduces the anchors' hits on average.
    const hits = table.anchors.dive.reduce((n, a) => n + a.hits, 0);
    const expected = table.anchors.dive.reduce(
      (n, a) =>
        n +
        (a.attacks * hitPermille(table, 'dive', 2500, { lengthM: a.lengthM, widthM: a.beamM, still: false })) / 1000,
      0,
    );
    expect(expected).toBeCloseTo(hits, 0);
  });

  it('docs/ordnance.md shows the chances the table gives', () => {
    const doc = readFileSync('docs/ordnance.md', 'utf8');
    for (const row of chanceRows(table)) expect(doc).toContain(row);
  });

  it('a spread that does not follow from its anchors is refused, with the value it should be', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ordnance-'));
    const path = join(dir, 'bombing.yaml');
    writeFileSync(path, readFileSync('data/ordnance/bombing.yaml', 'utf8').replace('  dive: 71', '  dive: 50'));
    expect(() => loadBombingTable(path)).toThrow(/sigmaM\.dive: 50 does not follow from anchors\.dive \(they give 71/);
  });
});

describe('the torpedo table (data/ordnance/torpedoes.yaml, docs/ordnance.md "Torpedoes")', () => {
  it('has its spreads fitted to the attacks it lists, and the chances docs/ordnance.md gives', async () => {
    const { loadTorpedoTable } = await import('../../../src/shell/ordnance/table.ts');
    const { fitTorpedoSigma, torpedoPermille, rangeHexes, releaseMaxTenths } = await import(
      '../../../src/core/ordnance/torpedo-table.ts'
    );
    const t = loadTorpedoTable();
    expect(t.sigmaM.underWay).toBe(Math.round(fitTorpedoSigma(t.anchors.underWay)));
    expect(t.sigmaM.still).toBe(Math.round(fitTorpedoSigma(t.anchors.still)));
    const doc = readFileSync('docs/ordnance.md', 'utf8');
    const pct = (id: string) => permilleText(torpedoPermille(t, ships.get(id)!.figures.lengthM, false));
    expect(doc).toContain(
      `Yorktown ${pct('yorktown')}, Hiryu ${pct('hiryu')}, Kirishima ${pct('kirishima')}, a Liberty ship ${pct('liberty')}, a\n  Kagero ${pct('kagero')}`,
    );
    expect(doc).toContain(
      `| \`mk13\` Mark 13 (1942) | 2,216 lb | 33.5 knots | 5,000 yd: ${rangeHexes(t.types.mk13!)} hexes | 110 knots (speed ${(releaseMaxTenths(t.types.mk13!) / 10).toFixed(1)}), 50 ft |`,
    );
    expect(doc).toContain(
      `| \`type91\` Type 91 Mod 2 | 1,841 lb | 42 knots | 2,200 yd: ${rangeHexes(t.types.type91!)} hexes | 180 knots (speed ${(releaseMaxTenths(t.types.type91!) / 10).toFixed(1)}), 66 ft |`,
    );
    for (const type of Object.values(t.types)) for (const s of type.sources) expect(s).toMatch(/https?:\/\//);
  });
});

describe('the rocket table (data/ordnance/rockets.yaml, docs/ordnance.md "Rockets")', () => {
  it('has its spread fitted to its anchor, every carrier a card of the catalogue and a rocket of the table', async () => {
    const { loadRocketTable } = await import('../../../src/shell/ordnance/table.ts');
    const { fitRocketSpread, rocketPermille } = await import('../../../src/core/ordnance/rocket-table.ts');
    const { loadAircraftDir } = await import('../../../src/shell/aircraft/catalog.ts');
    const t = loadRocketTable();
    expect(t.sigmaPerKmM).toBe(Math.round(fitRocketSpread(t.anchor)));
    const cards = loadAircraftDir();
    for (const [id, c] of Object.entries(t.carriers)) {
      expect(cards.has(id), id).toBe(true);
      expect(t.types[c.type], id).toBeDefined();
    }
    // The chances docs/ordnance.md gives.
    const truck = table.vehicles.truck;
    const tank = table.vehicles.tank;
    const doc = readFileSync('docs/ordnance.md', 'utf8');
    const pct = (n: number) => `${(n / 10).toFixed(1)} %`;
    expect(doc).toContain(
      `a truck at 1 hex ${pct(rocketPermille(t, 1, truck.lengthM, truck.widthM))}, at 2 hexes ${pct(rocketPermille(t, 2, truck.lengthM, truck.widthM))}, at 4 hexes ${pct(rocketPermille(t, 4, truck.lengthM, truck.widthM))}`,
    );
    expect(doc).toContain(`tank at 1 hex ${pct(rocketPermille(t, 1, tank.lengthM, tank.widthM))}`);
  });
});
