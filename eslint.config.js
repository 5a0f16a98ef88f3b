// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web's features (docs/web-structure.md). Each has a public entry, its `index.ts`: from outside
 * its folder nothing else of it may be imported. A feature imports another only where this map
 * lists it (through that index.ts); the map must stay free of cycles. Every other pair of features
 * stays apart.
 */
const featureDependencies = {
  // The composer starts runs, uploads the photos and asks for the agreement first.
  composer: ['generation', 'upload', 'upload-agreement'],
  // The intent queue waits for the uploads in flight (spec 1 §4); a run lands in the library,
  // whose list is asked for once the engine gets ready.
  generation: ['upload', 'library'],
  // A run's card cancels and retries it; Variations start runs.
  'live-run': ['generation'],
  variations: ['generation'],
};

const features = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Throws when a feature has no index.ts, or the feature map names an unknown feature or a cycle. */
function checkFeatures() {
  for (const feature of features) {
    if (!fs.existsSync(`web/src/features/${feature}/index.ts`)) throw new Error(`web/src/features/${feature} has no index.ts (its public entry)`);
  }
  for (const [feature, uses] of Object.entries(featureDependencies)) {
    for (const used of [feature, ...uses]) {
      if (!features.includes(used)) throw new Error(`featureDependencies: no feature ${used}`);
    }
  }
  const visit = (feature, path) => {
    if (path.includes(feature)) throw new Error(`featureDependencies: cycle ${[...path, feature].join(' -> ')}`);
    for (const used of featureDependencies[feature] ?? []) visit(used, [...path, feature]);
  };
  for (const feature of features) visit(feature, []);
}
checkFeatures();

/** Everything outside web/src/features that could import a feature. */
const outsideFeatures = [
  ...fs
    .readdirSync('web/src', { withFileTypes: true })
    .filter((entry) => entry.name !== 'features')
    .map((entry) => `./web/src/${entry.name}`),
  './tests',
  './bench',
];

/** Import boundaries, checked on resolved paths so relative and package imports count alike. */
const boundaries = [
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) =>
        featureDependencies[feature]?.includes(other)
          ? {
              target: `./web/src/features/${feature}`,
              from: `./web/src/features/${other}`,
              except: ['./index.ts'],
              message: `features/${feature} imports features/${other} only through its index.ts.`,
            }
          : {
              target: `./web/src/features/${feature}`,
              from: `./web/src/features/${other}`,
              message:
                'A feature never imports another feature: move the shared piece to entities/, components/ or lib/, or compose in a page (an inherent dependency goes in featureDependencies, through index.ts).',
            },
      ),
  ),
  ...features.map((feature) => ({
    target: outsideFeatures,
    from: `./web/src/features/${feature}`,
    except: ['./index.ts'],
    message: `Import features/${feature} through its public entry, features/${feature}/index.ts.`,
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
    ignores: ['**/dist/**', 'web/dist-ssr/**', '**/node_modules/**', '.tsbuild/**', 'artifacts/**', 'web/public/**', '**/*.d.ts'],
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
    // What the web bundles from shared is zod/mini: one classic import would bring classic's whole
    // core (every schema kind) into the first view's chunk (docs/performance.md, first view).
    files: ['shared/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/server/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noVitest, { name: 'zod', message: "Use 'zod/mini' here: the web bundles this file (the server's own files may use classic zod)." }] },
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
