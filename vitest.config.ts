import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    // States read from the store are frozen, so a use case that changes a shared state fails here
    // (src/shell/db/repos-game.ts); inherited by the servers the integration tests start.
    env: { TALLYHO_FREEZE_STATES: '1' },
  },
});
