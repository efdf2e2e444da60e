/**
 * The stand-in pilot (core/standin, docs/standin.md): for every sample scenario its orders for each
 * side are accepted and resolve together, the same each time, and written from what the side sees;
 * a bench duel is a real game through resolveTurn, its events those of the turns flown again.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planTurn } from '../../src/core/movement/plan.ts';
import { createGame } from '../../src/core/scenario.ts';
import { standIn } from '../../src/core/standin/pilot.ts';
import type { GameState } from '../../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../../src/core/turn.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../src/shell/ships/catalog.ts';
import { loadBombingTable, loadFlakTable, loadRocketTable, loadSpottingTable, loadTorpedoTable } from '../../src/shell/ordnance/table.ts';
import { duelStart, missedOrdersPilot, playDuel, pursuitPilot, standInPilot } from '../../bench/duels.ts';
import { createGame as create, parseScenario } from '../../src/core/scenario.ts';

const catalog = loadAircraftDir();
const ships = loadShipDir();

function samples(): { name: string; state: GameState }[] {
  const out: { name: string; state: GameState }[] = [];
  for (const f of readdirSync('scenarios').filter((x) => x.endsWith('.yaml')).sort()) {
    let scenario;
    try { scenario = loadScenarioFile(`scenarios/${f}`, catalog, ships); } catch { continue; }
    const state = createGame(scenario, catalog, `standin-${f}`, ships, loadBombingTable(), loadTorpedoTable(), { flak: loadFlakTable(), spotting: loadSpottingTable(), rockets: loadRocketTable() });
    if (!state.quick) out.push({ name: f, state });
  }
  return out;
}

describe('the stand-in pilot', () => {
  it('gives every side of every sample scenario orders that are accepted and resolve together, the same each time', () => {
    for (const { name, state } of samples()) {
      const all: TurnOrders = { plots: {}, fire: [] };
      for (const side of Object.keys(state.sides)) {
        const r = standIn(state, side);
        expect(standIn(state, side), `${name} ${side}: the same again`).toEqual(r);
        const mine = state.planes.filter((p) => p.side === side && p.status === 'flying' && !p.ground).map((p) => p.id).sort();
        expect(Object.keys(r.orders.plots).sort(), `${name} ${side}`).toEqual(mine);
        for (const c of r.choices) {
          const plane = state.planes.find((p) => p.id === c.plane)!;
          expect(plane.side).toBe(side);
          expect(planTurn(state, plane, c.plot).ok, `${name} ${c.plane}`).toBe(true);
          expect(c.why.length).toBeGreaterThan(3);
        }
        Object.assign(all.plots, r.orders.plots);
        all.fire.push(...r.orders.fire);
      }
      const turn = resolveTurn(state, all);
      expect(turn.ok, `${name}: ${turn.ok ? '' : turn.error.map((p) => p.message).join('; ')}`).toBe(true);
    }
  }, 180_000);

  it('flies a duel that is a real game: each turn\'s orders from the state alone, the events those of the turn flown again', () => {
    const scenario = duelStart(3);
    const r = playDuel(scenario, { a: standInPilot, b: pursuitPilot }, 8);
    const parsed = parseScenario(scenario, 'bench', catalog);
    if (!parsed.ok) throw new Error('scenario');
    let state = create(parsed.value, catalog, scenario.name.padEnd(32, '0').slice(0, 32));
    const events = [];
    for (let t = 0; t < r.turns; t++) {
      const a = standInPilot(state, 'a');
      const b = pursuitPilot(state, 'b');
      const turn = resolveTurn(state, { plots: { ...a.plots, ...b.plots }, fire: [...a.fire, ...b.fire] });
      if (!turn.ok) throw new Error('refused');
      events.push(...turn.value.events);
      state = turn.value.state;
    }
    expect(events).toEqual(r.events);
    expect(state).toEqual(r.end);
    // The stand-in fired: its FIRE orders are in every turn, and a turn with a shot of its shows it.
    const left = state.planes.filter((p) => p.status === 'flying').map((p) => p.side);
    if (r.winner) expect(left).toEqual([r.winner]);
  }, 120_000);

  it('beats the missed-orders default in a duel', () => {
    const r = playDuel(duelStart(0), { a: standInPilot, b: missedOrdersPilot }, 30);
    expect(r.winner).toBe('a');
  }, 120_000);
});
