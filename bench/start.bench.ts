/**
 * `npm run bench:start [-- --runs N]`: how long the `tallyho` command takes to start and answer,
 * as a user runs it: `node bin/tallyho.js impulses 5 --json` against `node -e 0` (Node itself),
 * N runs of each (default 15), alternating so that both see the same machine, after two warm-up
 * runs of each. Prints the median wall-clock time of each, their difference and the target
 * (issue 10: <= 0.3 s). Builds dist/ first when it is missing or older than src/ (bin/compiled.js),
 * so that the compiled code is what is measured. Asserts nothing about time.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, staleReason } from '../bin/compiled.js';
import { median } from './stats.ts';

const i = process.argv.indexOf('--runs');
const RUNS = Math.max(1, i >= 0 ? Number(process.argv[i + 1]) : 15);
const TARGET_S = 0.3;

const stale = staleReason();
if (stale !== null) {
  console.log(`${stale}: building dist/ first`);
  const b = spawnSync(process.execPath, [join(ROOT, 'bin/build.js')], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0 && b.status !== 2) throw new Error('the build failed');
}

const COMMANDS = {
  'node -e 0': [process.execPath, '-e', '0'],
  'tallyho impulses 5 --json': [process.execPath, join(ROOT, 'bin/tallyho.js'), 'impulses', '5', '--json'],
} as const;
type Name = keyof typeof COMMANDS;

function run(name: Name): number {
  const [cmd, ...args] = COMMANDS[name];
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${name} failed (${r.status}): ${r.stderr}`);
  if (name !== 'node -e 0') {
    if (r.stderr) throw new Error(`${name} wrote to standard error: ${r.stderr}`);
    if (JSON.parse(r.stdout).row !== 5) throw new Error(`${name} answered ${r.stdout}`);
  }
  return ms;
}

const names = Object.keys(COMMANDS) as Name[];
const times: Record<Name, number[]> = { 'node -e 0': [], 'tallyho impulses 5 --json': [] };
console.log(
  `start-up: ${RUNS} runs of each, alternating; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
);
for (let w = 0; w < 2; w++) for (const n of names) run(n);
for (let k = 0; k < RUNS; k++) for (const n of names) times[n].push(run(n));

const s = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;
for (const n of names) {
  const t = times[n];
  console.log(`${n.padEnd(27)} median ${s(median(t))}   min ${s(Math.min(...t))}   max ${s(Math.max(...t))}`);
}
const cli = median(times['tallyho impulses 5 --json']);
const node = median(times['node -e 0']);
console.log(
  `tallyho's own share: ${s(cli - node)}; target: median <= ${TARGET_S} s: ${cli / 1000 <= TARGET_S ? 'met' : 'NOT met'}`,
);
