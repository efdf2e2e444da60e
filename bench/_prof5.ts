import { performance } from 'node:perf_hooks';
import { searchWays, firstLegal, endOf } from './../src/core/plans/ways.ts';
import { skeletons } from './../src/core/plans/skeletons.ts';
import { planTurn } from './../src/core/movement/plan.ts';
import { fogState } from './../src/core/spotting/fog.ts';
import { waysCases } from './ways.bench.ts';
const cs = waysCases().filter(c => (c.plane.type==='bf-109e' && c.plane.id==='M1') || (c.plane.type==='hurricane-1' && c.plane.id==='K1'));
for (const c of cs) {
  const plane = c.plane; const st = c.state;
  for (let k=0;k<2;k++) searchWays(st, plane);
  let t0 = performance.now(); const s = searchWays(st, plane); const tS = performance.now()-t0;
  t0 = performance.now(); const sks = skeletons(st, plane); const tK = performance.now()-t0;
  let nLegal=0; t0 = performance.now(); const plans=[]; for (const w of s.ways) { const r = planTurn(st, plane, w.plot); if (r.ok) plans.push(r.value); } const tP = performance.now()-t0;
  t0 = performance.now(); for (const p of plans) endOf(st, plane, p); const tE = performance.now()-t0;
  console.log(plane.type, plane.id, 't', st.turn, 'search', tS.toFixed(0), 'skeletons', sks.length, tK.toFixed(0), 'ways', s.ways.length, 'planTurn', tP.toFixed(0), 'endOf', tE.toFixed(0));
}
