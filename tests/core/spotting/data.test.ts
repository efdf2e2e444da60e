import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpottingTable } from '../../../src/shell/ordnance/table.ts';

const table = loadSpottingTable();

describe('the spotting table (data/spotting.yaml, docs/spotting.md)', () => {
  it('docs/spotting.md shows the bands and modifiers the file holds', () => {
    const doc = readFileSync('docs/spotting.md', 'utf8');
    expect(doc).toContain(`| range (hexes) | ${table.bands.map((b) => `up to ${b.upTo}`).join(' | ')} | beyond |`);
    expect(doc).toContain(`| needs | ${table.bands.map((b) => b.needs).join(' | ')} | no attempt |`);
    expect(doc).toContain(`within **${table.autoHexes} hexes**`);
    expect(doc).toContain(`one hex per ${table.feetPerHex} ft`);
    const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
    expect(doc).toContain(`| a plane with two engines or more | ${sign(table.size.multiEngine)} |`);
    expect(doc).toContain(`| a ship | ${sign(table.size.ship)} |`);
    expect(doc).toContain(`| a truck or tank on the ground | ${sign(table.size.vehicle)} |`);
    expect(doc).toContain(
      `| a plane ${table.lowOverLand.feet.toLocaleString('en')} ft or more below the spotter, over land | ${sign(table.lowOverLand.mod)} |`,
    );
    expect(doc).toContain(`within one clock hour of the sun's direction | ${sign(table.upSun)} |`);
  });

  it('refuses bands that do not go outwards, or a number needed that rises with range', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotting-'));
    const path = join(dir, 'spotting.yaml');
    writeFileSync(
      path,
      readFileSync('data/spotting.yaml', 'utf8').replace('{ upTo: 12, needs: 4 }', '{ upTo: 12, needs: 6 }'),
    );
    expect(() => loadSpottingTable(path)).toThrow(/bands\[1\]: bands go outwards/);
  });
});
