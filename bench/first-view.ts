// npm run bench (part): what the first view of `/` signed out costs in JavaScript. Starts the built
// all-in-one product on its embedded defaults, loads `/` in Chromium, then asks for every script
// Chromium loaded again with each Accept-Encoding: the gzip bytes against the uncompressed bytes
// of the same scripts, in the same run. The goal is ≤ 150 KB of JavaScript gzip.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@app/shared/server/redis';
import { chromium } from 'playwright-core';
import { ensureBuilt, root } from '../scripts/ensure-built.mjs';
import { redisUrl } from './env';
import { type BenchRow, isMain, printTable } from './table';

const GOAL_BYTES = 150 * 1024;
const KB = 1024;

export interface FirstView {
  /** The scripts `/` loaded, with their size in each encoding the server answers. */
  scripts: Array<{ url: string; identity: number; gzip: number; br: number }>;
  /** Every response's bytes as Chromium received them (compressed where the server compressed). */
  wireBytes: number;
  /** The Content-Encoding of each script as Chromium received it. */
  chromiumEncodings: string[];
}

/** The bytes of a response body as sent (not decoded), and its Content-Encoding. */
function wireSize(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Loads `/` signed out in a fresh Chromium and measures the scripts it loaded. */
export async function measureFirstView(baseUrl: string): Promise<FirstView> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts = new Set<string>();
    const chromiumEncodings: string[] = [];
    const sizes: Array<Promise<number>> = [];
    page.on('requestfinished', (request) => {
      sizes.push(request.sizes().then((s) => s.responseBodySize, () => 0));
      if (request.resourceType() !== 'script') return;
      scripts.add(request.url());
      void request.response().then((res) => chromiumEncodings.push(res?.headers()['content-encoding'] ?? 'identity'));
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const wireBytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    const measured = [];
    for (const url of scripts) {
      const [identity, gzip, br] = await Promise.all([wireSize(url, 'identity'), wireSize(url, 'gzip'), wireSize(url, 'br')]);
      measured.push({ url, identity: identity.bytes, gzip: gzip.bytes, br: br.bytes });
    }
    return { scripts: measured, wireBytes, chromiumEncodings };
  } finally {
    await browser.close();
  }
}

/** The built all-in-one process on a data dir of its own (PGlite, local media) and the machine's Redis. */
async function startProduct(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  ensureBuilt('all-in-one');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), 'all-in-one'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), REDIS_URL: process.env.REDIS_URL ?? redisUrl, QUEUE_PREFIX: `bench-${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)) return { baseUrl, stop };
    await sleep(200);
  }
  await stop();
  throw new Error('the product did not become ready within 120 s');
}

export async function run(): Promise<BenchRow[]> {
  const product = await startProduct();
  try {
    const view = await measureFirstView(product.baseUrl);
    const sum = (key: 'identity' | 'gzip' | 'br') => view.scripts.reduce((total, s) => total + s[key], 0);
    const identity = sum('identity');
    const gzip = sum('gzip');
    const encodings = [...new Set(view.chromiumEncodings)].join('/');
    return [
      {
        name: 'first view of / signed out: JS gzip',
        value: gzip / KB,
        unit: 'KB',
        baseline: { name: 'uncompressed', value: identity / KB },
        goal: '≤ 150 KB gzip',
        met: gzip <= GOAL_BYTES,
        note: `${view.scripts.length} scripts`,
      },
      { name: 'first view of / signed out: JS brotli', value: sum('br') / KB, unit: 'KB', baseline: { name: 'uncompressed', value: identity / KB } },
      { name: 'first view of / signed out: all bytes on the wire', value: view.wireBytes / KB, unit: 'KB', note: `Chromium got scripts as ${encodings}` },
    ];
  } finally {
    await product.stop();
  }
}

if (isMain(import.meta.url)) printTable(await run());
