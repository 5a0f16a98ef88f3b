// Bundles the server entries into dist/ with esbuild. Our workspaces are compiled in. An npm
// package stays external (loaded from node_modules at run time) only when the copy that
// `dist/` would load is the very copy its importer resolves; otherwise — a workspace's own
// version nested under <workspace>/node_modules while npm hoisted another version to the
// root (busboy 1.6 for the api vs 0.3 for a dev tool) — it is bundled in, so the built
// processes run exactly the versions their workspaces declare.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

/** Packages loaded by file path at run time (native addons, wasm, worker threads, models): never bundled. */
const MUST_STAY_EXTERNAL = new Set([
  'sharp',
  '@electric-sql/pglite',
  '@vladmandic/human',
  '@tensorflow/tfjs-core',
  '@tensorflow/tfjs-converter',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs',
  'nsfwjs',
  '@ffmpeg-installer/ffmpeg',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
]);

const packageName = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** The folder of `name` as Node would find it from `fromDir` (node_modules lookup upwards), or null. */
function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

const bundled = new Map();

const workspaceVersions = {
  name: 'workspace-versions',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@app/')) return undefined;
      const name = packageName(args.path);
      if (!args.resolveDir) return { path: args.path, external: true };
      const wanted = findPackageDir(name, args.resolveDir);
      if (!wanted) return undefined; // a Node built-in, or missing: esbuild decides / reports it
      const atRuntime = findPackageDir(name, outdir);
      if (wanted === atRuntime) return { path: args.path, external: true };
      if (MUST_STAY_EXTERNAL.has(name)) {
        throw new Error(
          `${name}: ${path.relative(root, args.resolveDir)} uses ${path.relative(root, wanted)} but dist/ would load ` +
            `${atRuntime ? path.relative(root, atRuntime) : 'nothing'}; this package can't be bundled — align the versions in package.json`,
        );
      }
      bundled.set(name, path.relative(root, wanted));
      return undefined; // let esbuild bundle the importer's own copy
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    'all-in-one': 'api/src/all-in-one.ts',
    api: 'api/src/server.ts',
    worker: 'worker/src/main.ts',
    // The local engine's render threads (worker/src/providers/threads/): an entry of its own.
    'local-render-thread': 'worker/src/providers/threads/local-render-thread.ts',
    'face-embed-thread': 'worker/src/pipeline/identity/face-embed-thread.ts',
    'screen-thread': 'worker/src/screening/screen-thread.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS packages `require` Node built-ins; ESM output has no `require` of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [workspaceVersions],
  logLevel: 'warning',
  metafile: true,
});
// Test code (the workspaces' testing/ folders, tests/, *.test.ts) never reaches a bundle: the linter
// keeps product code from importing it (eslint.config.js); this is the backstop.
const TEST_CODE = /^(?:(?:shared|api|worker|web)\/testing\/|tests\/)|\.test\.tsx?$/;
const testInputs = Object.keys(result.metafile.inputs).filter((input) => TEST_CODE.test(input));
if (testInputs.length > 0) throw new Error(`test code in the server bundles: ${testInputs.join(', ')}`);
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
// Which packages are compiled in (and from where): read by the tests and by anyone debugging a build.
fs.writeFileSync(path.join(outdir, 'bundled-packages.json'), `${JSON.stringify(Object.fromEntries(bundled), null, 2)}\n`);
const list = [...bundled.entries()].map(([name, dir]) => `${name} (${dir})`).join(', ');
console.log(`server bundles written to ${path.relative(process.cwd(), outdir) || '.'}/${list ? `; bundled in: ${list}` : ''}`);
