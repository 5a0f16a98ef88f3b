import { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../api/src/app';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { startTestApp, type TestContext } from '../support/test-app';

describe('the api over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp('pglite');
  });
  afterAll(() => ctx.close());

  it('answers /healthz and /readyz when the database and Redis answer', async () => {
    expect((await request(ctx.app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(ctx.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });

  it('serves every call under both function bases', async () => {
    for (const base of ['/.netlify/functions', '/api']) {
      const res = await request(ctx.app).get(`${base}/get-launch-status`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, launch: { is_launched: true }, signUpOpen: true });
    }
  });

  it('answers an unknown call with a JSON 404 and echoes a request id', async () => {
    const res = await request(ctx.app).get('/api/no-such-call').set('X-Request-Id', 'abc-123');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.body).toMatchObject({ success: false, error: 'No route for GET /api/no-such-call' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await request(ctx.app).post('/api/get-launch-status').set('Content-Type', 'application/json').send('{"oops"');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Malformed JSON body' });
  });

  it('serves stored media with its content type and a long cache lifetime', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake but opaque bytes');
    await ctx.infra.storage.put('media/u1/picture.webp', bytes, { contentType: 'image/webp', immutable: true });
    const res = await request(ctx.app).get('/media/media/u1/picture.webp').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    expect((await request(ctx.app).get('/media/media/u1/missing.webp')).status).toBe(404);
    expect((await request(ctx.app).get('/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe('the error handler', () => {
  const schema = z.object({ email: z.email(), count: z.number().int().min(1) });
  const router = Router();
  router.post('/echo', (req, res) => {
    res.json({ success: true, input: schema.parse(req.body) });
  });
  router.get('/boom', () => {
    throw new Error('database exploded: password=hunter2');
  });
  const app = createApp({
    config: { webDistDir: '/nonexistent' },
    logger: createLogger(parseConfig({ LOG_LEVEL: 'silent' }), 'test'),
    storage: { kind: 's3' } as never,
    readiness: {
      redis: async () => {
        throw new Error('connection refused');
      },
    },
    functions: [router],
  });

  it('turns a validation failure into a 400 naming each field', async () => {
    const res = await request(app).post('/api/echo').send({ email: 'nope', count: 0 });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.details).toEqual([expect.stringMatching(/^email: /), expect.stringMatching(/^count: /)]);
  });

  it('hides the details of an unexpected failure behind a 500', async () => {
    const res = await request(app).get('/api/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Server error. Please try again.' });
  });

  it('reports 503 on /readyz naming the failing dependency', async () => {
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { redis: 'connection refused' } });
  });
});
