/** Hit location and criticals (seed 001 combat: the D10 tables, sides, the red die). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HIT_TABLES,
  applyCritical,
  d10sNeeded,
  d10sWithShot,
  describeLocated,
  locate,
  remainingFromCapacity,
  resolveEngineHit,
  resolveSide,
  splitHits,
  tableEntry,
} from '../../../src/core/combat/hit-location.ts';
import { HIT_STEPS } from '../../../src/core/combat/fire-tables.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const cards = loadAircraftDir();

describe('seed 001 worked example: 4 hits on a He 111, D10 5, red 5', () => {
  const he111 = cards.get('he-111h')!;
  const located = locate(4, [5], he111.engines > 1);

  it('reads WFEE* on the 4 vs ME column, odd D10 = left side', () => {
    expect(located.rolls).toEqual([{ d10: 5, hits: 4, entry: 'WFEE*', critical: true, side: 'left' }]);
    expect(located.systemHits.map((h) => h.system).join('')).toBe('WFEE');
    expect(describeLocated(located)).toBe('D10 5: WFEE* (left)');
  });

  it('red 5 adds 1 E to the left engine: 3 E hits destroy it (E capacity 3)', () => {
    expect(he111.damage.E).toBe(3);
    const remaining = remainingFromCapacity(located, he111.damage, he111.engines);
    const crit = applyCritical(located, 5, remaining)!;
    expect(crit.extra).toBe(1);
    expect(crit.hit.system).toBe('E');
    expect(crit.hit.side).toBe('left');
    expect(remaining(crit.hit) - crit.extra).toBe(0);
    const eHits = located.systemHits.filter((h) => h.system === 'E' && h.side === 'left').length + crit.extra;
    expect(eHits).toBe(3);
    expect(resolveEngineHit(2, crit.hit.side, [false, false])).toEqual({ index: 0, name: 'left engine' });
  });

  it('red 1-4 adds nothing; red 6 adds 2', () => {
    const remaining = remainingFromCapacity(located, he111.damage, he111.engines);
    for (const red of [1, 2, 3, 4]) expect(applyCritical(located, red, remaining)).toBeNull();
    expect(applyCritical(located, 6, remaining)!.extra).toBe(2);
  });
});

describe('seed 001 critical examples (A6M2 Zero, P-40C)', () => {
  const entries1E = HIT_TABLES['1E'].slice(1).flatMap((col, i) => col.map((e, d) => ({ hits: i + 2, d10: d + 1, e })));
  const letters = (e: string) => e.replace('*', '');

  it('A6M2: any C or L hit with red 5 or 6 shoots it down; an E hit alone only with red 6', () => {
    const zero = cards.get('a6m2')!;
    for (const { hits, d10, e } of entries1E) {
      const l = locate(hits, [d10], false);
      const remaining = remainingFromCapacity(l, zero.damage, 1);
      for (const red of [5, 6]) {
        const crit = applyCritical(l, red, remaining);
        const destroyed = crit !== null && remaining(crit.hit) - crit.extra <= 0;
        if (/[CL]/.test(letters(e))) expect(destroyed, `${e} red ${red}`).toBe(true);
        else if (/E/.test(letters(e))) expect(destroyed, `${e} red ${red}`).toBe(red === 6);
        else expect(crit, e).toBeNull();
      }
    }
  });

  it('P-40C: red 6 with any C, L or E hit shoots it down, red 5 leaves the system one hit short', () => {
    const p40 = cards.get('p-40c')!;
    for (const { hits, d10, e } of entries1E.filter((x) => /[CLE]/.test(letters(x.e)))) {
      const l = locate(hits, [d10], false);
      const remaining = remainingFromCapacity(l, p40.damage, 1);
      const six = applyCritical(l, 6, remaining)!;
      const five = applyCritical(l, 5, remaining)!;
      expect(remaining(six.hit) - six.extra, e).toBe(0);
      expect(remaining(five.hit) - five.extra, e).toBe(1);
    }
  });

  it("the firer's choice: the system with the least capacity left, ties C, then L, then E", () => {
    const zero = cards.get('a6m2')!;
    const l = locate(4, [5], false); // WFEC*
    expect(l.rolls[0]!.entry).toBe('WFEC*');
    expect(applyCritical(l, 5, remainingFromCapacity(l, zero.damage, 1))!.hit.system).toBe('C');
    const even = applyCritical(l, 5, () => 1)!;
    expect(even.hit.system).toBe('C');
    const engineWorse = applyCritical(l, 5, (h) => (h.system === 'E' ? 1 : 2))!;
    expect(engineWorse.hit.system).toBe('E');
    // An engine this shot destroys by itself (0 left) gains nothing: the extra hits go to C.
    const engineGone = applyCritical(l, 5, (h) => (h.system === 'E' ? 0 : 2))!;
    expect(engineGone.hit.system).toBe('C');
  });

  it('no critical from a 1-hit shot', () => {
    for (let d = 1; d <= 10; d++) {
      const l = locate(1, [d], false);
      expect(applyCritical(l, 6, () => 0)).toBeNull();
    }
  });
});

describe('the tables', () => {
  it('hold 10 entries per column, each of exactly that many valid system letters', () => {
    for (const key of ['1E', 'ME'] as const)
      HIT_TABLES[key].forEach((col, i) => {
        expect(col).toHaveLength(10);
        for (const e of col) expect(e).toMatch(new RegExp(`^[CLEWFG]{${i + 1}}\\*?$`));
      });
  });

  it('stars only on entries of 2+ hits with C, L or E; more of them at 3 and 4 hits', () => {
    for (const key of ['1E', 'ME'] as const) {
      const stars = HIT_TABLES[key].map((col) => col.filter((e) => e.endsWith('*')).length);
      expect(stars[0]).toBe(0);
      expect(stars[1]!).toBeLessThan(stars[3]!);
      expect(stars[2]!).toBeLessThanOrEqual(stars[3]!);
      for (const col of HIT_TABLES[key]) for (const e of col.filter((x) => x.endsWith('*'))) expect(e).toMatch(/[CLE]/);
    }
    for (const col of HIT_TABLES['1E'].slice(1)) for (const e of col) expect(e.endsWith('*')).toBe(/[CLE]/.test(e));
  });

  it('W and F most common, E sometimes (more often on multi-engine planes), G occasionally, C and L rare', () => {
    for (const key of ['1E', 'ME'] as const) {
      const all = HIT_TABLES[key].flat().join('').replace(/\*/g, '');
      const n = (ch: string) => all.split(ch).length - 1;
      const share = (ch: string) => n(ch) / all.length;
      expect(Math.min(n('W'), n('F'))).toBeGreaterThan(Math.max(n('E'), n('G'), n('C'), n('L')));
      expect(n('E')).toBeGreaterThan(n('G'));
      for (const ch of ['C', 'L']) expect(share(ch)).toBeLessThanOrEqual(0.06);
    }
    const eShare = (key: '1E' | 'ME') => HIT_TABLES[key].flat().join('').split('E').length - 1;
    expect(eShare('ME')).toBeGreaterThan(eShare('1E'));
  });

  it('rejects hits outside 1-4 and D10s outside 1-10', () => {
    expect(() => tableEntry(5, 1, false)).toThrow(RangeError);
    expect(() => tableEntry(2, 0, false)).toThrow(RangeError);
    expect(() => tableEntry(2, 11, true)).toThrow(RangeError);
  });
});

