/**
 * The menu's climb, dive, fastest and keep-speed, and a trap's look for a way above the minimum
 * speed, read a way's heights and speeds without listing its variants (core/plans/variants.ts
 * bestVariant, someVariant): held to the list itself over every plane of the sample scenarios' first
 * turns, the same variant (height, speed and plot) as the list's best, the same answer as a look
 * through the list.
 */
import { describe, expect, it } from 'vitest';
import { firstTurns } from '../../support/first-turns.ts';
import { bestVariant, someVariant, type Variant, waysWithVariants } from '../../../src/core/plans/variants.ts';

type Order = (altitude: number, speed: number, thanAltitude: number, thanSpeed: number) => boolean;

/** The best of a list, as the menu read it: the first listed that no later one is better than. */
function bestOfList(
  vs: readonly Variant[],
  admit: (a: number, s: number) => boolean,
  better: Order,
): Variant | undefined {
  let top: Variant | undefined;
  for (const v of vs)
    if (admit(v.altitude, v.speed) && (!top || better(v.altitude, v.speed, top.altitude, top.speed))) top = v;
  return top;
}

const shown = (v: Variant | undefined): unknown => v && { altitude: v.altitude, speed: v.speed, plot: v.plot };

describe('a way read without listing its variants', () => {
  it('gives the variant the list gives, and the answer a look through the list gives', () => {
    let ways = 0;
    for (const { name, state } of firstTurns('best')) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const orders: [string, (a: number, s: number) => boolean, Order][] = [
          ['climb', (a) => a > plane.altitude, (a, s, ta, ts) => a > ta || (a === ta && s > ts)],
          ['dive', (a) => a < plane.altitude, (a, s, ta, ts) => a < ta || (a === ta && s > ts)],
          ['fastest', () => true, (a, s, ta, ts) => s > ts || (s === ts && a > ta)],
          ['keep-speed', (_, s) => s === plane.speed, (a, _, ta) => a > ta],
        ];
        const tests: ((a: number, s: number) => boolean)[] = [
          (_, s) => s > plane.speed + 10,
          (a) => a > plane.altitude + 500,
          (a, s) => a < plane.altitude && s < plane.speed,
        ];
        // Not kept: every read of a way's variants lists them afresh, and bestVariant never reads a list.
        for (const w of waysWithVariants(state, plane, { keep: false })) {
          ways++;
          const listed = w.variants;
          for (const [what, admit, better] of orders)
            expect(shown(bestVariant(w, admit, better)), `${name} ${plane.id} ${what}`).toEqual(
              shown(bestOfList(listed, admit, better)),
            );
          for (const t of tests) expect(someVariant(w, t)).toBe(listed.some((v) => t(v.altitude, v.speed)));
        }
      }
    }
    expect(ways).toBeGreaterThan(1000);
  }, 300_000);
});
