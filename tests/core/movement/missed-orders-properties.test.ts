/**
 * A missed turn never stalls a game (docs/rules.md "Missed orders"): over random reachable states —
 * random legal plots flown for several turns, low over the ground, after steep and vertical dives,
 * with the guns firing at whatever they find — every flying plane's missed-orders plot is either a
 * plot the plan checker accepts or one the rules force, and a turn with no orders at all always
 * resolves. Every sample scenario resolves with no orders, turn after turn (`tallyho resolve` run in
 * this process, tests/support/cli-in-process.ts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import type { AircraftCard } from '../../../src/core/aircraft/types.ts';
import { fromColRow } from '../../../src/core/hex/coords.ts';
import { missedOrders } from '../../../src/core/movement/missed-orders.ts';
import { planTurn } from '../../../src/core/movement/plan.ts';
import { type GameState, NO_LAST_TURN, type PlaneState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import type { Box, Plot } from '../../../src/orders/ast.ts';
import { cli } from '../../support/cli-in-process.ts';
import { loadTestCards } from '../../support/golden-movement.ts';
import { randomPlot, rng } from '../../../bench/random-plots.ts';

const cards = loadTestCards('tests/golden/movement/aircraft.yaml');
const BANKS = ['N', 'LB', 'RB', 'IL', 'IR', 'INV'] as const;
const LAST = [null, null, 'SD', 'VD', 'SC'] as const;

/** Planes close together, low, in every bank, some just out of a steep or vertical dive. */
function game(seed: number, n: number, sequence: 'impulse12' | 'two-phase'): GameState {
  const r = rng(seed);
  const types = ['tf', 'tdb', 'tb'];
  const aircraft: Record<string, AircraftCard> = {};
  for (const t of types) aircraft[t] = cards.get(t)!;
  return {
    version: 1,
    turn: 1,
    map: { width: 40, height: 40 },
    options: { combat: 'standard', sequence },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    dice: { seed: `m${seed}` },
    planes: Array.from({ length: n }, (_, i): PlaneState => {
      const last = LAST[Math.floor(r() * LAST.length)]!;
      return {
        id: `P${i}`,
        side: i % 2 ? 'b' : 'a',
        type: types[i % types.length]!,
        hex: fromColRow(17 + Math.floor(r() * 6), 17 + Math.floor(r() * 6)),
        facing: Math.floor(r() * 12),
        nextRight: r() < 0.5,
        altitude: 100 * (1 + Math.floor(r() * (r() < 0.5 ? 8 : 60))),
        speed: 10 + Math.floor(r() * 110),
        bank: BANKS[Math.floor(r() * BANKS.length)]!,
        loaded: false,
        carry: null,
        last: { ...NO_LAST_TURN, mode: last, dived: last === 'SD' || last === 'VD' ? 1000 : 0 },
        status: 'flying',
      };
    }),
  };
}

const forwards = (n: number): Box[] => Array.from({ length: n }, () => ({ man: '1', alt: 0, power: 0, brake: 0 }));

/** A random legal plot, now and then a steep or vertical dive (which may carry a bank over), else none. */
function somePlot(state: GameState, p: PlaneState, r: () => number): Plot | undefined {
  const roll = r();
  if (roll < 0.3) return undefined;
  if (roll < 0.45) {
    const need = Math.max(0, Math.round(p.speed / 10) - (p.carry?.boxes.length ?? 0));
    const mode = r() < 0.5 ? ('SD' as const) : ('VD' as const);
    for (const boxes of [
      [
        ...forwards(Math.max(0, need - 2)),
        { man: 'S', alt: 0, power: 0, brake: 0 },
        { man: 'LB', alt: 0, power: 0, brake: 0 },
      ],
      forwards(need),
    ] as Box[][]) {
      const plot: Plot = { plane: p.id, bomb: false, mode, boxes };
      if (planTurn(state, p, plot).ok) return plot;
    }
  }
  // randomPlot falls back on the missed-orders plot, which a player may not send when it is forced.
  const plot = randomPlot(state, p, r);
  return planTurn(state, p, plot).ok ? plot : undefined;
}

/** Codes the rules force a plane past (forced flight): the ground, a fixed dive, a dead engine. */
const FORCED_CODES = new Set([
  'E_GROUND',
  'E_STEEP_TOTAL',
  'E_POWER',
  'E_POWER_IMPULSE',
  'E_ALT_RATE',
  'E_PULL_OUT_SD',
  'E_PULL_OUT_VD',
]);

describe('the missed-orders plot always flies', () => {
  for (const sequence of ['impulse12', 'two-phase'] as const) {
    it(`over random reachable states (${sequence}): legal or forced by the rules, and a turn without orders resolves`, () => {
      const seen = new Map<string, number>();
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10_000_000 }), (seed) => {
          let state = game(seed, 6, sequence);
          const r = rng(seed * 13 + 1);
          for (let t = 0; t < 5; t++) {
            const flying = state.planes.filter((p) => p.status === 'flying');
            if (!flying.length) break;
            for (const p of flying) {
              const m = missedOrders(state, p);
              seen.set(m.how, (seen.get(m.how) ?? 0) + 1);
              if (m.how === 'forced') {
                expect(m.problems.length).toBeGreaterThan(0);
                for (const q of m.problems) expect(FORCED_CODES, `${q.code}: ${q.message}`).toContain(q.code);
              } else {
                const again = planTurn(state, p, m.plot);
                expect(again.ok, again.ok ? '' : again.error.map((q) => q.message).join('; ')).toBe(true);
              }
            }
            // No orders at all: always resolves.
            const none = resolveTurn(state, { plots: {}, fire: [] });
            expect(none.ok, none.ok ? '' : none.error.map((q) => q.message).join('; ')).toBe(true);
            // The state flown on: random legal plots for some, none for the others, every gun at ANY.
            const plots: Record<string, Plot> = {};
            for (const p of flying) {
              const plot = somePlot(state, p, r);
              if (plot) plots[p.id] = plot;
            }
            const fire = flying.map((p) => ({ plane: p.id, guns: 'ALL' as const, hold: false, target: 'ANY' }));
            const next = resolveTurn(state, { plots, fire });
            expect(next.ok, next.ok ? '' : next.error.map((q) => `${q.plane} ${q.code} ${q.message}`).join('; ')).toBe(
              true,
            );
            if (!next.ok) return;
            state = next.value.state;
          }
        }),
        { numRuns: 150 },
      );
      // The search reaches all three kinds; a property that never met a forced plane would prove little.
      expect([...seen.keys()].sort()).toEqual(['forced', 'nearest', 'standing']);
    });
  }
});

describe('every sample scenario resolves with no orders', () => {
  const names = readdirSync('scenarios')
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  it('there are samples of every kind', () => expect(names.length).toBeGreaterThanOrEqual(9));
  for (const name of names) {
    it(`tallyho resolve scenarios/${name} with no orders`, async () => {
      const r = await cli('resolve', `scenarios/${name}`, '--json');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.out) as { events: { type: string }[] };
      expect(out.events.length).toBeGreaterThan(0);
    });
  }
});
