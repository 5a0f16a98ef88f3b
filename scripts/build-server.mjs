// Bundles the server entries into dist/ with esbuild: our workspaces are compiled in,
// every npm package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    'all-in-one': 'api/src/all-in-one.ts',
    api: 'api/src/server.ts',
    worker: 'worker/src/main.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
console.log(`server bundles written to ${path.relative(process.cwd(), outdir) || '.'}/`);
