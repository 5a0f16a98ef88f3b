import { defineConfig } from 'vitest/config';

/**
 * The files that drive the api over HTTP. They run on Postgres when the run has one, and again on
 * PGlite, the embedded default a person gets from `npm start` (tests/support/database.ts, suiteDialect).
 */
const HTTP_SUITE = [
  'admin', 'api-keys', 'auth', 'creators', 'feed-and-likes', 'feed-orders', 'fuzz', 'generation', 'library', 'liked-media', 'media-page', 'openapi', 'page-meta', 'private-files', 'reports', 'run-control',
  'security', 'variations', 'sign-in-guessing', 'spec-client', 'stories-and-tags', 'takedowns', 'uploads', 'webhooks-http',
  'run-webhooks', 'collections', 'follows', 'notifications',
].map((name) => `tests/integration/${name}.test.ts`);

/**
 * Three depths of tests: unit (next to the code), integration (real Postgres, PGlite and
 * Redis; the api and worker in-process or as real processes), e2e (Chromium via Playwright).
 */
export default defineConfig({
  test: {
    // Unit and integration files run side by side (e2e files two at a time, after them). Vitest's
    // default on two cores is one file at a time; most integration files wait on timers, child
    // processes and I/O rather than use a core, so three at a time roughly halve the wall time.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,api,worker,web,migrations}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Image, model and video tests take a core for seconds; beside other files on two busy
          // cores that can pass the default 5 s without anything being wrong.
          testTimeout: 20_000,
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
          name: 'integration-pglite',
          include: HTTP_SUITE,
          globalSetup: ['tests/support/global-setup.ts'],
          provide: { suiteDialect: 'pglite' },
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
          // After the unit and integration files (a group of its own), two at a time: a browser
          // test mostly waits on its page and its runs (about half a core each), so two files
          // take 760 s where one at a time took 1,031 s (docs/performance.md).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A screen's first paint loads its code and its data; on two busy cores that can pass 1 s
          // (the default), so a poll waits as long as Playwright's own expectations do.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
