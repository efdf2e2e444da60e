/** Deflection modifiers (seed 001 combat: the DRM table and the flexible-gun rules). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFLECTION_DRM,
  fixedDeflection,
  flexCategory,
  flexDeflection,
  headingOffset,
} from '../../../src/core/combat/deflection.ts';

describe('fixed guns', () => {
  it('clock 5-7 is no deflection, 4 and 8 medium, 9 to 3 high', () => {
    const cats = Array.from({ length: 12 }, (_, i) => fixedDeflection(i + 1, 1).category);
    expect(cats).toEqual([
      'high',
      'high',
      'high',
      'medium',
      'none',
      'none',
      'none',
      'medium',
      'high',
      'high',
      'high',
      'high',
    ]);
  });

  it("seed example: +1 for a 6 o'clock shot at a He 111 (two engines)", () => {
    expect(fixedDeflection(6, 2)).toEqual({ drm: 1, category: 'none' });
  });

  it('single-engine +1 / -1 / -3, multi-engine +1 / 0 / -2 for 2, 3 and 4 engines', () => {
    expect([6, 4, 12].map((c) => fixedDeflection(c, 1).drm)).toEqual([1, -1, -3]);
    for (const e of [2, 3, 4]) expect([7, 8, 3].map((c) => fixedDeflection(c, e).drm)).toEqual([1, 0, -2]);
  });

  it('the same value for the best shots, the multi-engine column better for deflection shots', () => {
    expect(DEFLECTION_DRM['1E'].none).toBe(DEFLECTION_DRM.ME.none);
    expect(DEFLECTION_DRM.ME.medium).toBeGreaterThan(DEFLECTION_DRM['1E'].medium);
    expect(DEFLECTION_DRM.ME.high).toBeGreaterThan(DEFLECTION_DRM['1E'].high);
  });

  it('rejects clock positions outside 1-12 and engine counts below 1', () => {
    expect(() => fixedDeflection(0, 1)).toThrow(RangeError);
    expect(() => fixedDeflection(13, 1)).toThrow(RangeError);
    expect(() => fixedDeflection(6, 0)).toThrow(RangeError);
  });
});

describe('flexible guns', () => {
  it('heading offsets run -5..6', () => {
    expect(headingOffset(0, 11)).toBe(-1);
    expect(headingOffset(11, 1)).toBe(2);
    expect(headingOffset(3, 9)).toBe(6);
  });

  it('straight ahead at a target flying away, or straight behind at one following: no deflection', () => {
    for (const t of [11, 0, 1]) {
      expect(flexCategory(0, t, 12)).toBe('none');
      expect(flexCategory(0, t, 6)).toBe('none');
      expect(flexCategory(0, t, 5)).toBe('none');
      expect(flexCategory(0, t, 1)).toBe('none');
    }
  });

  it('exactly 2 points off in those arcs: medium; more: high (head-on passes are high)', () => {
    expect(flexCategory(0, 2, 12)).toBe('medium');
    expect(flexCategory(0, 10, 6)).toBe('medium');
    expect(flexCategory(0, 3, 6)).toBe('high');
    expect(flexCategory(0, 6, 12)).toBe('high');
  });

  it("4 o'clock: same heading, straight at the firer, or between: medium; 8 o'clock mirrored", () => {
    expect([0, 11, 10].map((t) => flexCategory(0, t, 4))).toEqual(['medium', 'medium', 'medium']);
    expect([1, 9, 6].map((t) => flexCategory(0, t, 4))).toEqual(['high', 'high', 'high']);
    expect([0, 1, 2].map((t) => flexCategory(0, t, 8))).toEqual(['medium', 'medium', 'medium']);
    expect([11, 3].map((t) => flexCategory(0, t, 8))).toEqual(['high', 'high']);
  });

  it('beam and quarter positions 2, 3, 9, 10 are always high', () => {
    for (const c of [2, 3, 9, 10]) for (let t = 0; t < 12; t++) expect(flexCategory(0, t, c)).toBe('high');
  });

  it('uses the same DRM table by engines', () => {
    expect(flexDeflection(0, 0, 6, 1)).toEqual({ drm: 1, category: 'none' });
    expect(flexDeflection(0, 0, 4, 4)).toEqual({ drm: 0, category: 'medium' });
    expect(flexDeflection(0, 3, 3, 1)).toEqual({ drm: -3, category: 'high' });
  });

  it('property: turning both planes together changes nothing; mirroring left-right keeps the category', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 11 }),
        (f, t, c, k) => {
          expect(flexCategory(f + k, t + k, c)).toBe(flexCategory(f, t, c));
          const mirrorClock = c === 12 ? 12 : 12 - c;
          expect(flexCategory(0, (12 - headingOffset(f, t)) % 12, mirrorClock)).toBe(flexCategory(f, t, c));
        },
      ),
    );
  });
});
