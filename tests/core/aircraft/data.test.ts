/** Every card in data/aircraft parses, and its ratings are exactly what derive.ts makes of its input. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { deriveCard, inputOf } from '../../../src/core/aircraft/derive.ts';
import { parseCard } from '../../../src/core/aircraft/schema.ts';
import { DEFAULT_AIRCRAFT_DIR, cardToYaml, loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const files = readdirSync(DEFAULT_AIRCRAFT_DIR)
  .filter((n) => n.endsWith('.yaml'))
  .sort();
const cards = loadAircraftDir();

describe('data/aircraft', () => {
  it('holds at least 20 types, every one valid', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(cards.size).toBe(files.length);
  });

  it.each(files)('%s parses and is named after its id', (n) => {
    const r = parseCard(parse(readFileSync(join(DEFAULT_AIRCRAFT_DIR, n), 'utf8')), n);
    if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
    expect(`${r.value.id}.yaml`).toBe(n);
  });

  it.each([...cards.keys()])('%s: stored ratings = deriveCard(input)', (id) => {
    const card = cards.get(id)!;
    expect(card).toEqual(deriveCard(inputOf(card)));
  });

  it.each(files)('%s is exactly the YAML that `aircraft derive` prints', (n) => {
    const text = readFileSync(join(DEFAULT_AIRCRAFT_DIR, n), 'utf8');
    expect(text).toBe(cardToYaml(cards.get(n.replace(/\.yaml$/, ''))!));
  });

  it('covers every type seed 001 rule (29) names, and the variants the examples need', () => {
    for (const id of [
      'a6m2',
      'spitfire-1a',
      'spitfire-9c',
      'ki-43-2',
      'f4f-4',
      'hurricane-1',
      'sbd-3',
      'p-39d',
      'p-40c',
      'f6f-3',
      'p-51d',
      'bf-109e',
      'bf-109g',
      'p-47d',
      'fw-190a8',
      'p-38j',
      'he-111h',
      'b-17g',
      'ju-87b',
      'bf-110c',
      'b-25j',
    ])
      expect(cards.has(id), id).toBe(true);
  });

  it('the Spitfire I fires eight rifle-calibre guns as one group (seed 001 combat example: 8x30M)', () => {
    expect(cards.get('spitfire-1a')!.guns).toEqual([{ id: 'FF', mount: 'FF', weapons: [{ type: '30M', count: 8 }] }]);
  });

  it('short range (6 hexes) is exactly the flexible rifle-calibre guns', () => {
    for (const c of cards.values()) {
      for (const g of c.guns) {
        const rifleFlex = g.mount === 'F' && g.weapons.every((w) => w.type === '30M');
        expect(g.shortRange === true, `${c.id} ${g.id}`).toBe(rifleFlex);
      }
    }
  });

  it('every card lists its sources, and bombers and fighter-bombers with bombs have loaded figures', () => {
    for (const c of cards.values()) {
      expect(c.figures.sources.length, c.id).toBeGreaterThan(0);
      for (const b of c.bands) expect(b.loaded !== undefined, `${c.id} ${b.floor}`).toBe(c.figures.bombLoadLb > 0);
    }
    for (const id of ['he-111h', 'b-17g', 'b-25j', 'sbd-3', 'ju-87b', 'p-47d'])
      expect(cards.get(id)!.figures.bombLoadLb).toBeGreaterThan(0);
  });

  it('a 360 mph fighter makes 9 points of level speed; fast fighters dive above 12', () => {
    const p51 = cards.get('p-51d')!;
    expect(Math.max(...p51.bands.map((b) => b.diveMax))).toBeGreaterThan(12);
    const spit = cards.get('spitfire-1a')!;
    expect(spit.bands[1]!.levelMax).toBe(9); // 362 mph at 18,500 ft
  });
});
