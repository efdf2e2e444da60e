/** The parse/format pairs of the pieces, error routing to envelopes, and keepLines. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBox,
  formatFireOrder,
  formatMoveOrder,
  formatOrders,
  formatPick,
  formatPlot,
  parseBox,
  parseFireOrder,
  parseMoveOrder,
  parseOrders,
  parsePick,
  parsePlot,
} from '../../src/orders/index.ts';
import { box, fireOrder, moveOrder, pick, plot } from './arbitraries.ts';

describe('parseBox / formatBox', () => {
  it('reads compact and plain-word boxes', () => {
    expect(parseBox('TR+200P')).toEqual({ value: { man: 'TR', alt: 200, power: 1, brake: 0 }, errors: [] });
    expect(parseBox('half roll left-100kk').value).toEqual({ man: 'HRL', alt: -100, power: 0, brake: 2 });
    expect(parseBox('`').value).toEqual({ man: 'S', alt: 0, power: 0, brake: 0 });
  });

  it('reports what it cannot read', () => {
    expect(parseBox('TX').errors.map((e) => e.code)).toEqual(['E_UNKNOWN_MANOEUVRE']);
    expect(parseBox('').errors.map((e) => e.code)).toEqual(['E_UNKNOWN_MANOEUVRE']);
    expect(parseBox('S+150').errors[0]).toMatchObject({ code: 'E_BAD_ALTITUDE', column: 2 });
    expect(parseBox('TURN RIGHT+2X').errors[0]).toMatchObject({ code: 'E_BAD_ALTITUDE', column: 11 });
    expect(parseBox('TURN UP').errors[0]).toMatchObject({ code: 'E_UNKNOWN_MANOEUVRE', column: 1 });
  });

  it('round-trips every box', () => {
    fc.assert(
      fc.property(box, (b) => {
        expect(parseBox(formatBox(b))).toEqual({ value: b, errors: [] });
      }),
    );
  });
});

describe('parsePlot / formatPlot', () => {
  it('reads a plot over several lines', () => {
    expect(parsePlot('a1: steep s+200\n  turn right +200 P').value).toEqual({
      plane: 'A1',
      mode: 'SC',
      bomb: false,
      boxes: [
        { man: 'S', alt: 200, power: 0, brake: 0 },
        { man: 'TR', alt: 200, power: 1, brake: 0 },
      ],
    });
  });

  it('reports a missing plane', () => {
    expect(parsePlot('').errors.map((e) => e.code)).toEqual(['E_NO_PLANE']);
    expect(parsePlot('S S TR').errors.map((e) => e.code)).toEqual(['E_MISSING_COLON']);
    expect(parsePlot('A1: S TX').errors.map((e) => e.code)).toEqual(['E_UNKNOWN_MANOEUVRE']);
  });

  it('round-trips every plot', () => {
    fc.assert(
      fc.property(plot, (p) => {
        expect(parsePlot(formatPlot(p))).toEqual({ value: p, errors: [] });
      }),
    );
  });
});

describe('parseFireOrder / formatFireOrder', () => {
  it('reads FIRE and HOLD', () => {
    expect(parseFireOrder('fire a1 flex auto').value).toEqual({
      plane: 'A1',
      guns: 'FLEX',
      hold: false,
      target: 'ANY',
    });
    expect(parseFireOrder('HOLD A1').value).toEqual({ plane: 'A1', guns: 'ALL', hold: true, target: 'ANY' });
  });

  it('reports a line that is no fire order', () => {
    expect(parseFireOrder('MOVE A1').errors.map((e) => e.code)).toEqual(['E_FIRE_EXTRA']);
    expect(parseFireOrder('FIRE A1 FIXED WITHIN 12').errors.map((e) => e.code)).toEqual(['E_BAD_RANGE']);
  });

  it('round-trips every fire order', () => {
    fc.assert(
      fc.property(fireOrder, (f) => {
        expect(parseFireOrder(formatFireOrder(f))).toEqual({ value: f, errors: [] });
      }),
    );
  });
});

describe('parseMoveOrder / formatMoveOrder', () => {
  it('reads steps, plain words and a speed in knots', () => {
    expect(parseMoveOrder('move cv1 25 kt tr')).toEqual({
      value: { unit: 'CV1', steps: ['TR'], knots: 25 },
      errors: [],
    });
    expect(parseMoveOrder('MOVE T1 wait forward').value).toEqual({ unit: 'T1', steps: ['-', 'F'] });
    expect(formatMoveOrder({ unit: 'CV1', steps: ['TL'], knots: 30 })).toBe('MOVE CV1 TL 30KT');
  });

  it('reports a line that is no MOVE order', () => {
    expect(parseMoveOrder('FIRE A1').errors.map((e) => e.code)).toEqual(['E_UNKNOWN_WORD']);
    expect(parseMoveOrder('MOVE T1 X').errors.map((e) => e.code)).toEqual(['E_BAD_STEP']);
  });

  it('round-trips every MOVE order', () => {
    fc.assert(
      fc.property(moveOrder, (m) => {
        expect(parseMoveOrder(formatMoveOrder(m))).toEqual({ value: m, errors: [] });
      }),
    );
  });
});

describe('parsePick / formatPick', () => {
  it('reads a plan picked by letter, plane first or PLAN first', () => {
    expect(parsePick('r1: plan c')).toEqual({ value: { plane: 'R1', letter: 'C', line: 1 }, errors: [] });
    expect(parsePick('PLAN G1 A').value).toEqual({ plane: 'G1', letter: 'A', line: 1 });
    expect(formatPick({ plane: 'R1', letter: 'H', line: 7 })).toBe('R1 PLAN H');
  });

  it('reports a line that is no pick, and a letter off the menu', () => {
    expect(parsePick('R1: 1 1 1').errors.map((e) => e.code)).toEqual(['E_BAD_PLAN']);
    expect(parsePick('R1 PLAN I').errors.map((e) => e.code)).toEqual(['E_BAD_PLAN']);
    expect(parsePick('R1 PLAN AB').errors.map((e) => e.code)).toEqual(['E_BAD_PLAN']);
  });

  it('round-trips every pick', () => {
    fc.assert(
      fc.property(pick, (k) => {
        expect(parsePick(formatPick(k))).toEqual({ value: { ...k, line: 1 }, errors: [] });
      }),
    );
  });
});

describe('errors and envelopes', () => {
  it('each error names the envelope it was found in; mail errors name none', () => {
    const text = [
      '#TALLYHO g p1 s',
      'A1: TX',
      '#END',
      '#TALLYHO g p2 s',
      'B1: S',
      '#END',
      '#TALLYHO g p3 s',
      'HELP me',
    ].join('\n');
    const r = parseOrders(text);
    expect(r.errors.map((e) => [e.code, e.envelope])).toEqual([
      ['E_UNKNOWN_MANOEUVRE', 0],
      ['E_NO_END', 2],
      ['E_COMMAND_ARGS', 2],
    ]);
    expect(r.envelopes.map((e) => e.player)).toEqual(['p1', 'p2', 'p3']);
  });

  it('a plot with an error is left out; the rest of the envelope is read', () => {
    const r = parseOrders('#TALLYHO g p s\nA1: S TX\nB1: S\nFIRE B1 ALL\n#END');
    expect(r.envelopes[0]?.plots.map((p) => p.plane)).toEqual(['B1']);
    expect(r.envelopes[0]?.fire).toHaveLength(1);
  });
});

describe('formatOrders', () => {
  const text = 'Hello\n\n#TALLYHO g p s\nA1: S\n\nHELP\n#END\n\nbye\n#TALLYHO g p s\nSTATUS\n#END\n';

  it('writes the canonical form', () => {
    expect(formatOrders(parseOrders(text).envelopes)).toBe(
      '#TALLYHO g p "s"\nA1: S\nHELP\n#END\n#TALLYHO g p "s"\nSTATUS\n#END\n',
    );
    expect(formatOrders([])).toBe('');
  });

  it('with keepLines puts envelopes and commands on their lines', () => {
    const r = parseOrders(text);
    const out = formatOrders(r.envelopes, { keepLines: true });
    expect(out).toBe('\n\n#TALLYHO g p "s"\nA1: S\n\nHELP\n#END\n\n\n#TALLYHO g p "s"\nSTATUS\n#END\n');
    expect(parseOrders(out)).toEqual(r);
  });

  it('with keepLines does not pad to lines no mail can have', () => {
    const [env] = parseOrders('#TALLYHO g p s\n#END').envelopes;
    expect(formatOrders([{ ...env!, line: 1e12 }], { keepLines: true })).toBe('#TALLYHO g p "s"\n#END\n');
  });
});

describe('added commands', () => {
  it('are read with their argument kinds', () => {
    const r = parseOrders('#TALLYHO g p s\nkick P3\nextend 007\nsay hello,   all\n#END', {
      commands: {
        KICK: { minArgs: 1, maxArgs: 1, argKind: 'word' },
        EXTEND: { minArgs: 1, maxArgs: 1, argKind: 'int' },
        Say: { minArgs: 1, maxArgs: 1, argKind: 'text' },
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.envelopes[0]?.commands).toEqual([
      { name: 'KICK', args: ['P3'], line: 2 },
      { name: 'EXTEND', args: ['7'], line: 3 },
      { name: 'SAY', args: ['hello, all'], line: 4 },
    ]);
  });
});
