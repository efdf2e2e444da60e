/**
 * The order the test files start in (vitest.config.ts): the slowest first, then the others in
 * vitest's own order. With two files at once, a file of two minutes started late in the run is
 * its tail, the other worker idle: started first, it runs beside the many short ones. vitest's
 * own order puts the files that took longest first only when it has their times from a run
 * before (its cache in node_modules/.vite); from a clean clone, as in CI, it has none and starts
 * the largest files first, the slowest among the last. SLOWEST is that order for a clean clone,
 * from the ten slowest files the reporter prints after a run (tests/support/slowest.ts).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest test files, slowest first (a run's "slowest files", docs/testing.md "How long the suite takes"). */
export const SLOWEST = [
  'tests/integration/chaos.test.ts',
  'tests/core/standin/standin.test.ts',
  'tests/core/plans/plans.test.ts',
  'tests/integration/play-by-mail.test.ts',
  'tests/integration/imap-watchdog.test.ts',
  'tests/integration/standin-mail.test.ts',
  'tests/integration/outbox-crash.test.ts',
  'tests/shell/cli/standin-cli.test.ts',
  'tests/integration/solo-local.test.ts',
  'tests/shell/cli/plans-cli.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = SLOWEST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'));
      return i < 0 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
