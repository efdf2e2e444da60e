import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { fixedDice, rollFromSeed, seededDice } from '../../src/core/dice.ts';
import { sha256Hex } from '../../src/core/sha256.ts';

describe('sha256', () => {
  it('matches node:crypto on arbitrary strings and lengths around block boundaries', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
      }),
    );
    for (let n = 50; n < 140; n++) {
      const s = 'x'.repeat(n);
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
    }
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('€𝄞')).toBe(createHash('sha256').update('€𝄞', 'utf8').digest('hex'));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
      }),
    );
    for (const lone of ['\ud800', 'a\udfffb', '\udc00\ud83d'])
      expect(sha256Hex(lone)).toBe(createHash('sha256').update(lone, 'utf8').digest('hex'));
  });

  it('matches node:crypto on bytes, on every length over four blocks, and on a long mail', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (b) => {
        expect(sha256Hex(b)).toBe(createHash('sha256').update(b).digest('hex'));
      }),
    );
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7919) & 255);
    for (let n = 0; n <= 300; n++)
      expect(sha256Hex(bytes.subarray(0, n))).toBe(createHash('sha256').update(bytes.subarray(0, n)).digest('hex'));
    // Messages sharing a first block (a seed and its rolls), interleaved with others and short ones.
    const seed = 'f'.repeat(40) + '0123456789abcdef01234567';
    for (const s of [
      `${seed}|1|2|a|0`,
      `${seed}|1|2|b|0`,
      'short',
      `${seed.slice(0, 63)}X|1`,
      `${seed}|1|2|a|0`,
      `${seed}`,
      `${seed}|${'z'.repeat(200)}`,
    ]) {
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
    }
    const long = 'Order A1: 1 TR 1 1 S \u00e9\u20ac\ud834\udd1e\n'.repeat(40_000);
    expect(sha256Hex(long)).toBe(createHash('sha256').update(long, 'utf8').digest('hex'));
  });
});

describe('dice', () => {
  it('are reproducible from (seed, turn, impulse, label)', () => {
    const d = seededDice({ seed: 'abc123' });
    const k = { turn: 3, impulse: 7, label: 'shot:A1>B1:red' };
    expect(d.roll(6, k)).toBe(seededDice({ seed: 'abc123' }).roll(6, k));
  });
  it('one extra roll never shifts another', () => {
    const d = seededDice({ seed: 's' });
    const before = d.roll(10, { turn: 1, impulse: 2, label: 'b' });
    d.roll(6, { turn: 1, impulse: 2, label: 'extra' });
    expect(d.roll(10, { turn: 1, impulse: 2, label: 'b' })).toBe(before);
  });
  it('stay in range and are roughly uniform', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const v = rollFromSeed('seed', 6, { turn: i, impulse: 1, label: 'x' });
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(6);
      counts[v - 1]!++;
    }
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });
  it('differ between seeds', () => {
    const a = Array.from({ length: 20 }, (_, i) => rollFromSeed('a', 6, { turn: 1, impulse: i, label: 'x' }));
    const b = Array.from({ length: 20 }, (_, i) => rollFromSeed('b', 6, { turn: 1, impulse: i, label: 'x' }));
    expect(a).not.toEqual(b);
  });
  it('the fixed double returns the stated rolls and refuses unstated ones', () => {
    const d = fixedDice({ red: [5, 2], '1/3/white': 3 });
    expect(d.roll(6, { turn: 1, impulse: 1, label: 'red' })).toBe(5);
    expect(d.roll(6, { turn: 1, impulse: 1, label: 'red' })).toBe(2);
    expect(d.roll(6, { turn: 1, impulse: 3, label: 'white' })).toBe(3);
    expect(() => d.roll(6, { turn: 1, impulse: 4, label: 'white' })).toThrow(/no fixed roll/);
    expect(() => fixedDice({ x: 7 }).roll(6, { turn: 1, impulse: 1, label: 'x' })).toThrow(/not a d6/);
  });
});
