/**
 * Traps (core/plans/trap.ts, docs/plans.md "Traps"): a plane at the start of a turn is trapped when
 * every way it can fly leaves the map, flies into the ground or stalls. Held to the list of every
 * way and its variants: "exit" exactly when every listed way leaves the map; no trap exactly when
 * some listed way stays on it, above the minimum speed.
 */
import { describe, expect, it } from 'vitest';
import { isStalled } from '../../../src/core/movement/bookkeeping.ts';
import { fromColRow } from '../../../src/core/hex/coords.ts';
import { trapAfter, trapOf } from '../../../src/core/plans/trap.ts';
import { planMenu } from '../../../src/core/plans/menu.ts';
import { parseHexLabel } from '../../../src/core/hex/coords.ts';
import { waysWithVariants } from '../../../src/core/plans/variants.ts';
import { createGame } from '../../../src/core/scenario.ts';
import { cardOf, type GameState, type PlaneState } from '../../../src/core/state.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';
import { rng } from '../../../bench/random-plots.ts';

const catalog = loadAircraftDir();
const duel = createGame(loadScenarioFile('scenarios/duel.yaml', catalog, loadShipDir()), catalog, 'trap-tests');

/** The duel with R1 changed. */
function withR1(change: Partial<PlaneState>): { state: GameState; plane: PlaneState } {
  const plane = { ...(duel.planes.find((p) => p.id === 'R1') as PlaneState), ...change };
  return { state: { ...duel, planes: duel.planes.map((p) => (p.id === 'R1' ? plane : p)) }, plane };
}

describe('a trap', () => {
  it('is every way leaving the map: R1 on the top row facing out; none in the middle of the map', () => {
    const edge = withR1({ hex: fromColRow(12, 1), facing: 0 });
    expect(trapOf(edge.state, edge.plane)).toBe('exit');
    const middle = withR1({ hex: fromColRow(12, 12) });
    expect(trapOf(middle.state, middle.plane)).toBeNull();
  });

  it('is the ground when no plot is accepted: a vertical dive to pull out of at 300 ft', () => {
    const low = withR1({ altitude: 300, last: { mode: 'VD', climbed: 0, dived: 2400, power: false } });
    expect(trapOf(low.state, low.plane)).toBe('ground');
  });

  it('is where a plot leads: straight on to the top row, facing out', () => {
    const near = withR1({ hex: fromColRow(12, 7), facing: 0 });
    expect(
      trapAfter(near.state, near.plane, {
        plane: 'R1',
        bomb: false,
        boxes: [1, 2, 3, 4, 5, 6].map(() => ({ man: '1', alt: 0, power: 0, brake: 0 })),
      }),
    ).toBe('exit');
  });

  it('agrees with the list of every way: at random places, headings, speeds and heights near the edges', () => {
    const r = rng(42);
    let trapped = 0;
    let free = 0;
    for (let k = 0; k < 80; k++) {
      const edgeRow = r() < 0.5;
      const hex = edgeRow
        ? fromColRow(3 + Math.floor(r() * 24), 1 + Math.floor(r() * 5))
        : fromColRow(1 + Math.floor(r() * 5), 3 + Math.floor(r() * 18));
      // Half of them facing the edge they are near (12 o'clock the top, 9 o'clock the left).
      const facing = r() < 0.5 ? (edgeRow ? 0 : 9) : Math.floor(r() * 12);
      const { state, plane } = withR1({
        hex,
        facing,
        speed: 30 + Math.floor(r() * 50),
        altitude: [400, 3000, 12000][Math.floor(r() * 3)] as number,
      });
      const trap = trapOf(state, plane);
      const ways = waysWithVariants(state, plane);
      const card = cardOf(state, plane);
      const staysFree = ways.some(
        (w) => w.end.status === 'flying' && w.variants.some((v) => !isStalled(card, plane, v.speed, v.altitude)),
      );
      const label = `R1 at ${JSON.stringify(hex)} facing ${plane.facing} speed ${plane.speed} ${plane.altitude} ft`;
      expect(trap === null, label).toBe(staysFree);
      if (trap === 'exit') expect(ways.length > 0 && ways.every((w) => w.end.status === 'exited'), label).toBe(true);
      if (trap) trapped++;
      else free++;
    }
    expect(trapped).toBeGreaterThan(3);
    expect(free).toBeGreaterThan(10);
  }, 120_000);

  it('the menu offers a way that stays on the map when every other plan leaves it or leads into a trap', () => {
    // Near the bottom edge, facing it (6) in a left bank at speed 7.5: straight on and the turns all leave the map.
    const { state } = withR1({ hex: parseHexLabel('0821')!, facing: 6, speed: 75, bank: 'LB' });
    const menu = planMenu(state, 'R1');
    const stays = menu.filter((p) => p.names.includes('stays-on'));
    expect(stays.length).toBe(1);
    const way = stays[0]!;
    expect(way.end.status).toBe('flying');
    expect(trapAfter(state, state.planes.find((p) => p.id === 'R1')!, way.plot)).toBeNull();
    expect(menu.filter((p) => p !== way).every((p) => p.end.status !== 'flying' || p.trap)).toBe(true);
    // In the middle of the map no plan is doomed, and none is named so.
    const middle = withR1({ hex: fromColRow(12, 12) });
    expect(planMenu(middle.state, 'R1').some((p) => p.names.includes('stays-on'))).toBe(false);
  });
});
