/**
 * Properties of the firing phase over random encounters (docs/testing.md): planes of real cards
 * close together, random legal plots (bench/random-plots.ts), seeded dice, every plane firing
 * `FIRE <plane> ALL AT ANY`, two turns, either combat model.
 *
 * - No shot beyond range 8, nor beyond 6 when every group firing is short-ranged (seed 001 combat).
 * - Every fixed shot's target area meets the firer's cone where both planes are in that impulse,
 *   checked with cone.ts and targets.ts on positions flown again here from the plans; the shot's
 *   range is the hexes plus 1 per 500 ft; flexible shots are inside the arcs of their positions.
 * - Each gun group is in at most one shot per plane per turn (seed 000 VII.2, VII.4).
 * - The same state, orders and seed give the same events and state.
 * - A damage event never shows more hits than the system's capacity, nor hits on a destroyed system.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AircraftCard, GunGroup } from '../../../src/core/aircraft/types.ts';
import { adjustedRange, inCone, MAX_RANGE, SHORT_MAX_RANGE, targetArea } from '../../../src/core/combat/cone.ts';
import { positionOf } from '../../../src/core/combat/targets.ts';
import type { GameEvent, ShotEvent } from '../../../src/core/events.ts';
import { clockPosition } from '../../../src/core/hex/facing.ts';
import { distance } from '../../../src/core/hex/coords.ts';
import type { GameOptions, GameState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { play, positionsByImpulse } from '../../support/combat-encounters.ts';

const cardOf = (s: GameState, id: string): AircraftCard => s.aircraft[s.planes.find((p) => p.id === id)!.type]!;
const groupsOf = (s: GameState, e: ShotEvent): GunGroup[] =>
  e.guns.map((g) => cardOf(s, e.firer).guns.find((x) => x.id === g)!);

const encounters = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  n: fc.integer({ min: 2, max: 10 }),
  combat: fc.constantFrom<GameOptions['combat']>('standard', 'odds'),
});

const shotsOf = (events: readonly GameEvent[]): (ShotEvent & { impulse: number })[] =>
  events.filter((e): e is GameEvent & ShotEvent => e.type === 'shot');

describe('combat properties', () => {
  it('the random encounters do shoot', () => {
    let shots = 0;
    for (let seed = 1; seed <= 20; seed++) for (const t of play(seed, 8, 'standard')) shots += shotsOf(t.events).length;
    expect(shots).toBeGreaterThan(20);
  });

  it('no shot beyond range 8, nor beyond 6 with short-range guns only', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          for (const e of shotsOf(t.events)) {
            expect(e.hexes).toBeGreaterThanOrEqual(1);
            const limit = groupsOf(t.before, e).every((g) => g.shortRange) ? SHORT_MAX_RANGE : MAX_RANGE;
            expect(e.range, `${e.firer}>${e.target} ${e.guns.join('+')}`).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('every fixed shot has its target area in the cone; every flexible shot is inside its arcs', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          const at = positionsByImpulse(t.before, t.plans, t.events);
          for (const e of shotsOf(t.events)) {
            const where = at.get(e.impulse)!;
            const firer = where.get(e.firer)!;
            const target = where.get(e.target)!;
            const hexes = distance(firer.hex, target.hex);
            const what = `${t.before.turn}.${e.impulse} ${e.firer}>${e.target} ${e.guns.join('+')}`;
            expect(e.hexes, what).toBe(hexes);
            expect(e.range, what).toBe(adjustedRange(hexes, target.altitude - firer.altitude));
            const groups = groupsOf(t.before, e);
            if (groups.every((g) => g.mount !== 'F')) {
              const area = targetArea(positionOf(target), hexes);
              expect(
                area.some((h) => inCone(positionOf(firer), h)),
                what,
              ).toBe(true);
            } else {
              expect(
                groups.every((g) => g.mount === 'F'),
                what,
              ).toBe(true);
              const clock = clockPosition(firer.hex, firer.facing, target.hex);
              for (const g of groups) expect(g.arc, what).toContain(clock);
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('each gun group fires at most once per plane per turn', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          const seen = new Set<string>();
          for (const e of shotsOf(t.events)) {
            for (const g of e.guns) {
              const k = `${e.firer}:${g}`;
              expect(seen.has(k), `${k} fired twice in turn ${t.before.turn}`).toBe(false);
              seen.add(k);
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('the same state, orders and seed give the same events and state', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          const again = resolveTurn(t.before, t.orders);
          expect(again.ok).toBe(true);
          if (!again.ok) return;
          expect(again.value.events).toEqual(t.events);
          expect(again.value.state).toEqual(t.after);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("damage events never exceed a system's capacity, nor strike a destroyed system", () => {
    fc.assert(
      fc.property(encounters, ({ seed, n }) => {
        const destroyed = new Set<string>();
        for (const t of play(seed, n, 'standard', 3)) {
          for (const e of t.events) {
            if (e.type !== 'damage') continue;
            const k = `${e.plane}:${e.system}`;
            expect(e.hits, k).toBeGreaterThan(0);
            expect(e.taken, k).toBeLessThanOrEqual(e.capacity);
            expect(destroyed.has(k), `${k} hit after it was destroyed`).toBe(false);
            if (e.destroyed) destroyed.add(k);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
