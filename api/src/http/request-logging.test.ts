import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { logAsRoutine, requestLogging } from './request-logging';

/** An app logging to memory at debug, with the answers the line depends on. */
function setup() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const app = express().use(requestLogging(logger));
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/missing', (_req, res) => void res.status(404).json({ ok: false }));
  app.get('/polled', (_req, res) => {
    logAsRoutine(res);
    res.status(404).json({ ok: false });
  });
  app.get('/broken', (req, res) => {
    req.log?.info({ step: 'before' }, 'handler line');
    res.status(500).json({ ok: false });
  });
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  return { app, lines };
}

describe('requestLogging', () => {
  it('writes one line per answer with the request, its status and time, and echoes the request id', async () => {
    const { app, lines } = setup();
    const res = await request(app).get('/ok?x=1').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    await request(app).get('/missing');
    await request(app).get('/healthz');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', req: { id: 'abc-123', method: 'GET', url: '/ok?x=1', ip: expect.stringMatching(/127\.0\.0\.1|::1/) }, res: { statusCode: 200 }, responseTime: expect.any(Number) }),
      expect.objectContaining({ level: 40, msg: 'request completed', res: { statusCode: 404 } }),
    ]);
    expect((lines[1]!.req as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the client address trust proxy yields, so an operator sees who sent what (a wrong admin secret...)", async () => {
    const { app, lines } = setup();
    app.set('trust proxy', 'loopback');
    await request(app).get('/missing').set('X-Forwarded-For', '203.0.113.7');
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { url: '/missing', ip: '203.0.113.7' }, res: { statusCode: 404 } });
  });

  it('logs a 5xx as an error, carries the request on req.log, and a routine answer at debug', async () => {
    const { app, lines } = setup();
    await request(app).get('/broken').set('X-Request-Id', 'r-1');
    await request(app).get('/polled');
    expect(lines[0]).toMatchObject({ msg: 'handler line', step: 'before', req: { id: 'r-1', url: '/broken' } });
    expect(lines[1]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
    expect(lines[2]).toMatchObject({ level: 20, msg: 'request completed', res: { statusCode: 404 } });
  });
});
