import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FlakTable,
  flakPermille,
  referenceLoss,
  roundsPerVolley,
  volleyChance,
} from '../../../src/core/flak/table.ts';
import { loadFlakTable } from '../../../src/shell/ordnance/table.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';

const table = loadFlakTable();
const ships = loadShipDir();

/** The table of docs/flak.md "What the table gives": one volley at one plane, worked out from the data. */
export function volleyRows(t: FlakTable): string[] {
  const rows: string[] = [];
  const cell = (mounts: { gun: string; barrels: number }[], r: number, bearing: number) =>
    `${(flakPermille(volleyChance(t, t.kM2, mounts, r, bearing)) / 10).toFixed(1)}%`;
  const line = (name: string, mounts: { gun: string; barrels: number }[], bearing: number) =>
    `| ${name} | ${[300, 1000, 2000, 4000, 7000].map((r) => cell(mounts, r, bearing)).join(' | ')} |`;
  for (const s of [...ships.values()].sort((a, b) => a.id.localeCompare(b.id)))
    if (s.flak) rows.push(line(s.name, s.flak.mounts, t.shipBearing));
  for (const [id, g] of Object.entries(t.guns).sort(([a], [b]) => a.localeCompare(b)))
    rows.push(line(`one ${g.name} on the ground`, [{ gun: id, barrels: 1 }], 1));
  return rows;
}

describe('the flak table (data/flak/guns.yaml, docs/flak.md)', () => {
  it('recomputes both k values from their anchors: the heavy from rounds per kill, the light by the reference attack', () => {
    const h = table.anchors.heavy;
    expect(table.kM2.heavy).toBe(Math.round(h.slantM ** 2 / h.roundsPerKill));
    // The light k is the one that makes the reference attack lose what it lost (to the rounding of k).
    const want = table.anchors.light.shotDown / table.anchors.light.attacks;
    expect(referenceLoss(table, table.kM2.light - 0.5)).toBeLessThan(want);
    expect(referenceLoss(table, table.kM2.light + 0.5)).toBeGreaterThan(want);
  });

  it('every gun has a source, and a rate and reach the docs derive (rounds a volley: rpm / 18)', () => {
    for (const [id, g] of Object.entries(table.guns)) {
      expect(g.sources.length, id).toBeGreaterThan(0);
      expect(roundsPerVolley(g)).toBeCloseTo(g.rpm / 18, 9);
    }
  });

  it('every ship card names guns the table has, with sources', () => {
    for (const s of ships.values()) {
      expect(s.flak, s.id).toBeDefined();
      for (const m of s.flak!.mounts) expect(table.guns[m.gun], `${s.id}: ${m.gun}`).toBeDefined();
      for (const src of s.flak!.sources) expect(src).toMatch(/https?:\/\//);
    }
  });

  it('the chance falls with the range, never rises inside the tracking limit, and is zero out of reach', () => {
    const york = ships.get('yorktown')!.flak!.mounts;
    const at = (r: number) => volleyChance(table, table.kM2, york, r, table.shipBearing);
    expect(at(100)).toBe(at(table.trackingLimitM));
    for (let r = 500; r < 8000; r += 250) expect(at(r + 250)).toBeLessThanOrEqual(at(r));
    expect(at(9000)).toBe(0);
    // Two planes in reach halve each one's rounds.
    expect(volleyChance(table, table.kM2, york, 600, 0.5, () => 2)).toBeLessThan(at(600));
  });

  it('docs/flak.md shows the chances the table gives', () => {
    const doc = readFileSync('docs/flak.md', 'utf8');
    for (const row of volleyRows(table)) expect(doc).toContain(row);
  });

  it('a k that does not follow from its anchor is refused, with the value it should be', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flak-'));
    const path = join(dir, 'guns.yaml');
    writeFileSync(path, readFileSync('data/flak/guns.yaml', 'utf8').replace('  heavy: 4000', '  heavy: 3000'));
    expect(() => loadFlakTable(path)).toThrow(/kM2\.heavy is 3000; the heavy anchor gives 4000/);
    writeFileSync(
      path,
      readFileSync('data/flak/guns.yaml', 'utf8').replace('gun: us-20mm, barrels: 24', 'gun: us-25mm, barrels: 24'),
    );
    expect(() => loadFlakTable(path)).toThrow(/no gun 'us-25mm'/);
  });
});
