/**
 * Ways to fly per plane (part of `npm run bench`): how long the plotting aid takes to list every
 * way one plane can fly its next turn (core/plans/ways.ts), over every plane of the sample
 * scenarios at their first turn and two turns on (random legal plots), and the duel's Spitfire at
 * every speed from 2 to 9. Each plane is listed once to warm up, then three times, its time the
 * median of the three. Target (issue "The plotting aid"): p95 <= 100 ms per plane.
 */
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { waysToFly } from '../src/core/plans/ways.ts';
import { createGame } from '../src/core/scenario.ts';
import type { GameState, PlaneState } from '../src/core/state.ts';
import { resolveTurn } from '../src/core/turn.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../src/shell/ordnance/table.ts';
import { loadScenarioFile } from '../src/shell/scenario-file.ts';
import { loadShipDir } from '../src/shell/ships/catalog.ts';
import { randomPlot, rng } from './random-plots.ts';

const quantile = (xs: number[], q: number): number => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

/** Every flying plane of the sample scenarios at turns 1-3 (random legal plots), and the duel's Spitfire at speeds 2-9. */
export function waysCases(): { state: GameState; plane: PlaneState }[] {
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const cases: { state: GameState; plane: PlaneState }[] = [];
  // The quick game's scenarios (seed 004) move by its own steps, not plots.
  for (const f of readdirSync('scenarios')
    .filter((x) => x.endsWith('.yaml') && !x.startsWith('quick-'))
    .sort()) {
    let state = createGame(
      loadScenarioFile(`scenarios/${f}`, catalog, ships),
      catalog,
      `ways-${f}`,
      ships,
      loadBombingTable(),
      loadTorpedoTable(),
      { flak: loadFlakTable(), spotting: loadSpottingTable(), rockets: loadRocketTable() },
    );
    if (state.quick) continue;
    const r = rng(f.length);
    for (let t = 1; t <= 3; t++) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) cases.push({ state, plane });
      const flying = state.planes.filter((p) => p.status === 'flying' && !p.ground);
      const res = resolveTurn(state, {
        plots: Object.fromEntries(flying.map((p) => [p.id, randomPlot(state, p, r)])),
        fire: [],
      });
      if (!res.ok) break;
      state = res.value.state;
    }
    if (f === 'duel.yaml') {
      const first = cases.find((c) => c.plane.id === 'R1' && c.state.turn === 1);
      for (let speed = 20; speed <= 90; speed += 10)
        if (first) cases.push({ state: first.state, plane: { ...first.plane, speed } });
    }
  }
  return cases;
}

export function runWaysBench(): void {
  const cases = waysCases();
  const times: number[] = [];
  let ways = 0;
  // Each plane listed once to warm up, then three times: its time is the median of the three (a
  // garbage collection falling in one run is not the plane's).
  for (const c of cases) {
    ways += waysToFly(c.state, c.plane).length;
    const runs: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      waysToFly(c.state, c.plane);
      runs.push(performance.now() - t0);
    }
    times.push(runs.sort((a, b) => a - b)[1] as number);
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  console.log(
    `ways to fly (every way one plane can fly its next turn; ${cases.length} planes of the sample scenarios, turns 1-3, and the duel's Spitfire at speeds 2-9; ${Math.round(ways / cases.length)} ways a plane on average; a plane's time the median of 3 runs): p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms per plane; target p95 <= 100 ms: ${p95 <= 100 ? 'met' : 'NOT met'}`,
  );
}
