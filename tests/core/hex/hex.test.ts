import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  type Hex,
  type Position,
  clockPosition,
  distance,
  flightLine,
  fromColRow,
  halfRollDirections,
  hexAdd,
  hexEquals,
  hexLabel,
  offLine,
  parseHexLabel,
  sideStep,
  slip,
  spineStep,
  stepForward,
  toColRow,
  turnBy,
} from '../../../src/core/hex/index.ts';

const arbHex = fc.record({ q: fc.integer({ min: -60, max: 60 }), r: fc.integer({ min: -60, max: 60 }) });
const arbFacing = fc.integer({ min: 0, max: 11 });
const arbPos = fc.record({ hex: arbHex, facing: arbFacing, nextRight: fc.boolean() });

describe('hex labels', () => {
  it('round-trips column/row and the CCRR label', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        const { col, row } = toColRow(h);
        expect(fromColRow(col, row)).toEqual(h);
        expect(parseHexLabel(hexLabel(h))).toEqual(h);
      }),
    );
  });
  it('labels like a board game map', () => {
    expect(hexLabel(fromColRow(7, 12))).toBe('0712');
    expect(parseHexLabel('0712')).toEqual(fromColRow(7, 12));
    expect(hexLabel(fromColRow(104, 3))).toBe('104.03');
    expect(parseHexLabel('7-12')).toBeUndefined();
  });
  it('odd columns sit half a hex lower: 0201 touches 0101 and 0100, 0202 touches 0101 and 0102', () => {
    expect(distance(fromColRow(1, 1), fromColRow(2, 1))).toBe(1);
    expect(distance(fromColRow(1, 0), fromColRow(2, 1))).toBe(1);
    expect(distance(fromColRow(2, 2), fromColRow(1, 1))).toBe(1);
    expect(distance(fromColRow(2, 2), fromColRow(1, 2))).toBe(1);
    expect(distance(fromColRow(2, 1), fromColRow(1, 2))).toBe(2);
  });
});

describe('distance', () => {
  it('is symmetric, zero only on the same hex, and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, c) => {
        expect(distance(a, b)).toBe(distance(b, a));
        expect(distance(a, b) === 0).toBe(hexEquals(a, b));
        expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c));
      }),
    );
  });
  it('is invariant under translation', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, t) => {
        expect(distance(hexAdd(a, t), hexAdd(b, t))).toBe(distance(a, b));
      }),
    );
  });
});

describe('facings and forward flight (seed 001 rule (8))', () => {
  it('12 right turns of 30 degrees return to the start facing', () => {
    fc.assert(
      fc.property(arbPos, (p) => {
        let cur: Position = p;
        for (let i = 0; i < 12; i++) cur = turnBy(cur, 1);
        expect(cur.facing).toBe(p.facing);
      }),
    );
  });
  it('with the grain every step enters the neighbour straight ahead', () => {
    fc.assert(
      fc.property(arbHex, fc.integer({ min: 0, max: 5 }), (h, k) => {
        const p = stepForward({ hex: h, facing: 2 * k, nextRight: true });
        expect(p.hex).toEqual(hexAdd(h, sideStep(2 * k)));
      }),
    );
  });
  it('two across-grain steps equal one spine-direction offset of 2', () => {
    fc.assert(
      fc.property(arbPos, (p) => {
        const f = p.facing | 1; // make it odd
        const s = stepForward(stepForward({ ...p, facing: f }));
        expect(s.hex).toEqual(hexAdd(p.hex, spineStep(f)));
        expect(distance(p.hex, s.hex)).toBe(2);
      }),
    );
  });
  it('takes the right-front hex first after taking a spine facing, then alternates, carried over', () => {
    const start: Position = { hex: fromColRow(10, 10), facing: 0, nextRight: true };
    const turned = turnBy(start, 1); // facing 1: between N (0) and NE (2)
    const a = stepForward(turned);
    expect(a.hex).toEqual(hexAdd(start.hex, sideStep(2)));
    expect(a.nextRight).toBe(false);
    const b = stepForward(a);
    expect(b.hex).toEqual(hexAdd(a.hex, sideStep(0)));
    expect(b.nextRight).toBe(true);
  });
  it('flying straight keeps the facing and advances one hex a step on average', () => {
    fc.assert(
      fc.property(arbPos, fc.integer({ min: 1, max: 12 }), (p, n) => {
        let cur = p;
        for (let i = 0; i < n; i++) cur = stepForward(cur);
        expect(cur.facing).toBe(p.facing);
        expect(distance(p.hex, cur.hex)).toBe(n);
      }),
    );
  });
});

