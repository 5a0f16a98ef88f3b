import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What gains from compression; images, fonts in woff2 and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|wasm)$/i;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of the build, so the server sends them as they are instead of compressing
 * on every request. index.html is left out: the server injects per-page meta into it and
 * compresses the result itself. A variant no smaller than the file is not written.
 */
export function precompressDir(dir: string): { files: number; bytes: number; br: number; gzip: number } {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const visit = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      // .vite/ holds the build's manifest, read by the server and never served.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        visit(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name)) continue;
      const content = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
      if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
      if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
      totals.files += 1;
      totals.bytes += content.length;
      totals.br += Math.min(br.length, content.length);
      totals.gzip += Math.min(gzip.length, content.length);
    }
  };
  visit(dir);
  return totals;
}

/** The Vite plugin: precompresses the output once the bundle is written (builds only). */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    // The client build only: the server bundle (web/dist-ssr) is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options) {
      if (!options.dir) return;
      const t = precompressDir(options.dir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}`);
    },
  };
}
