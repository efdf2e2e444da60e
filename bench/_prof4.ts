import { performance } from 'node:perf_hooks';
import { planMenu } from './../src/core/plans/menu.ts';
import { forgetWays, waysWithVariants } from './../src/core/plans/variants.ts';
import { trapAfter } from './../src/core/plans/trap.ts';
import { fogState } from './../src/core/spotting/fog.ts';
import { waysCases } from './ways.bench.ts';
const rows = [];
for (const c of waysCases()) {
  const seen = fogState(c.state, c.plane.side);
  const plane = seen.planes.find(p=>p.id===c.plane.id)!;
  planMenu(seen, c.plane.id);
  forgetWays();
  let t0 = performance.now(); const menu = planMenu(seen, c.plane.id); const tm = performance.now()-t0;
  forgetWays();
  t0 = performance.now(); const ws = waysWithVariants(seen, plane); const tw = performance.now()-t0;
  t0 = performance.now(); for (const w of ws) void w.range; const tr = performance.now()-t0;
  t0 = performance.now(); for (const m of menu) if (m.end.status==='flying') trapAfter(seen, plane, m.plot); const tt = performance.now()-t0;
  rows.push({ k: `${c.plane.type} ${c.plane.id} t${c.state.turn} alt ${plane.altitude} spd ${plane.speed}`, tm, tw, tr, tt, n: ws.length });
}
rows.sort((a,b)=>b.tm-a.tm);
for (const r of rows.slice(0,16)) console.log(r.k.padEnd(40), 'menu', r.tm.toFixed(0).padStart(4), 'ways', r.tw.toFixed(0).padStart(4), 'range', r.tr.toFixed(0).padStart(4), 'traps', r.tt.toFixed(0).padStart(4), 'n', r.n);