describe('slips and half rolls (rules (3), (4), (9))', () => {
  it('a slip moves one hex and keeps the facing', () => {
    fc.assert(
      fc.property(arbPos, fc.boolean(), (p, right) => {
        const s = slip(p, right);
        expect(distance(p.hex, s.hex)).toBe(1);
        expect(s.facing).toBe(p.facing);
      }),
    );
  });
  it('left and right slips are mirror images about the flight line', () => {
    fc.assert(
      fc.property(arbPos, (p) => {
        const l = slip(p, false).hex;
        const r = slip(p, true).hex;
        expect(clockPosition(p.hex, p.facing, l)! + clockPosition(p.hex, p.facing, r)!).toBe(12);
      }),
    );
  });
  it('a half roll ends two hexes off along the 60-degree line, either grain', () => {
    fc.assert(
      fc.property(arbPos, fc.boolean(), (p, right) => {
        const [d1, d2] = halfRollDirections(p.facing, right);
        const end = hexAdd(hexAdd(p.hex, sideStep(d1)), sideStep(d2));
        expect(distance(p.hex, end)).toBe(2);
        expect(clockPosition(p.hex, p.facing, end)).toBe(right ? 2 : 10);
      }),
    );
  });
  it('with the grain the slip goes 60 degrees off (clock 2/10); across it straight to the side (3/9)', () => {
    const h = fromColRow(10, 10);
    expect(clockPosition(h, 0, slip({ hex: h, facing: 0, nextRight: true }, true).hex)).toBe(2);
    expect(clockPosition(h, 1, slip({ hex: h, facing: 1, nextRight: true }, true).hex)).toBe(3);
    expect(clockPosition(h, 1, slip({ hex: h, facing: 1, nextRight: true }, false).hex)).toBe(9);
  });
});

describe('clock positions', () => {
  it('ahead is 12 and astern is 6 (across the grain the first hex is at 1 or 11)', () => {
    fc.assert(
      fc.property(arbPos, fc.integer({ min: 1, max: 8 }), (p, n) => {
        let cur = p;
        for (let i = 0; i < n; i++) cur = stepForward(cur);
        const straight = p.facing % 2 === 0 || n !== 1;
        const ahead = clockPosition(p.hex, p.facing, cur.hex)!;
        if (straight) {
          expect(ahead).toBe(12);
          expect(clockPosition(cur.hex, p.facing, p.hex)).toBe(6);
        } else {
          expect([1, 11]).toContain(ahead);
        }
      }),
    );
  });
  it("seen from each other, two planes' bearings differ by 6 clock points when facing the same way", () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbFacing, (a, b, f) => {
        fc.pre(!hexEquals(a, b));
        const ab = clockPosition(a, f, b)!;
        const ba = clockPosition(b, f, a)!;
        expect((ab - ba + 12) % 12).toBe(6);
      }),
    );
  });
});

describe('off the flight line', () => {
  it('is 0 for every hex of the line and grows one per hex to the side', () => {
    fc.assert(
      fc.property(arbPos, (p) => {
        for (const h of flightLine(p, 8)) expect(offLine(p, h)).toBe(0);
      }),
    );
    const p: Position = { hex: fromColRow(10, 10), facing: 0, nextRight: true };
    const ahead3: Hex = flightLine(p, 3)[2]!;
    expect(offLine(p, hexAdd(ahead3, sideStep(4)))).toBe(1);
    expect(offLine(p, hexAdd(hexAdd(ahead3, sideStep(4)), sideStep(4)))).toBe(2);
  });
});
