/**
 * `npm run bench`: turn resolution for 2, 16, 100 and 200 planes flying legal random plots, each
 * case run 3 times. Prints, per size, the median ms per turn over every run and the median over the
 * cases of each case's best of 3 runs (a garbage collection inside one run left out), and the
 * ratio t(200)/t(100) of the latter. Targets: 100 planes <= 3 ms (the median over every run; issue
 * "Lean and fast", before it 20 ms), ratio <= 2.2. Then the same with shooting (bench/combat.bench.ts)
 * plan checks a second (bench/plans.bench.ts) and ways to fly per plane (bench/ways.bench.ts).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { fromColRow } from '../src/core/hex/coords.ts';
import { type GameState, NO_LAST_TURN } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import { runCombatBench } from './combat.bench.ts';
import { runPlanBench } from './plans.bench.ts';
import { runWaysBench } from './ways.bench.ts';
import { randomPlot, rng } from './random-plots.ts';
import { repeatedRuns } from './stats.ts';

const catalog = loadAircraftDir();
const fighters = ['spitfire-1a', 'bf-109e', 'p-51d', 'fw-190a8', 'a6m2', 'f6f-3', 'p-47d', 'hurricane-1'];

function game(n: number, seed: number): GameState {
  const r = rng(seed);
  const aircraft = Object.fromEntries(fighters.map((t) => [t, catalog.get(t)!]));
  return {
    version: 1,
    turn: 1,
    map: { width: 99, height: 99 },
    options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    dice: { seed: `bench${seed}` },
    planes: Array.from({ length: n }, (_, i) => ({
      id: `P${i}`,
      side: i % 2 ? 'b' : 'a',
      type: fighters[i % fighters.length]!,
      hex: fromColRow(25 + Math.floor(r() * 50), 25 + Math.floor(r() * 50)),
      facing: Math.floor(r() * 12),
      nextRight: true,
      altitude: 10000 + 100 * Math.floor(r() * 80),
      speed: 50 + Math.floor(r() * 30),
      bank: 'N' as const,
      loaded: false,
      carry: null,
      last: { ...NO_LAST_TURN },
      status: 'flying' as const,
    })),
  };
}

function bench(n: number): ReturnType<typeof repeatedRuns> {
  const count = n <= 16 ? 200 : 40;
  const cases: { state: GameState; orders: TurnOrders }[] = [];
  for (let i = 0; i < count; i++) {
    const state = game(n, i + 1);
    const r = rng(i + 99);
    cases.push({
      state,
      orders: { plots: Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r)])), fire: [] },
    });
  }
  for (const c of cases) resolveTurn(c.state, c.orders); // warm-up: every case once
  // Each case is run 3 times: the median over every run, and over the cases of each case's best.
  const runs = cases.map((c) =>
    Array.from({ length: 3 }, () => {
      const t0 = performance.now();
      const res = resolveTurn(c.state, c.orders);
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`bench plot illegal: ${JSON.stringify(res.error[0])}`);
      return ms;
    }),
  );
  return repeatedRuns(runs);
}

console.log(
  `turn resolution: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)} before the run (other work lengthens every figure)`,
);
const results: Record<number, ReturnType<typeof repeatedRuns>> = {};
for (const n of [2, 16, 100, 200]) {
  const r = (results[n] = bench(n));
  console.log(
    `${String(n).padStart(4)} planes: ${r.medianAll.toFixed(3)} ms per turn, median of every run; ${r.medianOfBest.toFixed(3)} ms, median of best-of-3`,
  );
}
const movement100 = results[100]!.medianAll;
const ratio = results[200]!.medianOfBest / results[100]!.medianOfBest;
console.log(
  `ratio t(200)/t(100) of the medians of best-of-3: ${ratio.toFixed(2)} (target <= 2.2: ${ratio <= 2.2 ? 'met' : 'NOT met'}); ` +
    `100 planes, median of every run: ${movement100.toFixed(3)} ms (target <= 3 ms: ${movement100 <= 3 ? 'met' : 'NOT met'})`,
);
runCombatBench();
runPlanBench(game);
runWaysBench();
console.log(`the bench process's RSS at the end: ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
