/**
 * The card ratings against the statements of the seeds: seed 001's critical-hit example (Zero and
 * P-40C), the He 111 engine example, and the rows of rule (29).
 */
import { describe, expect, it } from 'vitest';
import type { AircraftCard } from '../../../src/core/aircraft/types.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const cards = loadAircraftDir();
const card = (id: string): AircraftCard => cards.get(id)!;

/**
 * A burst whose location roll put `hits` hits on one C, L or E system, with the red die `red`:
 * a red 5 adds 1 hit and a red 6 adds 2 to that system (seed 001, air combat procedure changes).
 * True when the system is destroyed.
 */
const destroyed = (c: AircraftCard, system: 'C' | 'L' | 'E', red: number, hits = 1): boolean =>
  hits + (red === 6 ? 2 : red === 5 ? 1 : 0) >= c.damage[system];

describe('seed 001 combat example: critical hits', () => {
  it('A6M2 Zero: any C or L hit with red 5 or 6 shoots it down', () => {
    const z = card('a6m2');
    for (const s of ['C', 'L'] as const) {
      expect(destroyed(z, s, 5)).toBe(true);
      expect(destroyed(z, s, 6)).toBe(true);
      for (const red of [1, 2, 3, 4]) expect(destroyed(z, s, red)).toBe(false);
    }
  });
  it('A6M2 Zero: an E hit (without C or L) shoots it down with red 6, not red 5', () => {
    const z = card('a6m2');
    expect(destroyed(z, 'E', 6)).toBe(true);
    expect(destroyed(z, 'E', 5)).toBe(false);
  });
  it('P-40C: red 6 with any C, L or E hit downs it; red 5 leaves it one hit short', () => {
    const p = card('p-40c');
    for (const s of ['C', 'L', 'E'] as const) {
      expect(destroyed(p, s, 6)).toBe(true);
      expect(destroyed(p, s, 5)).toBe(false);
      expect(p.damage[s] - (1 + 1)).toBe(1); // severely damaged: one more hit destroys it
    }
  });
  it('the capacities are the documented ones', () => {
    expect(card('a6m2').damage).toMatchObject({ C: 2, L: 2, E: 3 });
    expect(card('p-40c').damage).toMatchObject({ C: 3, L: 3, E: 3 });
  });
  it('He 111: WFEE* with red 5 destroys the engine (2 + 1 hits); without the critical it survives', () => {
    const h = card('he-111h');
    expect(destroyed(h, 'E', 5, 2)).toBe(true);
    expect(destroyed(h, 'E', 1, 2)).toBe(false);
  });
  it('no single-engine fighter survives two criticals on C when the location roll already hit it twice', () => {
    for (const c of cards.values()) if (c.class === 'fighter1') expect(destroyed(c, 'C', 6, 2), c.id).toBe(true);
  });
});

describe('seed 001 rule (29): manoeuvre speed-loss rows', () => {
  const named: Record<string, string> = {
    a6m2: 'LWL',
    a6m5: 'LWL',
    'spitfire-1a': 'LWL',
    'spitfire-9c': 'LWL',
    'ki-43-2': 'LWL',
    'f4f-4': 'MWL',
    'hurricane-1': 'MWL',
    'sbd-3': 'MWL',
    'p-39d': 'P40',
    'p-40c': 'P40',
    'f6f-3': 'P40',
    'p-51d': 'P51',
    'bf-109e': 'P51',
    'bf-109g': 'P51',
    'p-47d': 'P47',
    'fw-190a8': 'FW190',
    'p-38j': 'HEAVY',
    'he-111h': 'HEAVY',
    'b-17g': 'HEAVY',
    'b-25j': 'HEAVY',
  };
  it.each(Object.entries(named))('%s is in row %s', (id, row) => {
    expect(card(id).wingLoading).toBe(row);
  });
  it('the types the rule names by name carry the row as input', () => {
    for (const [id, row] of Object.entries(named)) {
      if (card(id).class.startsWith('bomber')) expect(card(id).rule29Group).toBeUndefined();
      else expect(card(id).rule29Group, id).toBe(row);
    }
  });
  it('types the rule does not name are placed by class and wing loading', () => {
    expect(card('bf-110c').wingLoading).toBe('HEAVY'); // twin-engine fighter, like the P-38
    expect(card('ju-87b').wingLoading).toBe('MWL'); // dive bomber, 27.9 lb/sq ft, like the SBD
    expect(card('f4u-1a').wingLoading).toBe('P51'); // 38.3 lb/sq ft
  });
});

describe('shape of the ratings', () => {
  it('turn modes are small, lowest for light wing loading, and rise with the speed range', () => {
    for (const c of cards.values()) {
      for (const b of c.bands) {
        const { maneuver, level, dive } = b.turnModes;
        for (const k of ['turn', 'slip', 'halfRoll', 'bank', 'halfLoop'] as const) {
          expect(level[k]).toBeGreaterThan(maneuver[k]);
          expect(dive[k]).toBeGreaterThan(level[k]);
        }
      }
    }
    expect(card('a6m2').bands[0]!.turnModes.maneuver.turn).toBe(1);
    expect(card('spitfire-1a').bands[0]!.turnModes.maneuver.turn).toBe(1);
    expect(card('fw-190a8').bands[0]!.turnModes.maneuver.turn).toBeGreaterThan(
      card('p-40c').bands[0]!.turnModes.maneuver.turn,
    );
    expect(card('b-17g').bands[0]!.turnModes.maneuver.turn).toBeGreaterThanOrEqual(5);
  });
  it('climbs are whole hundreds of feet, at most 1000 (rule (18)); dive bombers have dive brakes', () => {
    for (const c of cards.values()) {
      for (const b of c.bands) {
        expect(b.climb % 100).toBe(0);
        expect(b.climb).toBeLessThanOrEqual(1000);
        expect(b.dive).toBeLessThanOrEqual(200 * b.levelMax); // rule (17)
      }
    }
    expect(card('sbd-3').bands[0]!.brake).toBeGreaterThan(2);
    expect(card('ju-87b').bands[0]!.brake).toBeGreaterThan(2);
  });
});
