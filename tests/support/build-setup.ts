/**
 * Vitest's global setup: the tests that start the `tallyho` command as a child process run it as a
 * user does, from bin/tallyho.js, which runs the compiled code of dist/ only while it is current
 * (bin/compiled.js). When dist/ is missing or older than src/, it is built here first, once, so
 * those tests exercise the compiled tree of the current sources (and no warning of a stale build
 * lands in their standard error).
 *
 * A build that reports type errors stops the run (bin/build.js exits 2 and records them in
 * dist/build-stamp.json): the tests do not go on with code that does not typecheck, whether it was
 * built here or before by `npm run build`. `npm run typecheck` says more.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, STAMP, staleReason } from '../../bin/compiled.js';

const TYPE_ERRORS =
  'the build of dist/ reported type errors (npm run typecheck lists them): fix them before running the tests';

export default function setup(): void {
  const why = staleReason();
  if (why !== null) {
    process.stdout.write(`tests: ${why}: building dist/\n`);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/build.js')], { cwd: ROOT, stdio: 'inherit' });
    if (r.status === 2) throw new Error(TYPE_ERRORS);
    if (r.status !== 0) throw new Error(`the build of dist/ failed (${r.status ?? r.signal})`);
  }
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as { typeErrors?: boolean };
  if (stamp.typeErrors) throw new Error(TYPE_ERRORS);
}
