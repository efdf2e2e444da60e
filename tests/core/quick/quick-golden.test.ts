import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expectQuickCase, readQuickCases } from '../../support/golden-quick.ts';
import { formatQuickMoves, parseQuickMoves } from '../../../src/orders/quick.ts';
import type { QuickStep } from '../../../src/orders/ast.ts';

const DIR = 'tests/golden/quick';
const all = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .flatMap((f) => readQuickCases(join(DIR, f)));

describe('golden cases of the quick game (seed 004)', () => {
  // At least as many as there are today: an emptied folder or file fails.
  it('are at least 7, with unique ids, each citing its rule', () => {
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    for (const c of all) expect(c.rule, c.id).toMatch(/seed 004|docs\/quick\.md/);
  });
  for (const c of all) it(`${c.id} ${c.title} (${c.rule})`, () => expectQuickCase(c));
});

describe('the quick move notation', () => {
  it("reads the seed's example: 2L1 is two SPEED forward, one point left, one forward", () => {
    expect(parseQuickMoves('2L1').value).toEqual([{ kind: 'F', n: 2 }, { kind: 'L' }, { kind: 'F', n: 1 }]);
    expect(parseQuickMoves('2 l 1').value).toEqual(parseQuickMoves('2L1').value);
    expect(parseQuickMoves('2X1').errors.map((e) => e.code)).toEqual(['E_QUICK_WORD']);
    expect(parseQuickMoves('  ').errors.map((e) => e.code)).toEqual(['E_QUICK_EMPTY']);
  });

  it('formats what it reads and reads what it formats (round trip)', () => {
    const step = fc.oneof(
      fc.integer({ min: 1, max: 9 }).map((n): QuickStep => ({ kind: 'F', n })),
      fc.constant<QuickStep>({ kind: 'L' }),
      fc.constant<QuickStep>({ kind: 'R' }),
    );
    // Canonical steps: no two forward runs side by side (they read back as one).
    const canonical = fc
      .array(step, { minLength: 1, maxLength: 8 })
      .filter((s) => s.every((x, i) => !(x.kind === 'F' && s[i - 1]?.kind === 'F')));
    fc.assert(
      fc.property(canonical, (steps) => {
        expect(parseQuickMoves(formatQuickMoves(steps)).value).toEqual(steps);
      }),
    );
  });
});

describe("the quick game's sample aircraft (data/quick/aircraft.yaml)", () => {
  it('load, and a rating above 5 or two weapons on a side is refused', async () => {
    const { parseQuickCards } = await import('../../../src/core/quick/cards.ts');
    const { quickCards } = await import('../../support/golden-quick.ts');
    expect(Object.keys(quickCards()).length).toBeGreaterThanOrEqual(6);
    const bad = parseQuickCards(
      { aircraft: [{ id: 'x', name: 'X', engine: 6, fuselage: 3, toHit: 3, weapons: ['F', 'F'] }] },
      'x.yaml',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.error.map((p) => p.message).join('\n')).toMatch(/never more than 5[\s\S]*one weapon a side/);
  });
});
