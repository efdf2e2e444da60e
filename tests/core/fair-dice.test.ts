/** The commit-reveal functions (src/core/fair-dice.ts), checked against node:crypto and sha256sum's rules. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  effectiveSeed,
  normaliseOrdersText,
  ordersDigest,
  ordersDigestText,
  ordersHash,
} from '../../src/core/fair-dice.ts';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('fair dice', () => {
  it('hashes the texts exactly as documented in docs/fair-dice.md', () => {
    expect(commitmentOf('feedface01')).toBe(sha('feedface01'));
    expect(effectiveSeed('feedface01', 'ab'.repeat(32))).toBe(sha(`feedface01:${'ab'.repeat(32)}`));
    const hashes = [
      { player: 'red', hash: 'b'.repeat(64) },
      { player: 'blue', hash: 'a'.repeat(64) },
    ];
    expect(ordersDigestText(hashes)).toBe(`blue ${'a'.repeat(64)}\nred ${'b'.repeat(64)}\n`);
    expect(ordersDigest(hashes)).toBe(sha(ordersDigestText(hashes)));
    expect(ordersDigest([])).toBe(sha(''));
    expect(ordersHash('#TALLYHO g p "(secret)"\nR1: 1 1\n#END\n')).toBe(
      sha('#TALLYHO g p "(secret)"\nR1: 1 1\n#END\n'),
    );
  });

  it("hashes orders the same after a mail program's line endings, trailing spaces and blank lines", () => {
    expect(normaliseOrdersText('\n\r\nA  \r\nB\n\n')).toBe('A\nB\n');
    expect(ordersHash('A\r\nB')).toBe(ordersHash('A   \nB\n\n'));
    expect(normaliseOrdersText('  \n')).toBe('');
  });

  it('normalises any text as the rule says, whether or not it was already normal', () => {
    // The rule written out plainly: the referee's shortcut for text already normal must agree.
    const rule = (text: string): string => {
      const lines = text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((l) => l.trimEnd());
      while (lines.length && lines[0] === '') lines.shift();
      while (lines.length && lines.at(-1) === '') lines.pop();
      return lines.length ? `${lines.join('\n')}\n` : '';
    };
    const text = fc
      .array(fc.constantFrom('A', 'b', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', 'é'), { maxLength: 24 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(normaliseOrdersText(t)).toBe(rule(t));
        expect(normaliseOrdersText(rule(t))).toBe(rule(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('makes the digest independent of the order the players come in', () => {
    const line = fc.record({
      player: fc.stringMatching(/^[a-z0-9_-]{1,8}$/),
      hash: fc.stringMatching(/^[0-9a-f]{64}$/),
    });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.player, maxLength: 6 }), (lines) => {
        expect(ordersDigest([...lines].reverse())).toBe(ordersDigest(lines));
      }),
    );
  });
});
