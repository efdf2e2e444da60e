import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AircraftCard } from '../../../src/core/aircraft/types.ts';
import { movementRow } from '../../../src/core/impulse/schedule.ts';
import { fromColRow } from '../../../src/core/hex/coords.ts';
import { deserialiseState, type GameState, NO_LAST_TURN, serialiseState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { loadTestCards } from '../../support/golden-movement.ts';
import { randomPlot, rng } from '../../../bench/random-plots.ts';

const cards = loadTestCards('tests/golden/movement/aircraft.yaml');

function game(seed: number, n: number, types = ['tf', 'tdb', 'tb']): GameState {
  const r = rng(seed);
  const aircraft: Record<string, AircraftCard> = {};
  for (const t of types) aircraft[t] = cards.get(t)!;
  return {
    version: 1,
    turn: 1,
    map: { width: 99, height: 99 },
    options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    dice: { seed: `p${seed}` },
    planes: Array.from({ length: n }, (_, i) => ({
      id: `P${i}`,
      side: i % 2 ? 'b' : 'a',
      type: types[i % types.length]!,
      hex: fromColRow(30 + Math.floor(r() * 40), 30 + Math.floor(r() * 40)),
      facing: Math.floor(r() * 12),
      nextRight: r() < 0.5,
      altitude: 8000 + 100 * Math.floor(r() * 60),
      speed: 30 + Math.floor(r() * 50),
      bank: (['N', 'LB', 'RB'] as const)[Math.floor(r() * 3)]!,
      loaded: false,
      carry: null,
      last: { ...NO_LAST_TURN },
      status: 'flying' as const,
    })),
  };
}

const movesOf = (events: { type: string; plane: string }[], id: string) =>
  events.filter((e) => e.type === 'move' && e.plane === id).length;

describe('movement properties', () => {
  it('hexes entered in a turn equal the movement speed (no steep or vertical manoeuvres)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        let state = game(seed, 4);
        const r = rng(seed * 7);
        for (let t = 0; t < 3; t++) {
          const plots = Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r)]));
          const res = resolveTurn(state, { plots, fire: [] });
          expect(res.ok, res.ok ? '' : JSON.stringify(res.error)).toBe(true);
          if (!res.ok) return;
          for (const p of state.planes) expect(movesOf(res.value.events, p.id)).toBe(movementRow(p.speed));
          state = res.value.state;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('forwards-only plots keep the facing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const state = game(seed, 3);
        const r = rng(seed);
        const plots = Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r, true)]));
        const res = resolveTurn(state, { plots, fire: [] });
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        for (const p of state.planes) expect(res.value.state.planes.find((q) => q.id === p.id)!.facing).toBe(p.facing);
      }),
      { numRuns: 60 },
    );
  });

  it('steep climbs and dives enter two hexes of every three movement points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 60 }), fc.boolean(), (speed, climb) => {
        const state = game(1, 1, ['tf']);
        const p = state.planes[0]!;
        Object.assign(p, { speed, bank: 'N', altitude: 20000 });
        const n = movementRow(speed);
        const plot = {
          plane: p.id,
          bomb: false,
          mode: climb ? ('SC' as const) : ('SD' as const),
          boxes: Array.from({ length: n }, () => ({ man: '1' as const, alt: 0, power: 0, brake: 0 })),
        };
        const res = resolveTurn(state, { plots: { [p.id]: plot }, fire: [] });
        expect(res.ok).toBe(true);
        if (res.ok) expect(movesOf(res.value.events, p.id)).toBe(n - Math.floor(n / 3));
      }),
    );
  });

  it('steep and vertical turns whose altitudes are left out draw no altitude error, carried-over boxes and all', () => {
    // The referee fills in the altitudes (seed 001 rules (18)-(20), seed 000 X.D.1, X.E.4); a
    // half loop or a vertical-dive bank may run into the next turn, which is then plotted blank too.
    const ALTITUDE = /ALT|STEEP|LOOP_RATE|CLIMB|TOTAL/;
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 120 }),
        fc.constantFrom('SC', 'SD', 'VD'),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 4, max: 8 }),
        (speed, mode, tail, loop) => {
          let state = game(1, 1, ['tf']);
          Object.assign(state.planes[0]!, {
            speed,
            bank: mode === 'SD' ? 'INV' : 'N',
            altitude: 25000,
            last: mode === 'SC' ? { ...NO_LAST_TURN } : { ...NO_LAST_TURN, mode: 'SD', dived: 2000 },
          });
          for (let t = 0; t < 3; t++) {
            const p = state.planes[0]!;
            const need = movementRow(p.speed) - (p.carry?.boxes.length ?? 0);
            if (p.status !== 'flying' || need <= 0) return;
            const mans: string[] = Array(need).fill('1');
            // Turn 1 ends with a manoeuvre that runs into turn 2: a half loop (SC, SD) or a bank (VD).
            if (t === 0 && tail > 0)
              mans.splice(
                Math.max(0, need - tail),
                mans.length,
                ...(mode === 'VD' ? ['S', 'S', 'LB'] : [...Array(loop - 1).fill('S'), 'V']),
              );
            const boxes = mans.map((man) => ({ man: man as '1', alt: 0, power: 0, brake: 0 }));
            const plot = {
              plane: p.id,
              bomb: false,
              ...(t === 0 || !p.carry?.mode ? { mode: mode as 'SC' } : {}),
              boxes,
            };
            const res = resolveTurn(state, { plots: { [p.id]: plot }, fire: [] });
            if (!res.ok) {
              expect(res.error.filter((e) => ALTITUDE.test(e.code)).map((e) => `${e.code}: ${e.message}`)).toEqual([]);
              return;
            }
            state = res.value.state;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the state survives JSON and resolves the same afterwards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        let state = game(seed, 3);
        const r = rng(seed);
        const plots = Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r)]));
        const res = resolveTurn(state, { plots, fire: [] });
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        state = res.value.state;
        const copy = deserialiseState(serialiseState(state));
        expect(copy).toEqual(state);
        const r2 = rng(seed + 1);
        const plots2 = Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r2)]));
        expect(resolveTurn(copy, { plots: plots2, fire: [] })).toEqual(resolveTurn(state, { plots: plots2, fire: [] }));
      }),
      { numRuns: 40 },
    );
  });

  it('illegal orders never half-apply: the input state is left untouched', () => {
    const state = game(5, 2);
    const before = serialiseState(state);
    const res = resolveTurn(state, {
      plots: { P0: { plane: 'P0', bomb: false, boxes: [{ man: 'TR', alt: 0, power: 0, brake: 0 }] } },
      fire: [],
    });
    expect(res.ok).toBe(false);
    expect(serialiseState(state)).toBe(before);
  });
});
