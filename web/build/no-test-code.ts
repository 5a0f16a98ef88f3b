import type { Plugin } from 'vite';

/** Test code: the testing/ folders and *.test.ts(x) files. */
const TEST_CODE = /\/(?:web|shared)\/testing\/|\.test\.tsx?$/;

/**
 * Fails the build if test code reaches it. The linter already keeps src/ from importing it
 * (eslint.config.js); this is the backstop at the one place it would matter.
 */
export function noTestCode(): Plugin {
  return {
    name: 'no-test-code',
    apply: 'build',
    load(id) {
      if (TEST_CODE.test(id)) this.error(`test code in the web build: ${id}`);
      return null;
    },
  };
}
