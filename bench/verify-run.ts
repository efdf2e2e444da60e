/**
 * `bench/verify.bench.ts`'s in-process figure, in a process of its own as `tallyho verify` runs
 * it: verifyGame on the game `long` of the database named, again and again. The first run is cold
 * (V8 compiles the core as it meets it, and recompiles what the first turns taught it wrongly);
 * the runs after show the warm-up, until three runs in a row agree within 10% (at least 10 runs,
 * at most 20). Prints one JSON line: each run's wall and CPU seconds, the turns, the differences.
 */
import { silentLog, type AppDeps } from '../src/app/ports/deps.ts';
import { verifyGame } from '../src/app/history/verify.ts';
import { SqliteStore } from '../src/shell/db/store.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: verify-run <database>');
const store = SqliteStore.open(path);
// verifyGame reads the store and nothing else of the referee's parts.
const deps = { store, clock: { now: () => Date.now() }, log: silentLog } as unknown as AppDeps;
// V8 settles on its compiled core only after some 10,000 turns here: the runs before are warm-up.
const MIN_RUNS = 10;
const MAX_RUNS = 20;
const runs: { wall: number; cpu: number }[] = [];
let turns = 0;
let differences = 0;
const settled = (): boolean => {
  if (runs.length < MIN_RUNS) return false;
  const last = runs.slice(-3).map((r) => r.wall);
  return Math.max(...last) <= Math.min(...last) * 1.1;
};
while (runs.length < MAX_RUNS && !settled()) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = verifyGame(deps, 'long');
  const c = process.cpuUsage(c0);
  runs.push({ wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 });
  turns = v.turns;
  differences = v.differences.length;
}
store.close();
console.log(JSON.stringify({ turns, differences, settled: settled(), runs }));
