import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  IMPULSE_TABLE,
  movementPoints,
  movementRow,
  schedule,
  isSkippedInSteep,
} from '../../../src/core/impulse/index.ts';

const TABLE: Record<number, number[]> = {
  1: [8],
  2: [5, 10],
  3: [3, 8, 12],
  4: [3, 6, 9, 12],
  5: [3, 5, 8, 10, 12],
  6: [3, 5, 6, 9, 10, 12],
  7: [1, 3, 5, 7, 8, 10, 12],
  8: [1, 3, 4, 6, 7, 9, 10, 12],
  9: [1, 2, 4, 5, 7, 8, 9, 11, 12],
  10: [1, 2, 4, 5, 6, 7, 8, 9, 11, 12],
  11: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12],
  12: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
};

describe('impulse table (seed 000 XII as read in rules-notes)', () => {
  it('matches every row', () => {
    for (let s = 1; s <= 12; s++) {
      expect(schedule(s * 10)).toEqual({ speed: s, row: s, impulses: TABLE[s], double: [] });
      expect(IMPULSE_TABLE[s]!.length).toBe(s);
    }
  });
  it('rounds tenths to the nearest, .5 down (seed 001 rule (1))', () => {
    expect(movementRow(55)).toBe(5);
    expect(movementRow(56)).toBe(6);
    expect(movementRow(54)).toBe(5);
    expect(movementRow(45)).toBe(4);
    expect(movementRow(5)).toBe(0);
    expect(movementRow(6)).toBe(1);
    expect(schedule(55)).toEqual({ speed: 5.5, row: 5, impulses: [3, 5, 8, 10, 12], double: [] });
  });
  it('speed 0 has no active impulse', () => {
    expect(schedule(0)).toEqual({ speed: 0, row: 0, impulses: [], double: [] });
  });
  it('speeds 13-24: every impulse active, a second hex in the impulses of row speed-12', () => {
    for (let s = 13; s <= 24; s++) {
      const sch = schedule(s * 10);
      expect(sch.impulses).toEqual(TABLE[12]);
      expect(sch.double).toEqual(TABLE[s - 12]);
      expect(movementPoints(s * 10).length).toBe(s);
    }
  });
  it('movement points: one per hex, in impulse order, count = row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 244 }), (t) => {
        const pts = movementPoints(t);
        expect(pts.length).toBe(movementRow(t));
        expect([...pts].sort((a, b) => a - b)).toEqual(pts);
      }),
    );
  });
  it('steep manoeuvres skip every third movement point', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isSkippedInSteep)).toEqual([3, 6]);
  });
});
