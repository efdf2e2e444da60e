/**
 * Properties of the two-phase sequence (seed 003, core/two-phase) over random encounters of real
 * cards and random legal plots:
 *
 * - with nobody firing, a turn ends exactly as the twelve-impulse turn with the same plots (the
 *   sequence changes when planes move, never where a plot takes them);
 * - the order of movement is fastest first, and each plane moves its first-phase hexes (half,
 *   rounded down) in one block of consecutive impulses, then the rest in the second phase, in the
 *   same order;
 * - with everybody firing `ALL AT ANY`, every shot is by the plane moving in that impulse or at it,
 *   and a plane shot down never fires afterwards.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameEvent } from '../../../src/core/events.ts';
import type { GameState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { rng } from '../../../bench/random-plots.ts';
import { encounter, ordersFor } from '../../support/combat-encounters.ts';
import { buildState, type GoldenCase, goldenOrders, loadTestCards } from '../../support/golden-movement.ts';
import { fogEvents } from '../../../src/core/spotting/fog.ts';

const encounters = fc.record({ seed: fc.integer({ min: 1, max: 1_000_000 }), n: fc.integer({ min: 2, max: 8 }) });

const twoPhase = (s: GameState): GameState => ({ ...s, options: { ...s.options, sequence: 'two-phase' } });
const where = (s: GameState) =>
  s.planes.map((p) => ({
    id: p.id,
    hex: p.hex,
    facing: p.facing,
    altitude: p.altitude,
    speed: p.speed,
    bank: p.bank,
    status: p.status,
    carry: p.carry,
  }));

describe('the two-phase sequence', () => {
  it('moves every plane where the twelve-impulse turn does when nobody fires', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n }) => {
        const state = encounter(seed, n, 'standard');
        const orders = { ...ordersFor(state, rng(seed + 1)), fire: [] };
        const a = resolveTurn(state, orders);
        const b = resolveTurn(twoPhase(state), orders);
        expect(a.ok && b.ok).toBe(true);
        if (!a.ok || !b.ok) return;
        expect(where(b.value.state)).toEqual(where(a.value.state));
      }),
      { numRuns: 60 },
    );
  });

  it('moves the planes fastest first, half their hexes (rounded down) then the rest, each in one block', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n }) => {
        const state = twoPhase(encounter(seed, n, 'standard'));
        const r = resolveTurn(state, { ...ordersFor(state, rng(seed + 1)), fire: [] });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const seq = r.value.events.find((e): e is Extract<GameEvent, { type: 'sequence' }> => e.type === 'sequence');
        expect(seq).toBeDefined();
        if (!seq) return;
        for (let i = 1; i < seq.order.length; i++)
          expect(seq.order[i]!.speed).toBeLessThanOrEqual(seq.order[i - 1]!.speed);
        for (const o of seq.order)
          expect([o.first, o.second]).toEqual([Math.floor(o.speed / 2), o.speed - Math.floor(o.speed / 2)]);
        const steps = r.value.events.filter((e) => e.phase === 'C' && (e.type === 'move' || e.type === 'hold'));
        // One event per hex moved (a box that enters no hex holds), numbered through the turn.
        const byImpulse = new Map<number, string>();
        for (const e of steps) byImpulse.set(e.impulse, e.plane);
        const expected: [number, string][] = [];
        let k = 0;
        for (const [p, phase] of [
          [0, seq.phases[0]!],
          [1, seq.phases[1]!],
        ] as const) {
          k = phase.first;
          for (const o of seq.order)
            for (let j = 0; j < (p === 0 ? o.first : o.second); j++) expected.push([k++, o.plane]);
          expect(k).toBe(phase.zero);
        }
        expect([...byImpulse.entries()].sort((x, y) => x[0] - y[0])).toEqual(expected);
        expect(seq.end).toBe(seq.phases[1]!.zero + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('lets only the moving plane fire at anything, the others only at it, and nobody shot down fires again', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n }) => {
        const state = twoPhase(encounter(seed, n, 'standard'));
        const r = resolveTurn(state, ordersFor(state, rng(seed + 1)));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const mover = new Map<number, string>();
        for (const e of r.value.events)
          if (e.phase === 'C' && (e.type === 'move' || e.type === 'hold')) mover.set(e.impulse, e.plane);
        const down = new Map<string, number>();
        for (const e of r.value.events) {
          if (e.type === 'shot') {
            const m = mover.get(e.impulse);
            if (m !== undefined)
              expect(
                e.firer === m || e.target === m,
                `impulse ${e.impulse}: ${e.firer} at ${e.target}, ${m} moving`,
              ).toBe(true);
            const d = down.get(e.firer);
            expect(d === undefined, `${e.firer} fired in impulse ${e.impulse} after it was shot down in ${d}`).toBe(
              true,
            );
          }
          if (e.type === 'shot-down' && !down.has(e.plane)) down.set(e.plane, e.impulse);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the two-phase sequence under fog of war', () => {
  it("numbers a side's impulses without the hexes of planes it has not identified", () => {
    const c: GoldenCase = {
      id: 'fog',
      title: '',
      file: '',
      rule: 'seed 003',
      map: { width: 40, height: 40 },
      turns: [],
      after: [],
      events: [],
      errors: [],
      dice: [],
      exact: [],
      terrain: '',
      turn: 1,
      options: 'sequence=two-phase',
      fog: 'a= b= cloud=5000-8000',
      before: [
        'A1 type=tf side=a hex=0530 facing=0 alt=2000 speed=5.0 bank=N',
        'B1 type=tf side=b hex=3530 facing=0 alt=15000 speed=8.0 bank=N',
      ],
    };
    // A cloud layer between them: neither can spot the other.
    const state = buildState(c, loadTestCards('tests/golden/movement/aircraft.yaml'));
    const r = resolveTurn(state, goldenOrders(['A1: 1 1 1 1 1', 'B1: 1 1 1 1 1 1 1 1']));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // B1 (8 hexes) moves first: impulses 1-4 and 11-14 of the whole turn are its.
    const whole = r.value.events.find((e) => e.type === 'sequence');
    expect(whole?.type === 'sequence' && whole.end).toBe(16);
    const seen = fogEvents(r.value.events, r.value.state, 'a');
    const seq = seen.find((e) => e.type === 'sequence');
    if (seq?.type !== 'sequence') throw new Error('no sequence event');
    expect(seq.order.map((o) => o.plane)).toEqual(['A1']);
    expect(seq.phases).toEqual([
      { first: 1, zero: 3 },
      { first: 4, zero: 7 },
    ]);
    expect(seq.end).toBe(8);
    expect(seen.filter((e) => e.type === 'move').map((e) => e.impulse)).toEqual([1, 2, 4, 5, 6]);
    expect(seen.some((e) => e.plane === 'B1')).toBe(false);
  });
});
