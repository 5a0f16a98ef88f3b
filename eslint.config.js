// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Each web feature may import itself, never another feature (docs/web-structure.md). */
const features = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import boundaries, checked on resolved paths so relative and package imports count alike. */
const boundaries = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to entities/, components/ or lib/, or compose in a page.',
  })),
  {
    target: './web/src/entities',
    from: ['./web/src/features', './web/src/pages', './web/src/app'],
    message: 'Entities sit below features, pages and the app.',
  },
  {
    target: ['./web/src/components', './web/src/lib', './web/src/api', './web/src/config', './web/src/state'],
    from: ['./web/src/features', './web/src/entities', './web/src/pages', './web/src/app'],
    message: 'Shared web code never imports features, entities, pages or the app.',
  },
  {
    target: './web/src/features',
    from: ['./web/src/pages', './web/src/app'],
    message: 'Features never import pages or the app.',
  },
  {
    target: './api/src/routes',
    from: './shared/src/server/db',
    message: 'Routes never reach repositories or the database: call a service.',
  },
  {
    target: './api/src/services',
    from: './api/src/http',
    message: 'Services never import the HTTP layer (Express, status codes): what both need lives in services/ or shared; a service takes a narrow port (see services/rate-quota.ts).',
  },
  {
    target: './worker/src/providers',
    from: './worker/src/pipeline',
    message: 'Providers never import the pipeline: the pipeline calls providers through their port.',
  },
  {
    target: ['./shared/src', './web/src'],
    from: ['./api/src', './worker/src'],
    message: 'shared and web never import the api or the worker.',
  },
  {
    target: './web/src',
    from: './shared/src/server',
    message: 'The web never imports server code.',
  },
];

/** Code only tests use: fakes, fixtures, contracts. The server and web builds start from entries that never reach it. */
const testCode = ['./shared/testing', './api/testing', './worker/testing', './web/testing', './tests'];

/** Product code: what the builds bundle (everything under src/ and migrations/ but the test files). */
const productFiles = ['{api,worker,shared,web}/src/**/*.{ts,tsx}', 'migrations/*.ts'];

/** Product code never imports the test runner. */
const noVitest = { name: 'vitest', message: 'Test code lives in *.test.ts files and testing/ folders, never in product code.' };

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.tsbuild/**', 'artifacts/**', 'web/public/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json', 'tests/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Type-aware rules, for the promise bugs the compiler lets through: a promise nobody awaits or
    // catches, an async function where a callback's return is ignored (an event handler, a timer).
    // One program over every workspace (tsconfig.eslint.json) costs about half what a program per
    // workspace does (`projectService`): each file is type-checked once, not once per project using it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: './tsconfig.eslint.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: productFiles,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaries,
            {
              target: ['./api/src', './worker/src', './shared/src', './web/src', './migrations'],
              from: testCode,
              message: 'Product code never imports test code (a testing/ folder, tests/): the build would ship it.',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { paths: [noVitest] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message: '`as unknown as` tells the compiler to stop checking: type the value instead (a narrower port, a type guard, a typed subclass).',
        },
      ],
    },
  },
  {
    // The queue port (shared/src/server/queue) is the one place that knows BullMQ's keys and formats.
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noVitest, { name: 'bullmq', message: 'The api uses the queue through its port, @app/shared/server/queue (RunQueue, JobQueues).' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Kysely's migrations are written against `Kysely<any>`: they must not depend on today's schema types.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Buffer'].map((name) => [name, 'readonly']),
      ),
    },
  },
);
