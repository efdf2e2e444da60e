import { performance } from 'node:perf_hooks';
import { planMenu } from './../src/core/plans/menu.ts';
import { forgetWays, waysWithVariants } from './../src/core/plans/variants.ts';
import { trapOf, planeAfter } from './../src/core/plans/trap.ts';
import { skeletons } from './../src/core/plans/skeletons.ts';
import { fogState } from './../src/core/spotting/fog.ts';
import { cardOf } from './../src/core/state.ts';
import { waysCases } from './ways.bench.ts';
const cases = waysCases().filter((c) => ['tbd-1','hurricane-1','bf-109e','a6m2'].includes(c.plane.type)).slice(0, 10);
for (const c of cases) {
  const seen = fogState(c.state, c.plane.side);
  const menu = planMenu(seen, c.plane.id);
  const plane = seen.planes.find(p=>p.id===c.plane.id)!;
  for (const m of menu) {
    const after = planeAfter(seen, plane, m.plot);
    if (!after || after.status!=='flying') continue;
    const st = { ...seen, planes: seen.planes.map((p) => (p.id === plane.id ? after : p)) };
    forgetWays();
    const t0 = performance.now(); const t = trapOf(st, after); const dt = performance.now()-t0;
    let n = 0; skeletons(st, after, () => { n++; return false; }, {onMap:true});
    console.log(c.plane.type, c.plane.id, 'turn', c.state.turn, m.letter, m.names.join(','), 'alt', after.altitude, 'spd', after.speed, 'carry', !!after.carry, 'trap', t, dt.toFixed(1), 'ms; onMap skeletons', n);
  }
}
