/**
 * Properties of non-plotted movement (seed 000 V) over random orders: what the rules promise holds
 * for every order the referee accepts, not only for the golden cases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexLabel, parseHexLabel, toColRow } from '../../../src/core/hex/coords.ts';
import type { GameState } from '../../../src/core/state.ts';
import { terrainAt } from '../../../src/core/terrain.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { HEX_KNOT_TENTHS, type UnitState } from '../../../src/core/units/types.ts';
import type { MoveOrder, MoveStep } from '../../../src/orders/ast.ts';
import { loadTestShips } from '../../support/golden-movement.ts';

const ships = loadTestShips('tests/golden/units/ships.yaml');

/** A 30 x 30 map: land with a road down column 15, sea in columns 22-30. */
function world(units: UnitState[], turn = 1): GameState {
  return {
    version: 1,
    turn,
    map: { width: 30, height: 30, terrain: { base: 'land', road: ['1501-1530'], sea: ['2201-3030'] } },
    options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft: {},
    planes: [],
    units,
    ships: Object.fromEntries([...ships.values()].map((c) => [c.id, c])),
    dice: { seed: 'p' },
  };
}

const ground = (id: string, kind: 'truck' | 'tank', hex: string, facing: number): UnitState => ({
  id,
  side: 'a',
  kind,
  type: kind,
  hex: parseHexLabel(hex)!,
  facing,
  nextRight: true,
  status: 'active',
});

const ship = (
  id: string,
  type: string,
  hex: string,
  facing: number,
  knots: number,
  way: number,
  since: number,
): UnitState => ({
  id,
  side: 'b',
  kind: 'ship',
  type,
  hex: parseHexLabel(hex)!,
  facing,
  nextRight: true,
  status: 'active',
  ship: { knots, ordered: knots, way, since },
});

const terrainOf = (s: GameState, u: UnitState) => {
  const { col, row } = toColRow(u.hex);
  return terrainAt(s.map.terrain, col, row);
};

describe('non-plotted movement, over random orders', () => {
  it('a ship without orders enters exactly the hexes its knots make, all in impulse 7, and keeps its way', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('tship', 'tdd', 'tslow'),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 347 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 11 }),
        (type, knotsWanted, way, turns, facing) => {
          const knots = Math.min(knotsWanted, ships.get(type)!.maxKnots);
          let state = world([ship('S1', type, '2615', facing, knots, way, 0)]);
          const entered: number[] = [];
          for (let t = 0; t < turns; t++) {
            const r = resolveTurn(state, { plots: {}, fire: [] });
            if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
            // Heading for the coast, it stops short of land (golden case S.10): the count ends there.
            if (r.value.events.some((e) => e.type === 'unit-stop')) return;
            for (const e of r.value.events)
              if (e.type === 'unit-move') {
                expect(e.impulse).toBe(7);
                expect(e.phase).toBe('B');
                entered.push(e.impulse);
              }
            state = r.value.state;
            if (state.units![0]!.status !== 'active') return;
          }
          expect(entered.length).toBe(Math.floor((way + turns * knots * 10) / HEX_KNOT_TENTHS));
          expect(state.units![0]!.ship!.way).toBe((way + turns * knots * 10) % HEX_KNOT_TENTHS);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a ship turns at most once a turn, never before its turn mode, and never onto land', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<MoveStep[]>([], ['TL'], ['TR']), { minLength: 1, maxLength: 10 }),
        fc.constantFrom('tship', 'tdd'),
        (plan, type) => {
          let state = world([ship('S1', type, '2615', 0, 30, 0, 0)]);
          const mode = ships.get(type)!.turnMode;
          let since = 0;
          for (const steps of plan) {
            const r = resolveTurn(state, { plots: {}, fire: [], moves: steps.length ? [{ unit: 'S1', steps }] : [] });
            if (!r.ok) continue; // refused orders move nothing; the turn is played again with others
            const evs = r.value.events.filter((e) => e.plane === 'S1');
            expect(evs.filter((e) => e.type === 'unit-turn').length).toBeLessThanOrEqual(1);
            for (const e of evs) {
              if (e.type === 'unit-move') since++;
              if (e.type === 'unit-turn') {
                expect(since).toBeGreaterThanOrEqual(mode);
                since = 0;
              }
            }
            state = r.value.state;
            const u = state.units![0]!;
            if (u.status === 'active') expect(terrainOf(state, u)).toBe('sea');
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('trucks and tanks spend their points only in their impulses, enter at most their points of hexes, and never drive into the sea', () => {
    const stepArb = fc.array(fc.constantFrom<MoveStep>('F', 'L', 'R', '-'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.constantFrom<'truck' | 'tank'>('truck', 'tank'),
        fc.constantFrom('1510', '1410', '2012', '2110'),
        fc.constantFrom(0, 2, 4, 6, 8, 10),
        stepArb,
        fc.integer({ min: 1, max: 2 }),
        (kind, hex, facing, steps, turn) => {
          const state = world([ground('G1', kind, hex, facing)], turn);
          const onRoad = terrainOf(state, state.units![0]!) === 'road';
          const order: MoveOrder = { unit: 'G1', steps };
          const r = resolveTurn(state, { plots: {}, fire: [], moves: [order] });
          if (!r.ok) return;
          const evs = r.value.events.filter(
            (e) => e.plane === 'G1' && (e.type === 'unit-move' || e.type === 'unit-turn'),
          );
          const allowed = kind === 'truck' && onRoad ? [4, 9] : [7];
          for (const e of evs) expect(allowed).toContain(e.impulse);
          const moves = evs.filter((e) => e.type === 'unit-move').length;
          const turns = evs.filter((e) => e.type === 'unit-turn').length;
          if (kind === 'truck') expect(moves + turns).toBeLessThanOrEqual(onRoad ? 2 : 1);
          else expect(moves + Math.max(0, turns - 1)).toBeLessThanOrEqual(onRoad || turn % 2 === 0 ? 1 : 0);
          const u = r.value.state.units![0]!;
          if (u.status === 'active') expect(terrainOf(r.value.state, u)).not.toBe('sea');
          expect(u.facing % 2).toBe(0);
          expect(hexLabel(u.hex)).toMatch(/^\d{4}$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
