import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../http/compression';
import { chooseEncoding, findPrecompressed, webAppRoutes } from './web-app';

/** A small built app: a script with both variants, a stylesheet with gzip only, a plain image. */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-test-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const script = Buffer.from(`console.log(${JSON.stringify('hello '.repeat(500))});`);
  const style = Buffer.from(`body { color: red; }\n`.repeat(100));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${'x'.repeat(2000)}</title><div id="root"></div>`);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets/style-def456.css'), style);
  fs.writeFileSync(path.join(dist, 'assets/style-def456.css.gz'), zlib.gzipSync(style));
  fs.writeFileSync(path.join(dist, 'assets/orphan.js.br'), 'no original beside it');
  fs.writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(2048, 7));
  return dist;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GETs a path over a real socket and keeps the bytes as sent (supertest would decode them). */
function rawGet(app: express.Express, urlPath: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            server.close();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
        })
        .on('error', (error) => {
          server.close();
          reject(error);
        });
    });
  });
}

describe('webAppRoutes', () => {
  let dist: string;
  let app: express.Express;
  beforeAll(() => {
    dist = writeDist();
    app = express().use(compressResponses()).use(webAppRoutes(dist));
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('sends the brotli file to a client that accepts brotli, with the script type and its length', async () => {
    const res = await rawGet(app, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe((res.body).length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(fs.readFileSync(path.join(dist, 'assets/app-abc123.js'), 'utf8'));
  });

  it('sends gzip where brotli is refused or missing, and the plain file without Accept-Encoding', async () => {
    const gz = await rawGet(app, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toContain('hello hello');
    const css = await rawGet(app, '/assets/style-def456.css', { 'Accept-Encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const plain = await rawGet(app, '/assets/app-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toContain('hello hello');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await request(app).head('/assets/app-abc123.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'assets/app-abc123.js.br')).size);
  });

  it('compresses index.html on the fly and never caches it; a missing asset is a 404', async () => {
    const page = await request(app).get('/profile').set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root">');
    expect((await request(app).get('/assets/missing-123.js').set('Accept-Encoding', 'br')).status).toBe(404);
    expect((await request(app).get('/assets/orphan.js').set('Accept-Encoding', 'br')).status).toBe(404);
  });

  it('leaves files without variants to the plain static handler', async () => {
    const res = await request(app).get('/logo.png').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('findPrecompressed and chooseEncoding', () => {
  it('lists only files with their original beside them', () => {
    const dist = writeDist();
    try {
      const found = findPrecompressed(dist);
      expect([...found.keys()].sort()).toEqual(['/assets/app-abc123.js', '/assets/style-def456.css']);
      expect([...found.get('/assets/app-abc123.js')!].sort()).toEqual(['br', 'gzip']);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('prefers brotli among what the client accepts, and identity without a header', () => {
    const both = new Set(['br', 'gzip'] as const);
    const accepting = (list: string[]) => (e: string) => (list.includes(e) ? e : false);
    expect(chooseEncoding('gzip, deflate, br', both, accepting(['gzip', 'br']))).toBe('br');
    expect(chooseEncoding('gzip', both, accepting(['gzip']))).toBe('gzip');
    expect(chooseEncoding('deflate', both, accepting([]))).toBeUndefined();
    expect(chooseEncoding(undefined, both, accepting(['br', 'gzip']))).toBeUndefined();
  });
});
