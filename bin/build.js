#!/usr/bin/env node
// Compiles src/ to dist/ (`npm run build`; `npm ci` runs it as the `prepare` script): tsc with
// tsconfig.build.json, which rewrites the sources' `.ts` import specifiers to `.js`. The sources
// are stamped before tsc reads them (bin/compiled.js), so a file edited during the build makes
// dist/ stale, not wrongly current. The new tree is built beside dist/ and moved into place, so a
// command starting meanwhile finds either the old tree with its own stamp or none (and runs the
// sources). Exit code: tsc's (2 = type errors, the code was compiled all the same and is used;
// npm run typecheck says more); the stamp records them (`typeErrors`), and the tests refuse such
// a tree (tests/support/build-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DIST, ROOT, sourceStamp } from './compiled.js';

const started = Date.now();
const files = sourceStamp();
const next = `${DIST}.${process.pid}.tmp`;
const old = `${DIST}.${process.pid}.old`;
rmSync(next, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', next], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (r.status !== 0 && r.status !== 2) {
  rmSync(next, { recursive: true, force: true });
  console.error(`build: tsc failed (${r.status ?? r.signal}); dist/ is left as it was`);
  process.exit(1);
}
writeFileSync(
  join(next, 'build-stamp.json'),
  `${JSON.stringify({ builtAt: new Date().toISOString(), ...(r.status === 2 ? { typeErrors: true } : {}), files })}\n`,
);
if (existsSync(DIST)) renameSync(DIST, old);
renameSync(next, DIST);
rmSync(old, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (r.status === 2)
  console.error(`build: dist/ compiled in ${seconds} s, with the type errors above (npm run typecheck)`);
else console.log(`build: dist/ compiled in ${seconds} s`);
process.exit(r.status);
