/**
 * Fog of war, over random games (docs/spotting.md): whatever happens, nothing made for a side (its
 * map, its turn log, its combat lines and casualties, its picture with the replay) names an enemy
 * plane or unit it has not identified by the end of the turn.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveTurn } from '../../../src/core/turn.ts';
import { fogEvents, fogState } from '../../../src/core/spotting/fog.ts';
import { situationMap } from '../../../src/app/views/sheet.ts';
import { turnLog } from '../../../src/report/turn-log.ts';
import { casualties, combatLines, unitLosses } from '../../../src/report/combat-log.ts';
import { buildMapView } from '../../../src/report/map-view.ts';
import { svgMap } from '../../../src/report/svg-map.ts';
import { replayFrames } from '../../../src/report/frames.ts';
import {
  buildState,
  goldenOrders,
  loadTestCards,
  loadTestShips,
  type GoldenCase,
} from '../../support/golden-movement.ts';

const cards = loadTestCards('tests/golden/movement/aircraft.yaml');
const ships = loadTestShips('tests/golden/units/ships.yaml');

const counter = fc.record({
  col: fc.integer({ min: 2, max: 28 }),
  row: fc.integer({ min: 4, max: 26 }),
  facing: fc.integer({ min: 0, max: 11 }),
  alt: fc.integer({ min: 10, max: 200 }),
});
const hex = (c: { col: number; row: number }) => `${String(c.col).padStart(2, '0')}${String(c.row).padStart(2, '0')}`;

describe('fog of war (property)', () => {
  it('no side is shown an enemy it has not identified, in any text or picture made for it', () => {
    fc.assert(
      fc.property(
        fc.array(counter, { minLength: 1, maxLength: 3 }),
        fc.array(counter, { minLength: 1, maxLength: 3 }),
        fc.option(counter, { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 11 }), { nil: undefined }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (reds, blues, ship, sun, seed) => {
          const ids = { a: reds.map((_, i) => `RA${i + 1}`), b: blues.map((_, i) => `ZB${i + 1}`) };
          const before = [
            ...reds.map(
              (c, i) => `RA${i + 1} type=tf hex=${hex(c)} facing=${c.facing} alt=${c.alt * 100} speed=5.0 bank=N`,
            ),
            ...blues.map(
              (c, i) =>
                `ZB${i + 1} type=tf side=b hex=${hex(c)} facing=${c.facing} alt=${c.alt * 100} speed=5.0 bank=N`,
            ),
            ...(ship ? [`ZS1 unit=ship type=tflak side=b hex=${hex(ship)} facing=${ship.facing} knots=20`] : []),
          ];
          if (ship) ids.b.push('ZS1');
          const c: GoldenCase = {
            id: 'fog',
            title: 'fog',
            file: 'property',
            rule: 'docs/spotting.md',
            map: { width: 30, height: 30 },
            before,
            turns: [],
            after: [],
            events: [],
            errors: [],
            dice: [],
            options: '',
            exact: [],
            terrain: 'base=sea',
            turn: 1,
            fog: `a= b=${sun !== undefined ? ` sun=${sun}` : ''}`,
          };
          let state = buildState(c, cards, ships);
          state = { ...state, dice: { seed } };
          const fire = [
            ...ids.a.map((id) => `FIRE ${id} FIXED AT ANY`),
            ...ids.b.filter((id) => id !== 'ZS1').map((id) => `FIRE ${id} FIXED AT ANY`),
          ];
          for (let turn = 0; turn < 2; turn++) {
            const flying = state.planes.filter((p) => p.status === 'flying').map((p) => `${p.id}: 1 1 1 1 1`);
            const orders = goldenOrders([
              ...flying,
              ...fire.filter((f) => state.planes.some((p) => p.status === 'flying' && f.startsWith(`FIRE ${p.id} `))),
            ]);
            const r = resolveTurn(state, orders);
            if (!r.ok) return; // a random plane off the map's edge: nothing to show
            const after = r.value.state;
            for (const [side, enemies] of [
              ['a', ids.b],
              ['b', ids.a],
            ] as const) {
              const seen = new Set(after.fog!.spotted[side]);
              const unseen = enemies.filter((id) => !seen.has(id));
              if (!unseen.length) continue;
              const evs = fogEvents(r.value.events, after, side);
              const mine = side === 'a' ? ids.a : ids.b;
              const view = buildMapView({
                state: fogState(state, side),
                viewer: side,
                turn: { frames: replayFrames(fogState(state, side), evs), events: evs },
              });
              const texts = [
                situationMap(fogState(after, side), mine),
                turnLog(evs, undefined, {}, { flexible: () => false }),
                casualties(evs).join('\n'),
                unitLosses(evs).join('\n'),
                ...Array.from({ length: 12 }, (_, i) =>
                  combatLines(
                    evs.filter((e) => e.impulse === i + 1),
                    { flexible: () => false },
                  ).join('\n'),
                ),
                svgMap(view, { title: 'fog' }),
              ];
              for (const id of unseen)
                for (const text of texts) expect(text, `${side} shown ${id}`).not.toMatch(new RegExp(`\\b${id}\\b`));
            }
            state = after;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
