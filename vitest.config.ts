import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowestFirst from './tests/support/sequencer.ts';

/**
 * Test files run at once: at least two, however few the cores. A good part of the suite waits on
 * its servers (Postfix, Dovecot, the referee it starts, chromium) rather than the CPU, so two files
 * on two cores overlap that waiting (docs/testing.md "How long the suite takes"). TEST_WORKERS
 * sets another number.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Refuses UPDATE_GOLDEN in CI; then builds dist/ when it is older than src/ (the tests that
    // spawn bin/tallyho.js run compiled code), and stops when the build reports type errors.
    globalSetup: ['tests/support/ci.ts', 'tests/support/build-setup.ts'],
    maxWorkers: WORKERS,
    // The slowest files first, so that none of them is the run's tail (tests/support/sequencer.ts).
    sequence: { sequencer: SlowestFirst },
    // vitest's own report, then the slowest tests and files (tests/support/slowest.ts).
    reporters: ['default', './tests/support/slowest.ts'],
    // Two files at once on two cores share the CPU: a test that starts processes takes longer than alone.
    testTimeout: 60000,
    hookTimeout: 60000,
    // States read from the store are frozen, so a use case that changes a shared state fails here
    // (src/shell/db/repos-game.ts); passed on to the servers the integration tests start, and the
    // commands they run, by childEnv (tests/support/serve-process.ts).
    env: { TALLYHO_FREEZE_STATES: '1' },
  },
});
