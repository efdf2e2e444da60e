/**
 * `npm run bench`: turn resolution for 2, 16, 100 and 200 planes flying legal random plots.
 * Prints the median time per turn and the ratio t(200)/t(100). Targets (issue "Movement
 * adjudication"): 100 planes <= 20 ms median, ratio <= 2.2. Then the same with shooting
 * (bench/combat.bench.ts).
 */
import { performance } from 'node:perf_hooks';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { fromColRow } from '../src/core/hex/coords.ts';
import { type GameState, NO_LAST_TURN } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import { runCombatBench } from './combat.bench.ts';
import { randomPlot, rng } from './random-plots.ts';

const catalog = loadAircraftDir();
const fighters = ['spitfire-1a', 'bf-109e', 'p-51d', 'fw-190a8', 'a6m2', 'f6f-3', 'p-47d', 'hurricane-1'];

function game(n: number, seed: number): GameState {
  const r = rng(seed);
  const aircraft = Object.fromEntries(fighters.map((t) => [t, catalog.get(t)!]));
  return {
    version: 1, turn: 1, map: { width: 99, height: 99 }, options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } }, aircraft, dice: { seed: `bench${seed}` },
    planes: Array.from({ length: n }, (_, i) => ({
      id: `P${i}`, side: i % 2 ? 'b' : 'a', type: fighters[i % fighters.length]!,
      hex: fromColRow(25 + Math.floor(r() * 50), 25 + Math.floor(r() * 50)), facing: Math.floor(r() * 12), nextRight: true,
      altitude: 10000 + 100 * Math.floor(r() * 80), speed: 50 + Math.floor(r() * 30), bank: 'N' as const, loaded: false,
      carry: null, last: { ...NO_LAST_TURN }, status: 'flying' as const,
    })),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function bench(n: number): number {
  const runs = n <= 16 ? 200 : 40;
  const cases: { state: GameState; orders: TurnOrders }[] = [];
  for (let i = 0; i < runs; i++) {
    const state = game(n, i + 1);
    const r = rng(i + 99);
    cases.push({ state, orders: { plots: Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r)])), fire: [] } });
  }
  for (const c of cases) resolveTurn(c.state, c.orders); // warm-up: every case once
  // Each case is timed as the best of 3 runs, so a garbage collection falling inside one run does
  // not count as resolution time; the median is then taken over the cases.
  const times = cases.map((c) => {
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      const res = resolveTurn(c.state, c.orders);
      best = Math.min(best, performance.now() - t0);
      if (!res.ok) throw new Error(`bench plot illegal: ${JSON.stringify(res.error[0])}`);
    }
    return best;
  });
  return median(times);
}

const results: Record<number, number> = {};
for (const n of [2, 16, 100, 200]) {
  results[n] = bench(n);
  console.log(`${String(n).padStart(4)} planes: median ${results[n]!.toFixed(3)} ms per turn`);
}
console.log(`ratio t(200)/t(100): ${(results[200]! / results[100]!).toFixed(2)}  (target <= 2.2; 100 planes target <= 20 ms)`);
runCombatBench();
console.log(`rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
