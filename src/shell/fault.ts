/**
 * Fault injection for the crash tests: with TALLYHO_FAULT=<point> in the environment, the process
 * kills itself with SIGKILL the first time it reaches that point (after-fetch: a mail read but not
 * yet handled; after-commit: handled and committed but not yet filed; hook-after-send: a hook's
 * request answered but its result not yet recorded). Unset, it does nothing.
 */
export function faultPoint(name: 'after-fetch' | 'after-commit' | 'hook-after-send'): void {
  if (process.env.TALLYHO_FAULT !== name) return;
  process.stderr.write(`tallyho: fault injection: SIGKILL at ${name}\n`);
  process.kill(process.pid, 'SIGKILL');
}
