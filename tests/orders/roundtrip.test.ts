/** formatOrders and parseOrders are inverse: whatever is written reads back the same. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrders, parseOrders } from '../../src/orders/index.ts';
import { envelopes, withoutLines } from './arbitraries.ts';

describe('format then parse', () => {
  it('gives back the envelopes, with no errors', () => {
    fc.assert(
      fc.property(envelopes, (envs) => {
        const r = parseOrders(formatOrders(envs));
        expect(r.errors).toEqual([]);
        expect(withoutLines(r.envelopes)).toEqual(withoutLines(envs));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps line numbers: what was read from canonical text reads back identically', () => {
    fc.assert(
      fc.property(envelopes, (envs) => {
        const once = parseOrders(formatOrders(envs)).envelopes;
        const twice = parseOrders(formatOrders(once)).envelopes;
        expect(twice).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });

  it('with keepLines, envelopes and commands keep the lines they were read from', () => {
    const noise = fc.array(fc.constantFrom('', 'Hello,', '> quoted', 'regards'), { maxLength: 3 });
    const inside = fc.array(fc.constantFrom('', '# comment', '// note'), { maxLength: 2 });
    fc.assert(
      fc.property(envelopes, fc.infiniteStream(noise), fc.infiniteStream(inside), (envs, outs, ins) => {
        // The canonical text with noise lines put in outside envelopes and before commands.
        const lines: string[] = [];
        for (const line of formatOrders(envs).split('\n')) {
          if (line.startsWith('#TALLYHO')) lines.push(...outs.next().value);
          else if (/^(HELP|STATUS|MAP|RESEND|HISTORY)/.test(line)) lines.push(...ins.next().value);
          lines.push(line);
        }
        const read = parseOrders(lines.join('\n'));
        expect(read.errors).toEqual([]);
        const again = parseOrders(formatOrders(read.envelopes, { keepLines: true }));
        expect(again.envelopes).toEqual(read.envelopes);
      }),
      { numRuns: 200 },
    );
  });
});
