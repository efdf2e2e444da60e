/**
 * Plan checks per second (part of `npm run bench`): what a search over plots costs for one plane
 * (the plotting aid listing every legal plot, a computer pilot weighing candidates). One check is
 * the referee's own planTurn on one plane's plot (every movement rule, seed 001 (1)-(29)) and, when
 * the plot is legal, flying it alone through the twelve impulses (core/movement/preview.ts), no
 * combat. The plots are random (bench/random-plots.ts, legal ones) with a share of changed ones
 * that break a rule, as a search meets them. Target (issue "Lean and fast"): >= 20,000 a second.
 */
import { performance } from 'node:perf_hooks';
import { previewPath } from '../src/core/movement/preview.ts';
import type { GameState } from '../src/core/state.ts';
import type { Plot } from '../src/orders/ast.ts';
import { randomPlot, rng } from './random-plots.ts';
import { median } from './stats.ts';

export function runPlanBench(game: (n: number, seed: number) => GameState): void {
  const cases: { state: GameState; plane: string; plot: Plot }[] = [];
  for (let seed = 1; seed <= 50; seed++) {
    const state = game(16, seed);
    const r = rng(seed + 500);
    for (const p of state.planes) {
      const plot = randomPlot(state, p, r);
      cases.push({ state, plane: p.id, plot });
      // The same plot with one box climbing a mile: refused by the altitude rules.
      const bad = { ...plot, boxes: plot.boxes.map((b, i) => (i === 0 ? { ...b, alt: 5000 } : b)) };
      if (r() < 0.25) cases.push({ state, plane: p.id, plot: bad });
    }
  }
  let legal = 0;
  for (const c of cases) if (previewPath(c.state, c.plane, c.plot).ok) legal++; // warm-up, and the count
  const rates: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    for (const c of cases) previewPath(c.state, c.plane, c.plot);
    rates.push(cases.length / ((performance.now() - t0) / 1000));
  }
  const m = median(rates);
  console.log(
    `plan checks (one plane's plot checked and, when legal, flown alone; ${cases.length} plots, ${legal} legal): ${Math.round(m).toLocaleString('en-US')} a second, median of 5 runs ` +
      `(best ${Math.round(Math.max(...rates)).toLocaleString('en-US')}); target >= 20,000: ${m >= 20000 ? 'met' : 'NOT met'}`,
  );
}
