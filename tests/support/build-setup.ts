/**
 * Vitest's global setup: the tests that start the `tallyho` command as a child process run it as a
 * user does, from bin/tallyho.js, which runs the compiled code of dist/ only while it is current
 * (bin/compiled.js). When dist/ is missing or older than src/, it is built here first, once, so
 * those tests exercise the compiled tree of the current sources (and no warning of a stale build
 * lands in their standard error).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, staleReason } from '../../bin/compiled.js';

export default function setup(): void {
  const why = staleReason();
  if (why === null) return;
  process.stdout.write(`tests: ${why}: building dist/\n`);
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/build.js')], { cwd: ROOT, stdio: 'inherit' });
  // 2: compiled with type errors, the code is current all the same (npm run typecheck reports them).
  if (r.status !== 0 && r.status !== 2) throw new Error(`the build of dist/ failed (${r.status ?? r.signal})`);
}
