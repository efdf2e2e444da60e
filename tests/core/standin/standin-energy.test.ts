/**
 * The stand-in's speed and height (docs/standin.md "Speed and height", core/standin/energy.ts) and
 * its look two turns ahead ("Two turns ahead", core/standin/air.ts), in a duel.
 */
import { describe, expect, it } from 'vitest';
import type { Plot } from '../../../src/orders/ast.ts';
import { nearestFoe, throttled, throttleWords, wantedSpeed } from '../../../src/core/standin/energy.ts';
import { type Variant, type WayWithVariants, waysWithVariants } from '../../../src/core/plans/variants.ts';
import { duelGame, duelStart, missedOrdersPilot, playDuel, standInPilot } from '../../../bench/duels.ts';

const plot = (tag: number, power = 0, brake = 0): Plot => ({
  plane: 'A1',
  bomb: false,
  boxes: [{ man: '1', alt: tag, power, brake }],
});
/** A variant: power factors when faster than the way's plainest plot at its height, brake when slower. */
const v = (altitude: number, speed: number): Variant => ({
  altitude,
  speed,
  plot: plot(altitude + speed, altitude === 10000 && speed > 50 ? 1 : 0, altitude === 10000 && speed < 50 ? 1 : 0),
});
/** The plane flying: at 10,000 ft, as the ways end. */
const flying = { ...duelGame(duelStart(0)).planes[0]!, altitude: 10000, speed: 50 };
/** A way ending at 10,000 ft and speed 5.0 with its plainest plot, and the given variants. */
const way = (variants: Variant[]): WayWithVariants => ({
  end: {
    hex: { q: 0, r: 0 },
    facing: 0,
    altitude: 10000,
    speed: 50,
    bank: 'N',
    carry: [],
    carryMode: null,
    status: 'flying',
  },
  plot: plot(0),
  variants,
  range: { lowest: 0, highest: 0, fastest: 0 },
});

describe("the stand-in's throttle", () => {
  it('opens the throttle up to the speed it wants, and no further', () => {
    const w = way([v(10000, 50), v(10000, 53), v(10000, 56), v(10000, 59)]);
    expect(throttled(w, 69, 10000)?.speed).toBe(59);
    // Worth its speed up to the speed it wants: over it, the fewest tenths over.
    expect(throttled(w, 55, 10000)?.speed).toBe(56);
    expect(throttled(w, 52, 10000)?.speed).toBe(53);
    expect(throttleWords(flying, throttled(w, 69, 10000)!)).toBe(
      'throttle open, height kept: speed 5.9 next turn at 10000 ft',
    );
    // Nothing to change: the way's own plot.
    expect(throttled(way([v(10000, 50)]), 69, 10000)).toBeUndefined();
  });

  it('brakes only when no speed at its height is under the speed it wants, and then climbs rather than brakes', () => {
    expect(throttled(way([v(10000, 50), v(10000, 46)]), 45, 10000)?.speed).toBe(46);
    // Climbing 300 ft with the speed it does not want keeps the same energy as a brake wastes.
    const w = way([v(10000, 50), v(10000, 46), v(10300, 47)]);
    expect(throttled(w, 45, 10000)).toEqual(v(10300, 47));
    expect(throttleWords(flying, v(10300, 47))).toBe('climbing 300 ft: speed 4.7 next turn at 10300 ft');
    expect(throttleWords(flying, v(10000, 46))).toBe('braking, height kept: speed 4.6 next turn at 10000 ft');
  });

  it('dives for the speed it wants while above its enemy, never below 3,000 ft or 1,000 ft under him', () => {
    const w = way([v(10000, 50), v(9000, 62), v(8500, 68)]);
    // Its enemy at 9,000 ft: 1,000 ft of height for 1.2 of speed; 8,500 ft is 500 ft below him, allowed.
    expect(throttled(w, 69, 9000)).toEqual(v(8500, 68));
    // Its enemy at 10,000 ft: 8,500 ft would be 1,500 ft under him.
    expect(throttled(w, 69, 10000)).toEqual(v(9000, 62));
    expect(throttleWords(flying, v(9000, 62))).toBe('diving 1000 ft: speed 6.2 next turn at 9000 ft');
    // Speed it does not want is not worth the height.
    expect(throttled(w, 50, 9000)).toBeUndefined();
  });

  it('wants the top of its manoeuvre range in a fight, the top of its level range chasing an enemy ahead', () => {
    const state = duelGame(duelStart(0));
    const [a, b] = state.planes as [(typeof state.planes)[number], (typeof state.planes)[number]];
    const band = state.aircraft[a.type]!.bands.find((x) => a.altitude >= x.floor && a.altitude < x.top)!;
    const w: WayWithVariants = { ...way([]), end: { ...way([]).end, hex: a.hex, facing: 0, altitude: a.altitude } };
    // Facing 0 is north: the enemy at r - 6 is dead ahead, at r + 2 astern.
    const foe = (q: number, r: number) => ({
      plane: b,
      hex: { q, r },
      facing: 0,
      nextRight: true,
      altitude: a.altitude,
    });
    // The nearest counts: a second enemy further off does not change what it wants.
    const far = foe(a.hex.q, a.hex.r + 12);
    const wanted = (f: ReturnType<typeof foe>[]): number => wantedSpeed(state, a, w, nearestFoe(w, f));
    expect(wanted([far, foe(a.hex.q, a.hex.r - 6)])).toBe(band.levelMax * 10 + 9);
    expect(wanted([foe(a.hex.q, a.hex.r - 2), far])).toBe(band.maneuverMax * 10 + 9);
    expect(wanted([far, foe(a.hex.q, a.hex.r + 6)])).toBe(band.maneuverMax * 10 + 9);
    expect(wanted([])).toBe(band.levelMax * 10 + 9);
  });
});

describe('the variants it reads', () => {
  it("are the plotting aid's own, listed again whenever read and not kept (keep false)", () => {
    const state = duelGame(duelStart(3));
    const plane = state.planes[0]!;
    const loose = waysWithVariants(state, plane, { keep: false });
    const kept = waysWithVariants(state, plane);
    expect(loose.map((w) => w.plot)).toEqual(kept.map((w) => w.plot));
    for (const i of [0, 7, loose.length - 1]) {
      const first = loose[i]!.variants;
      expect(first.length).toBeGreaterThan(1);
      expect(loose[i]!.variants).not.toBe(first);
      expect(JSON.stringify(loose[i]!.variants)).toBe(JSON.stringify(kept[i]!.variants));
      expect(kept[i]!.variants).toBe(kept[i]!.variants);
    }
    expect(waysWithVariants(state, plane)).toBe(kept);
  });
});

describe('the stand-in in a duel', () => {
  it('catches the missed-orders default crossing behind it: the throttle open, it turns after him and shoots him down', () => {
    // Duel 1: the enemy 6 hexes off at its 8 o'clock, flying across; it flew away from him before.
    const r = playDuel(duelStart(1), { a: standInPilot, b: missedOrdersPilot }, 20);
    expect(r.winner).toBe('a');
    expect(r.flown.some((t) => t.orders.plots.A1?.boxes.some((x) => x.power > 0))).toBe(true);
  }, 120_000);
});
