import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Refuses UPDATE_GOLDEN in CI; then builds dist/ when it is older than src/ (the tests that
    // spawn bin/tallyho.js run compiled code), and stops when the build reports type errors.
    globalSetup: ['tests/support/ci.ts', 'tests/support/build-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    // States read from the store are frozen, so a use case that changes a shared state fails here
    // (src/shell/db/repos-game.ts); passed on to the servers the integration tests start, and the
    // commands they run, by childEnv (tests/support/serve-process.ts).
    env: { TALLYHO_FREEZE_STATES: '1' },
  },
});
