import { planMenu } from './../src/core/plans/menu.ts';
import { forgetWays } from './../src/core/plans/variants.ts';
import { fogState } from './../src/core/spotting/fog.ts';
import { waysCases } from './ways.bench.ts';
const cases = waysCases().filter((c) => ['tbd-1','hurricane-1','bf-109e','a6m2','spitfire-1a'].includes(c.plane.type)).slice(0, 20);
for (let k = 0; k < 3; k++) for (const c of cases) { forgetWays(); planMenu(fogState(c.state, c.plane.side), c.plane.id); }
