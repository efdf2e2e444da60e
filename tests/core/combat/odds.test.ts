/** The odds model (seed 002 sections 3-6): HV and defence from the cards, D6 and D12, bombers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GUNNER_HIT_VALUE,
  bomberDamage,
  bomberStatus,
  cardHitValue,
  combineOutcomes,
  defence,
  groupHitValue,
  leftoverThreshold,
  oddsHits,
  oddsOf,
  oddsResult,
  usesDamagePoints,
  type OddsOutcome,
} from '../../../src/core/combat/odds.ts';
import { damagedBand } from '../../../src/core/damage/effects.ts';
import { chartById, hitsFor } from '../../../src/core/combat/fire-tables.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const cards = loadAircraftDir();
const card = (id: string) => cards.get(id)!;
const outcomes = (hits: number, hv: number, def: number, die: 6 | 12, firsts: number[], second = 1) =>
  firsts.map((r) => oddsResult(hits, hv, def, die, [r, second]).outcome);

describe('hit values and defence from the cards', () => {
  it('seed 002: Spitfire HV 8, Bf 109 defence 6', () => {
    expect(cardHitValue(card('spitfire-1a'))).toBe(8);
    expect(defence(card('bf-109e'))).toBe(6);
    expect(defence(card('bf-109g'))).toBe(6);
  });

  it('seed 002: Fw 190A-8 HV 20; gunner and turret fire HV 8', () => {
    expect(cardHitValue(card('fw-190a8'))).toBe(20);
    expect(GUNNER_HIT_VALUE).toBe(8);
    const turret = card('b-17g').guns.find((g) => g.id === 'TOP')!;
    expect(groupHitValue(turret)).toBe(8);
  });

  it('the light-built Zero defends worst, the heavy P-47D best among single-engine fighters', () => {
    const fighters = [...cards.values()].filter((c) => c.class === 'fighter1');
    const defs = fighters.map((c) => defence(c));
    expect(defence(card('a6m2'))).toBe(Math.min(...defs));
    expect(defence(card('p-47d'))).toBe(Math.max(...defs));
  });

  it('medium and heavy bombers count damage points; fighters and light bombers use odds', () => {
    expect(usesDamagePoints(card('b-17g').class)).toBe(true);
    expect(usesDamagePoints(card('he-111h').class)).toBe(true);
    expect(usesDamagePoints(card('ju-87b').class)).toBe(false);
    expect(usesDamagePoints(card('bf-110c').class)).toBe(false);
  });
});

describe('D6 (seed 002 3.2)', () => {
  it('example: 2 hits x HV 8 vs defence 6 = 16:6 = 2:1, down on 1, damaged on 2', () => {
    expect(oddsOf(2, 8, 6, 6)).toMatchObject({ odds: 2, label: '2:1' });
    expect(outcomes(2, 8, 6, 6, [1, 2, 3, 6])).toEqual(['down', 'damaged', 'none', 'none']);
  });

  it('example: 3 hits = 4:1, down on 1-2, damaged on 3-4', () => {
    expect(oddsOf(3, 8, 6, 6).label).toBe('4:1');
    expect(outcomes(3, 8, 6, 6, [1, 2, 3, 4, 5, 6])).toEqual(['down', 'down', 'damaged', 'damaged', 'none', 'none']);
  });

  it('3:1: down on 1 (half of 3, fractions down), damaged on 2-3', () => {
    expect(outcomes(3, 6, 6, 6, [1, 2, 3, 4])).toEqual(['down', 'damaged', 'damaged', 'none']);
  });

  it('1:1 (and anything below 2:1): on a 1 roll again, 1-3 down, 4-6 damaged', () => {
    expect(oddsOf(1, 9, 6, 6).label).toBe('1:1');
    expect(oddsResult(1, 6, 6, 6, [2])).toMatchObject({ outcome: 'none', rolls: [2] });
    expect(oddsResult(1, 6, 6, 6, [1, 3])).toMatchObject({ outcome: 'down', rolls: [1, 3] });
    expect(oddsResult(1, 9, 6, 6, [1, 4]).outcome).toBe('damaged');
  });

  it('1:2 (from 1:2 up to 1:1): on a 1 roll again, 1 down, 2-3 damaged', () => {
    expect(oddsOf(1, 4, 6, 6).label).toBe('1:2');
    expect([1, 2, 3, 4].map((s) => oddsResult(1, 4, 6, 6, [1, s]).outcome)).toEqual([
      'down',
      'damaged',
      'damaged',
      'none',
    ]);
    expect(oddsResult(1, 4, 6, 6, [2]).outcome).toBe('none');
  });

  it('below 1:2: on a 1 roll again, damaged on a 1', () => {
    expect(oddsOf(1, 2, 6, 6).label).toBe('<1:2');
    expect([1, 2].map((s) => oddsResult(1, 2, 6, 6, [1, s]).outcome)).toEqual(['damaged', 'none']);
  });

  it('no hits: no roll', () => {
    expect(oddsResult(0, 8, 6, 6, [])).toMatchObject({ outcome: 'none', rolls: [] });
  });

  it('takes the dice from a function as well as a list', () => {
    const dice = [1, 2];
    expect(oddsResult(1, 6, 6, 6, () => dice.shift()!).outcome).toBe('down');
    expect(() => oddsResult(2, 8, 6, 6, [7])).toThrow(RangeError);
  });
});

describe('D12 (seed 002 6.1)', () => {
  it('example: 16:6 = 2.5:1, down on 1-2, damaged on 3-5', () => {
    expect(oddsOf(2, 8, 6, 12)).toMatchObject({ odds: 2.5, label: '2.5:1' });
    expect(outcomes(2, 8, 6, 12, [1, 2, 3, 5, 6])).toEqual(['down', 'down', 'damaged', 'damaged', 'none']);
  });

  it('example: 3 hits = 4:1, down on 1-4, damaged on 5-8', () => {
    expect(outcomes(3, 8, 6, 12, [4, 5, 8, 9])).toEqual(['down', 'damaged', 'damaged', 'none']);
  });

  it('1:1 follows the general rule: down on 1, damaged on 2', () => {
    expect(outcomes(1, 6, 6, 12, [1, 2, 3])).toEqual(['down', 'damaged', 'none']);
  });

  it('1:2: on a 1 roll again, 1-6 down, 7-12 damaged; below: 1-2 down, 3-6 damaged, 7-12 nothing', () => {
    expect([6, 7].map((s) => oddsResult(1, 4, 6, 12, [1, s]).outcome)).toEqual(['down', 'damaged']);
    expect([2, 3, 6, 7].map((s) => oddsResult(1, 2, 6, 12, [1, s]).outcome)).toEqual([
      'down',
      'damaged',
      'damaged',
      'none',
    ]);
    expect(oddsResult(1, 2, 6, 12, [2]).outcome).toBe('none');
  });
});

describe('property: more hits never help the target', () => {
  const rank = (o: OddsOutcome) => ['none', 'damaged', 'down'].indexOf(o);
  it.each([6, 12] as const)('D%i', (die) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 2, max: 15 }),
        fc.integer({ min: 1, max: die }),
        fc.integer({ min: 1, max: die }),
        (h, dh, hv, def, a, b) => {
          const lo = oddsResult(h, hv, def, die, [a, b]).outcome;
          const hi = oddsResult(h + dh, hv, def, die, [a, b]).outcome;
          expect(rank(hi)).toBeGreaterThanOrEqual(rank(lo));
        },
      ),
    );
  });
});

describe('medium and heavy bombers (seed 002 section 4)', () => {
  it('example: Fw 190A-8 (HV 20) with 3 hits on a B-17G: 60 HV = 7 points, the 4 left over score on 1-3', () => {
    const hv = 3 * cardHitValue(card('fw-190a8'));
    expect(hv).toBe(60);
    expect(bomberDamage(hv, 6, 3)).toEqual({ hv: 60, points: 7, leftover: 4, threshold: 3, roll: 3, total: 8 });
    expect(bomberDamage(hv, 6, 4).total).toBe(7);
    expect(() => bomberDamage(hv, 6)).toThrow(RangeError);
  });

  it('an attack of HV 4-7 scores on 1-3; under 4 nothing, whole 8s need no roll', () => {
    expect([3, 4, 7].map((l) => leftoverThreshold(l, 6))).toEqual([0, 3, 3]);
    expect(bomberDamage(16, 6)).toMatchObject({ points: 2, threshold: 0, total: 2 });
  });

  it('D12: 2-3 left over on 1-3, 4-5 on 1-6, 6-7 on 1-9', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((l) => leftoverThreshold(l, 12))).toEqual([0, 3, 3, 6, 6, 9, 9]);
    expect(bomberDamage(62, 12, 9).total).toBe(8);
  });

  it('damaged at half the defence, down at the defence (B-17G defence 15: damaged at 8)', () => {
    const def = defence(card('b-17g'));
    expect(def).toBe(15);
    expect([7, 8, 14, 15].map((p) => bomberStatus(p, def))).toEqual(['none', 'damaged', 'damaged', 'down']);
  });
});

describe('odds hits and damage effects', () => {
  it('hits come from the HV 8 reference chart (8x30M)', () => {
    expect(oddsHits(3, 9)).toBe(4);
    expect(oddsHits(5, 7)).toBe(hitsFor(chartById('8x30M')!, 5, 7));
  });

  it('a damaged fighter damaged again is shot down', () => {
    expect(combineOutcomes('damaged', 'damaged')).toBe('down');
    expect(combineOutcomes('none', 'damaged')).toBe('damaged');
    expect(combineOutcomes('damaged', 'none')).toBe('damaged');
  });

  it('damage costs a power factor, a hex on every turn mode and a speed point, and drops the bomb load', () => {
    const band = card('ju-87b').bands[0]!;
    const d = damagedBand(band);
    expect(d.power).toBe(Math.max(1, band.power - 1));
    expect(d.levelMax).toBe(band.levelMax - 1);
    expect(d.turnModes.maneuver.turn).toBe(band.turnModes.maneuver.turn + 1);
    expect(d.loaded).toBeUndefined();
  });
});
