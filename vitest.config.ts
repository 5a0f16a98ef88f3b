import { defineConfig } from 'vitest/config';

/**
 * Three depths of tests: unit (next to the code), integration (real Postgres, PGlite and
 * Redis; the api and worker in-process or as real processes), e2e (Chromium via Playwright).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,api,worker,web,migrations}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser at a time is plenty on a two-core machine.
          fileParallelism: false,
          // A screen's first paint loads its code and its data; on two busy cores that can pass 1 s
          // (the default), so a poll waits as long as Playwright's own expectations do.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
