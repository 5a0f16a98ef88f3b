import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The api (or the all-in-one process) in development; see DESIGN.md, `PORT` defaults to 3000. */
const API_ORIGIN = 'http://localhost:3000';

/** Path prefixes the api serves: its calls, uploads and media files, and health checks. */
const API_PREFIXES = ['/api', '/.netlify', '/media', '/v1_1', '/healthz', '/readyz'];

const proxy = Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, API_ORIGIN]));

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
