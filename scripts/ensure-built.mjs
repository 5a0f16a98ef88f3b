// Decides whether the server bundles or the web build are older than their sources,
// and rebuilds only what is. Used by `npm start` and by the tests that run the built product.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(targets) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (['node_modules', 'dist'].includes(path.basename(p))) return;
      for (const child of fs.readdirSync(p)) visit(path.join(p, child));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const target of targets) visit(path.join(root, target));
  return newest;
}

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

function run(script) {
  console.log(`> npm run ${script}`);
  // Builds are production builds whatever the caller's NODE_ENV (tests run with NODE_ENV=test).
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
}

const SERVER_SOURCES = ['shared/src', 'api/src', 'worker/src', 'migrations', 'scripts/build-server.mjs', 'package-lock.json'];
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/build', 'web/package.json', 'shared/src', 'package-lock.json'];
/** build:web writes both: the client build and the server bundle that draws the home's first screen. */
const WEB_OUTPUTS = ['web/dist/index.html', 'web/dist-ssr/entry-server.js'];

/** entry: 'all-in-one' | 'api' | 'worker' */
export function ensureBuilt(entry = 'all-in-one') {
  if (mtime(`dist/${entry}.js`) < newestMtime(SERVER_SOURCES)) run('build:server');
  if (entry !== 'worker' && Math.min(...WEB_OUTPUTS.map(mtime)) < newestMtime(WEB_SOURCES)) run('build:web');
}
