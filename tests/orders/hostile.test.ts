/**
 * Hostile and broken input: parseOrders never throws, never recurses or goes quadratic, and caps
 * what it reports (docs/orders.md "Limits").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrders, LIMITS, ORDER_ERROR_CODES, parseOrders } from '../../src/orders/index.ts';
import { withoutLines } from './arbitraries.ts';

const codes = (text: string) => parseOrders(text).errors.map((e) => e.code);

describe('size limits', () => {
  it('a 10 MB mail is refused at once with one E_TOO_LONG', () => {
    const big = `#TALLYHO g p s\n${'A1: S S TR\n'.repeat(1_000_000)}#END\n`;
    expect(big.length).toBeGreaterThan(10_000_000);
    const r = parseOrders(big);
    expect(r.envelopes).toEqual([]);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual([['E_TOO_LONG', 1, 1]]);
    expect(r.errors[0]?.envelope).toBeUndefined();
  });

  it('counts UTF-8 bytes, not characters', () => {
    expect(codes('é'.repeat(LIMITS.maxBytes / 2))).toEqual([]);
    expect(codes('é'.repeat(LIMITS.maxBytes / 2 + 1))).toEqual(['E_TOO_LONG']);
    expect(codes('😀'.repeat(LIMITS.maxBytes / 4 + 1))).toEqual(['E_TOO_LONG']);
  });

  it('a mail of exactly 256 KiB is read', () => {
    const head = '#TALLYHO g p s\nA1: S\n#END\n';
    const r = parseOrders(head + 'x'.repeat(LIMITS.maxBytes - head.length));
    expect(r.errors).toEqual([]);
    expect(r.envelopes).toHaveLength(1);
  });

  it('one huge line inside an envelope is one error; outside it is ignored', () => {
    const line = 'S '.repeat(100_000);
    expect(codes(`#TALLYHO g p s\nA1: ${line}\n#END`)).toEqual(['E_LINE_TOO_LONG']);
    expect(codes(`${line}\n#TALLYHO g p s\nA1: S\n#END`)).toEqual([]);
    expect(codes(`#TALLYHO g p s ${'x'.repeat(2000)}\nA1: S\n#END`)).toEqual(['E_LINE_TOO_LONG']);
  });

  it('errors stop at 100, then one E_TOO_MANY_ERRORS', () => {
    const r = parseOrders(`#TALLYHO g p s\n${'TX\n'.repeat(80_000)}#END`);
    expect(r.errors).toHaveLength(LIMITS.maxErrors + 1);
    expect(r.errors.at(-1)?.code).toBe('E_TOO_MANY_ERRORS');
    expect(r.envelopes).toHaveLength(1);
  });

  it('a plot of 100000 boxes is one E_TOO_MANY_BOXES', () => {
    const lines = Array.from({ length: 1000 }, () => 'S '.repeat(100)).join('\n');
    expect(codes(`#TALLYHO g p s\nA1: S\n${lines}\n#END`)).toEqual(['E_TOO_MANY_BOXES']);
  });
});

describe('nesting', () => {
  it('deeply nested #TALLYHO lines: 10 envelopes, then E_TOO_MANY_ENVELOPES', () => {
    const r = parseOrders('#TALLYHO g p s\n'.repeat(15_000));
    expect(r.envelopes).toHaveLength(LIMITS.maxEnvelopes);
    expect(r.errors.filter((e) => e.code === 'E_NESTED')).toHaveLength(LIMITS.maxEnvelopes);
    expect(r.errors.at(-1)).toMatchObject({ code: 'E_TOO_MANY_ENVELOPES', line: LIMITS.maxEnvelopes + 1 });
    expect(r.errors.at(-1)?.envelope).toBeUndefined();
  });

  it('thousands of envelopes: the first 10 are read', () => {
    const r = parseOrders('#TALLYHO g p s\nA1: S\n#END\n'.repeat(5000));
    expect(r.envelopes).toHaveLength(LIMITS.maxEnvelopes);
    expect(r.errors.map((e) => e.code)).toEqual(['E_TOO_MANY_ENVELOPES']);
  });

  it('thousands of #END lines and signatures outside envelopes are ignored', () => {
    expect(codes('#END\n-- \n'.repeat(10_000))).toEqual([]);
  });
});

describe('control characters', () => {
  it('each line with one is reported once, with the column of the first', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, c) => c).filter((c) => c !== 9 && c !== 10 && c !== 13),
      0x7f,
      0x9b,
    ];
    const body = controls.map((c) => `A${c}: S${String.fromCharCode(c)}TR${String.fromCharCode(c)}`);
    const r = parseOrders(`#TALLYHO g p s\n${body.join('\n')}\n#END`);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual(
      controls.map((c, i) => ['E_CONTROL_CHAR', i + 2, `A${c}: S`.length + 1]),
    );
    // Read with a space in its place, the line is otherwise understood.
    expect(r.envelopes[0]?.plots).toHaveLength(controls.length);
  });

  it('outside envelopes they are ignored', () => {
    expect(codes('\u0000\u0001\u0007garbage\u001b[31m\n#TALLYHO g p s\nA1: S\n#END')).toEqual([]);
  });
});

describe('arbitrary text', () => {
  const vocabulary = fc.constantFrom(
    '#TALLYHO g p s',
    '#TALLYHO',
    '#END',
    '#',
    '--',
    '-- ',
    '>',
    '//',
    'A1:',
    'PLOT',
    'FIRE',
    'HOLD',
    'TURN',
    'AT',
    'FROM',
    'WITHIN',
    'AUTO',
    'ANY',
    'S',
    'TR+200P',
    'TURN LEFT',
    'HALF',
    'STEEP',
    'BOMB',
    'POWER',
    'CLIMB',
    '+',
    '-100',
    'P9',
    'K',
    'HELP',
    'HISTORY',
    '3',
    '99999999999',
    '"',
    '\u201c',
    ':',
    ',',
    '|',
    ' ',
    '\t',
    '\n',
    '\r',
    '\r\n',
    '\u00a0',
    '\u200b',
    '\u0000',
    '\u0085',
    '\ud800',
    '😀',
    'é',
  );
  const soup = fc.array(fc.oneof(vocabulary, fc.string()), { maxLength: 200 }).map((a) => a.join(''));
  // Line by line, mostly inside envelopes: words of the language and junk, joined by separators.
  const line = fc
    .tuple(fc.array(vocabulary, { maxLength: 8 }), fc.constantFrom(' ', '', ',', ' | ', '\t'))
    .map(([words, sep]) => words.join(sep));
  const lines = fc
    .array(fc.oneof(line, fc.constant('#TALLYHO g p s'), fc.constant('#END')), { maxLength: 60 })
    .map((a) => a.join('\n'));
  const mail = fc.oneof(soup, lines);

  it('never throws; errors are well-formed and in line order', () => {
    fc.assert(
      fc.property(fc.oneof(mail, fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
        const r = parseOrders(text);
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const e of r.errors) {
          expect(ORDER_ERROR_CODES).toContain(e.code);
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(lines);
          expect(e.column).toBeGreaterThanOrEqual(1);
          expect(e.message.length).toBeGreaterThan(10);
          if (e.envelope !== undefined) expect(r.envelopes[e.envelope]).toBeDefined();
        }
        expect(r.envelopes.length).toBeLessThanOrEqual(LIMITS.maxEnvelopes);
      }),
      { numRuns: 1000 },
    );
  });

  it('what was read is written so that it reads back the same, without errors', () => {
    fc.assert(
      fc.property(mail, (text) => {
        const good = parseOrders(text).envelopes.filter((e) => e.game && e.player && e.secret);
        const again = parseOrders(formatOrders(good));
        expect(again.errors).toEqual([]);
        expect(withoutLines(again.envelopes)).toEqual(withoutLines(good));
      }),
      { numRuns: 1000 },
    );
  });
});
