import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { noTestCode } from './build/no-test-code';
import { precompress } from './build/precompress';
import { preloadNewOnly } from './build/preload-new-only';

/** The api (or the all-in-one process) in development; see DESIGN.md, `PORT` defaults to 3000. */
const API_ORIGIN = 'http://localhost:3000';

/** Path prefixes the api serves: its calls, uploads and media files, and health checks. */
const API_PREFIXES = ['/api', '/.netlify', '/media', '/v1_1', '/healthz', '/readyz'];

const proxy = Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, API_ORIGIN]));

/**
 * The libraries every page loads, each in a chunk of its own: they change far less often than
 * our code, so a release leaves them in the browser's cache (assets are cached for good).
 */
const VENDOR_CHUNKS: Array<[chunk: string, packages: RegExp]> = [
  ['react', /\/node_modules\/(?:react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/(?:react-router|react-router-dom)\//],
  ['query', /\/node_modules\/@tanstack\//],
  // No group for zod: its core is shared by the mini API (the first view's calls) and the classic
  // API (lazy screens only); a group would hold every part of core either uses, so the bundler splits it.
];

const preloads = preloadNewOnly();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), noTestCode(), precompress(), preloads.plugin],
  server: { port: 5173, proxy },
  // The server bundle (web/dist-ssr) is code only; the files of public/ are the client build's.
  publicDir: isSsrBuild ? false : 'public',
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which stylesheets the home's lazily loaded code needs, linked in the
    // head of its server-rendered first screen (api/src/services/first-screen.service.ts).
    manifest: true,
    // Every browser the app supports preloads modules itself; a lazy screen preloads only the
    // scripts its importer has not loaded already.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      // The entry of a server-drawn first screen (the api puts it in place of index.html's).
      input: { index: 'index.html', 'first-screen-boot': 'src/first-screen-boot.ts' },
      output: {
        manualChunks: (id) => VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0],
      },
    },
  },
}));
