/**
 * `npm run bench:plans`: every outcome of one plane with its variants (core/plans/variants.ts,
 * docs/plans.md "Heights and speeds"), and a report's menus (core/plans/menu.ts), over every plane
 * of the sample scenarios at their first turn and two turns on and the duel's Spitfire at every
 * speed from 2 to 9 (bench/ways.bench.ts). The code timed is the code the referee runs: the
 * compiled dist/ when it is current (bin/compiled.js; else the sources, and the figures say so).
 * Each plane is worked out once to warm up, then three times from nothing kept (the ways of the
 * planes last asked for are kept: a report's menus, its reminder and notices ask again, and that
 * look-up is not what is timed), its time the median. Targets (docs/plans.md): every outcome of a
 * plane, variants included, p95 <= 250 ms; the menus of a report for 8 planes <= 300 ms in all
 * (judged on the sample scenarios' reports of 4 planes or more, scaled to 8; the manoeuvre checks
 * kept by the search, core/plans/skeletons.ts, stay kept, as in the referee's long-running process).
 */
import { performance } from 'node:perf_hooks';
import { importProgram, staleReason } from '../bin/compiled.js';
import type { GameState, PlaneState } from '../src/core/state.ts';
import { waysCases } from './ways.bench.ts';

const code =
  staleReason() === null ? 'the compiled dist/' : 'the TypeScript sources (dist/ is not current: npm run build)';
const { planMenu } = (await importProgram('core/plans/menu')) as typeof import('../src/core/plans/menu.ts');
const { forgetWays, waysWithVariants } = (await importProgram(
  'core/plans/variants',
)) as typeof import('../src/core/plans/variants.ts');
const { fogState } = (await importProgram('core/spotting/fog')) as typeof import('../src/core/spotting/fog.ts');
const { forgetChecks } = (await importProgram(
  'core/plans/skeletons',
)) as typeof import('../src/core/plans/skeletons.ts');

const quantile = (xs: number[], q: number): number => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
/** The median of 3 runs, each from nothing kept (variants.ts keeps the ways of the planes last asked for). */
const medianOf3 = (f: () => void): number => {
  const runs: number[] = [];
  for (let k = 0; k < 3; k++) {
    forgetWays();
    const t0 = performance.now();
    f();
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[1] as number;
};

const cases = waysCases();
const times: number[] = [];
let outcomes = 0;
let variants = 0;
for (const c of cases) {
  const ways = waysWithVariants(c.state, c.plane);
  outcomes += ways.length;
  for (const w of ways) variants += w.variants.length;
  // Every variant listed, as `tallyho plans --json` lists them (a way's variants are worked out when first read).
  times.push(
    medianOf3(() => {
      for (const w of waysWithVariants(c.state, c.plane)) void w.variants.length;
    }),
  );
}
times.sort((a, b) => a - b);
const p95 = quantile(times, 0.95);
console.log(`code timed: ${code}`);
console.log(
  `every outcome with its variants (${cases.length} planes of the sample scenarios, turns 1-3, and the duel's Spitfire at speeds 2-9; ` +
    `${Math.round(outcomes / cases.length)} outcomes and ${Math.round(variants / cases.length).toLocaleString('en-US')} variants a plane on average; a plane's time the median of 3 runs): ` +
    `p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms per plane; target p95 <= 250 ms: ${p95 <= 250 ? 'met' : 'NOT met'}`,
);

// A report's menus: each plane's menu as its side sees it. A real report (a side's planes at one
// turn of a sample scenario, the duel's extra speeds left out) worked out from nothing kept, its
// planes one after the other as the report asks for them; and the 8 slowest single menus of all.
const menuTimes = cases
  .map((c) => {
    const seen = fogState(c.state, c.plane.side);
    planMenu(seen, c.plane.id);
    return medianOf3(() => planMenu(seen, c.plane.id));
  })
  .sort((a, b) => b - a);
const eight = menuTimes.slice(0, 8).reduce((s, t) => s + t, 0);
const typical =
  quantile(
    [...menuTimes].sort((a, b) => a - b),
    0.5,
  ) * 8;
const sides = new Map<string, { state: GameState; side: string; planes: PlaneState[] }>();
const stateNo = new Map<GameState, number>();
for (const c of cases) {
  if (!c.state.planes.includes(c.plane)) continue;
  if (!stateNo.has(c.state)) stateNo.set(c.state, stateNo.size);
  const k = `${stateNo.get(c.state)}|${c.plane.side}`;
  const r = sides.get(k) ?? { state: c.state, side: c.plane.side, planes: [] };
  r.planes.push(c.plane);
  sides.set(k, r);
}
const reports = [...sides.values()].map((r) => {
  const seen = fogState(r.state, r.side);
  return {
    side: r,
    planes: r.planes.length,
    ms: medianOf3(() => {
      for (const p of r.planes) planMenu(seen, p.id);
    }),
  };
});
const worst = [...reports].sort((a, b) => b.ms - a.ms)[0] ?? { side: undefined, planes: 0, ms: 0 };
// The target is a report of 8 planes: judged on the reports of 4 planes or more, scaled to 8 (a
// report of one plane times eight would count none of what planes of one side share).
const big = reports.filter((r) => r.planes >= 4);
const per8 = Math.max(...big.map((r) => (r.ms / r.planes) * 8));
console.log(
  `a report's menus (each side of each sample scenario at turns 1-3, ${reports.length} reports, its planes one after the other from nothing kept): ` +
    `the slowest ${worst.ms.toFixed(0)} ms for its ${worst.planes} planes; per 8 planes at most ${per8.toFixed(0)} ms over the ${big.length} reports of 4 planes or more; ` +
    `target <= 300 ms for 8 planes: ${per8 <= 300 ? 'met' : 'NOT met'}`,
);
// A referee just started has no manoeuvre check kept: the slowest report once more from nothing at all.
const bigWorst = [...big].sort((a, b) => b.ms / b.planes - a.ms / a.planes)[0];
const cold = (() => {
  const r = bigWorst?.side;
  if (!r) return 0;
  const seen = fogState(r.state, r.side);
  const runs: number[] = [];
  for (let k = 0; k < 3; k++) {
    forgetChecks();
    forgetWays();
    const t0 = performance.now();
    for (const p of r.planes) planMenu(seen, p.id);
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[1] as number;
})();
console.log(
  `that report of ${bigWorst?.planes ?? 0} planes again with the search's manoeuvre checks forgotten too (a referee just started): ${cold.toFixed(0)} ms`,
);
console.log(
  `heavier than any report of the sample scenarios: the 8 slowest single menus of all ${cases.length} planes (the duel's Spitfire at its highest speeds among them) ${eight.toFixed(0)} ms together; 8 median ones ${typical.toFixed(0)} ms`,
);