describe('more than 4 hits', () => {
  it('split into 4s and a trailing 2', () => {
    expect([6, 8, 10, 12, 14, 16].map(splitHits)).toEqual([
      [4, 2],
      [4, 4],
      [4, 4, 2],
      [4, 4, 4],
      [4, 4, 4, 2],
      [4, 4, 4, 4],
    ]);
    expect([0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16].map(d10sNeeded)).toEqual([0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('1 D10 with the 2D6 when the best result is under 6, else 2', () => {
    expect([1, 4, 6, 16].map(d10sWithShot)).toEqual([1, 1, 2, 2]);
  });

  it('use the D10s in order, each with its own side; results add up', () => {
    const l = locate(10, [5, 2, 7], true);
    expect(l.rolls.map((r) => [r.hits, r.entry, r.side])).toEqual([
      [4, 'WFEE*', 'left'],
      [4, 'WFEE', 'right'],
      [2, 'FE*', 'left'],
    ]);
    expect(l.systemHits).toHaveLength(10);
    expect(() => locate(10, [5, 2], true)).toThrow(RangeError);
    expect(locate(3, [4, 9], false).rolls).toHaveLength(1);
    expect(locate(0, [], false).systemHits).toEqual([]);
  });

  it('property: every chart result locates exactly that many system hits, sides by D10 parity', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HIT_STEPS),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (hits, d10s, me) => {
          const l = locate(hits, d10s, me);
          expect(l.systemHits).toHaveLength(hits);
          for (const h of l.systemHits) expect(h.side).toBe(d10s[h.roll]! % 2 === 1 ? 'left' : 'right');
        },
      ),
    );
  });
});

describe('sides, engines and centre-line systems', () => {
  it('1 engine: always that engine', () => {
    expect(resolveEngineHit(1, 'right', [false])).toEqual({ index: 0, name: 'engine' });
    expect(resolveEngineHit(1, 'left', [true])).toBeNull();
  });

  it('2 engines: the side named; a dead engine takes no more', () => {
    expect(resolveEngineHit(2, 'right', [false, false])!.name).toBe('right engine');
    expect(resolveEngineHit(2, 'left', [true, false])).toBeNull();
  });

  it('3 engines: the centre engine only once both outboard engines are destroyed', () => {
    expect(resolveEngineHit(3, 'left', [false, false, false])!.name).toBe('left engine');
    expect(resolveEngineHit(3, 'left', [true, false, false])).toBeNull();
    expect(resolveEngineHit(3, 'left', [true, false, true])!.name).toBe('centre engine');
    expect(resolveEngineHit(3, 'right', [true, true, true])).toBeNull();
  });

  it('4 engines: the inner engine of the side first, then the outer', () => {
    expect(resolveEngineHit(4, 'left', [false, false, false, false])!.name).toBe('left inner engine');
    expect(resolveEngineHit(4, 'left', [false, true, false, false])!.name).toBe('left outer engine');
    expect(resolveEngineHit(4, 'right', [false, false, false, false])).toEqual({
      index: 2,
      name: 'right inner engine',
    });
    expect(resolveEngineHit(4, 'right', [false, false, true, true])).toBeNull();
  });

  it('gun positions: wing sides, the nose guns on the centre line only when both wings are out', () => {
    expect(resolveSide('left', { left: false, right: false, centre: false })).toBe('left');
    expect(resolveSide('left', { left: true, right: false, centre: false })).toBeNull();
    expect(resolveSide('right', { left: true, right: true, centre: false })).toBe('centre');
    expect(resolveSide('right', { centre: false })).toBe('centre');
    expect(resolveSide('right', { centre: true })).toBeNull();
  });
});
