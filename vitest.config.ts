import { defineConfig } from 'vitest/config';

// Unit and API integration tests. Each integration file gets its own database (see apps/server/src/test/db.ts);
// two workers because CI has two cores.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Budgets for a whole test and hook, not time-outs on any answer: generous, so that a busy machine (the suite
    // passes beside a busy loop on both cores) slows the run down instead of failing it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
