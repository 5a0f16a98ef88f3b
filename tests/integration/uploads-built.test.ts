import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from '../support/auth';
import { type RunningProduct, startProduct } from '../support/product';
import { fixture } from '../support/uploads';

/**
 * Uploads through the built bundle, started the way `npm start` runs it: the bundle must load
 * the busboy the api declares (an older one hoisted to the root hung every upload), answer
 * every kind of upload promptly, and leave no temp file behind on any path.
 */
describe('uploads through the built product', () => {
  let product: RunningProduct;
  let session: Session;
  let tmpDir: string;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-built-tmp-'));
    product = await startProduct({ TMPDIR: tmpDir });
    session = await signIn(product.baseUrl as unknown as Express, `built-${Date.now()}@example.com`);
  }, 300_000);

  afterAll(async () => {
    console.log(`upload answer times through the bundle (ms): ${JSON.stringify(timings)}`);
    await product?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  const spools = () => fs.readdirSync(tmpDir).filter((name) => name.startsWith('mirrorverse-upload-'));

  const sign = async () => {
    const res = await fetch(`${product.baseUrl}/api/cloudinary-sign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ folder: 'sources' }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { timestamp: number; signature: string; apiKey: string; folder: string; cloudName: string };
  };

  /** Posts a form; a hang fails here (the client's own limit is 60 s), and the time is kept for the note. */
  const post = async (name: string, body: FormData | Buffer, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const res = await fetch(`${product.baseUrl}/v1_1/mirrorverse/auto/upload`, {
      method: 'POST',
      body: body instanceof FormData ? body : new Uint8Array(body),
      headers,
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json()) as { secure_url?: string; width?: number; error?: { message: string } };
    timings[name] = Math.round(performance.now() - started);
    return { status: res.status, json };
  };

  const signedForm = async (file: Blob | string | null, filename = 'photo') => {
    const signed = await sign();
    const form = new FormData();
    form.set('timestamp', String(signed.timestamp));
    form.set('signature', signed.signature);
    form.set('api_key', signed.apiKey);
    form.set('folder', signed.folder);
    if (typeof file === 'string') form.set('file', file);
    else if (file) form.set('file', file, filename);
    return form;
  };

  it('stores the test faces, a small JPEG, a PNG and a data: URL, each answered promptly', async () => {
    const small = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#c84' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#48c8' } }).png().toBuffer();
    const cases: Array<[string, Blob | string, number]> = [
      ['grace_hopper.jpg', new Blob([new Uint8Array(fixture('grace_hopper.jpg'))], { type: 'image/jpeg' }), 0],
      ['chelsea.png', new Blob([new Uint8Array(fixture('chelsea.png'))], { type: 'image/png' }), 0],
      ['jpeg-256', new Blob([new Uint8Array(small)], { type: 'image/jpeg' }), 256],
      ['png', new Blob([new Uint8Array(png)], { type: 'image/png' }), 64],
      ['data-url', `data:image/png;base64,${png.toString('base64')}`, 64],
    ];
    for (const [name, file, width] of cases) {
      const res = await post(name, await signedForm(file, name));
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
      expect(res.json.secure_url).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/media\/users\//);
      if (width) expect(res.json.width).toBe(width);
      const stored = await fetch(res.json.secure_url!);
      expect(stored.status).toBe(200);
    }
    expect(spools()).toEqual([]);
  });

  it('answers a form without a file part with 400', async () => {
    const res = await post('no-file', await signedForm(null));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { message: 'Missing required parameter - file' } });
    expect(spools()).toEqual([]);
  });

  it('answers a file part cut off before its boundary with 400, unsigned or signed, and keeps serving', async () => {
    const cut = Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n', 'latin1');
    const res = await post('truncated', cut, { 'Content-Type': 'multipart/form-data; boundary=B' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { message: 'Malformed multipart body' } });
    expect(product.proc.child.exitCode).toBeNull();
    expect((await fetch(`${product.baseUrl}/readyz`)).status).toBe(200);
    expect(spools()).toEqual([]);
  });

  it('leaves no temp file when the client goes away mid-upload', async () => {
    const signed = await sign();
    const head = Buffer.from(
      ['timestamp', 'signature', 'api_key', 'folder']
        .map((name, i) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${[signed.timestamp, signed.signature, signed.apiKey, signed.folder][i]}\r\n`)
        .join('') + '--B\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const partOfFile = fixture('grace_hopper.jpg').subarray(0, 40_000);
    const url = new URL(`${product.baseUrl}/v1_1/mirrorverse/auto/upload`);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=B', 'Content-Length': String(head.length + 500_000) },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(partOfFile);
    // Wait until the server has started spooling the file, then hang up.
    for (let i = 0; i < 100 && spools().length === 0; i++) await sleep(20);
    expect(spools().length).toBe(1);
    req.destroy();
    for (let i = 0; i < 250 && spools().length > 0; i++) await sleep(20);
    expect(spools()).toEqual([]);
    expect((await fetch(`${product.baseUrl}/readyz`)).status).toBe(200);
  });
});
