import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';

const ships = loadShipDir();

describe('ship cards (data/ships, docs/ships.md)', () => {
  it('has at least a fleet carrier, a light carrier, a battleship, a cruiser, a destroyer and a transport', () => {
    const types = new Set([...ships.values()].map((s) => s.type));
    for (const t of ['fleet-carrier', 'light-carrier', 'battleship', 'cruiser', 'destroyer', 'transport'])
      expect(types, t).toContain(t);
  });

  // The derivation of docs/ships.md, worked again here from the figures (not through deriveShip).
  for (const card of ships.values()) {
    it(`${card.id}: every rating follows from its figures, and every figure has a source`, () => {
      const f = card.figures;
      expect(f.sources.length).toBeGreaterThan(0);
      for (const s of f.sources) expect(s).toMatch(/https?:\/\//);
      const hexYards = (((40 * 5280) / 3600) * 10) / 3; // 40 mph for 10 seconds, in yards: 195.6
      const diameter = f.tacticalDiameterYd ?? Math.round((5 * f.lengthM) / 0.9144);
      expect(card.diameterYd).toBe(diameter);
      expect(card.maxKnots).toBe(Math.round(f.maxSpeedKt));
      expect(card.turnMode).toBe(Math.max(1, Math.round((Math.PI * diameter) / 12 / hexYards)));
      expect(card.accelKnots).toBe(Math.max(1, Math.round(card.maxKnots / 20)));
      expect(card.hullPoints).toBe(Math.max(1, Math.round((4 * Math.sqrt(f.displacementT)) / 35)));
    });
  }

  it('a card whose rating does not follow from its figures is refused, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ships-'));
    const text = readFileSync('data/ships/hiryu.yaml', 'utf8').replace('turnMode: 2', 'turnMode: 1');
    writeFileSync(join(dir, 'hiryu.yaml'), text);
    expect(() => loadShipDir(dir)).toThrow(/hiryu\.yaml: turnMode: 1 does not follow from the figures \(they give 2/);
  });

  it('a card named other than its id is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ships-'));
    writeFileSync(join(dir, 'akagi.yaml'), readFileSync('data/ships/hiryu.yaml', 'utf8'));
    expect(() => loadShipDir(dir)).toThrow(/akagi\.yaml: id: expected akagi/);
  });
});
