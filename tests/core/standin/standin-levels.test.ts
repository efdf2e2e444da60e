/**
 * The stand-in's levels (docs/standin.md "Levels", core/standin/levels.ts): an ace is the stand-in
 * at its best, as it flies when no level is given; a recruit flies the plainest plot of a way and
 * expects the enemy to fly on; each level gives legal orders that resolve.
 */
import { describe, expect, it } from 'vitest';
import { formatPlot } from '../../../src/orders/plot.ts';
import { waysToFly } from '../../../src/core/plans/ways.ts';
import { standIn } from '../../../src/core/standin/pilot.ts';
import { LEVELS, parseLevel, STANDIN_LEVELS } from '../../../src/core/standin/levels.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { duelGame, duelStart } from '../../../bench/duels.ts';

describe("the stand-in's levels", () => {
  it('reads the three levels in any case and nothing else', () => {
    expect(STANDIN_LEVELS.map((l) => parseLevel(l.toUpperCase()))).toEqual(['recruit', 'regular', 'ace']);
    expect(parseLevel('expert')).toBeUndefined();
    expect(parseLevel('')).toBeUndefined();
  });

  it("an ace flies as the stand-in does when no level is given; each level a step more of the pilot's craft", () => {
    const state = duelGame(duelStart(3));
    for (const side of ['a', 'b'])
      expect(standIn(state, side, 's', { level: 'ace' })).toEqual(standIn(state, side, 's'));
    const [r, g, a] = [LEVELS.recruit, LEVELS.regular, LEVELS.ace];
    expect([r.envelope, g.envelope, a.envelope]).toEqual([false, false, true]);
    expect(r.dryRuns < g.dryRuns && g.dryRuns <= a.dryRuns).toBe(true);
    expect(r.guesses < g.guesses && g.guesses < a.guesses).toBe(true);
    expect(r.ahead === 0 && g.ahead === 0 && a.ahead > 0).toBe(true);
    expect(r.margin > a.margin && r.watchSix < a.watchSix).toBe(true);
  });

  it("a recruit flies one of its ways' plainest plots, never a power factor, brake or chosen height; its orders resolve", () => {
    let throttled = 0;
    for (let i = 0; i < 6; i++) {
      const state = duelGame(duelStart(i));
      const orders = ['a', 'b'].map((side) => {
        const plane = state.planes.find((p) => p.side === side)!;
        const plain = new Set(waysToFly(state, plane).map((w) => formatPlot(w.plot)));
        const recruit = standIn(state, side, `seed-${i}`, { level: 'recruit' });
        const text = recruit.choices[0]!.text;
        expect(plain.has(text), `${i}${side}: ${text}`).toBe(true);
        if (!plain.has(standIn(state, side, `seed-${i}`).choices[0]!.text)) throttled++;
        return recruit.orders;
      });
      const r = resolveTurn(state, {
        plots: { ...orders[0]!.plots, ...orders[1]!.plots },
        fire: [...orders[0]!.fire, ...orders[1]!.fire],
      });
      expect(r.ok, `${i}`).toBe(true);
    }
    // The ace uses the throttle in some of the same starts.
    expect(throttled).toBeGreaterThan(0);
  });
});
