import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as mini from 'zod/mini';
import pino from 'pino';
import { createRedis } from '@app/shared/server/redis';
import { errorHandler, isDependencyUnavailable } from './errors';

/** An app whose one route parses the query with `schema`'s own parse, as a route may. */
function appParsing(parse: (input: unknown) => unknown) {
  const app = express();
  app.get('/check', (req, res) => {
    res.json(parse(req.query));
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

describe('errorHandler', () => {
  it('answers 400 VALIDATION_FAILED for a classic schema that refuses the input', async () => {
    const schema = z.object({ runId: z.string().min(8) });
    const response = await request(appParsing((input) => schema.parse(input))).get('/check?runId=x');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.body.error).toMatch(/^runId: /);
  });

  it('answers 400 VALIDATION_FAILED, never a 500, for a zod/mini schema that refuses the input', async () => {
    const schema = mini.object({ runId: mini.string().check(mini.minLength(8)) });
    const response = await request(appParsing((input) => schema.parse(input))).get('/check?runId=x');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.body.error).toMatch(/^runId: /);
  });

  it('answers 503, not a hang or a 500, when Redis holds its connection open and never answers (a frozen server)', async () => {
    // Accepts the connection and says nothing, as a SIGSTOPped redis-server does.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const redis = createRedis(`redis://127.0.0.1:${port}`, 'producer', { enableReadyCheck: false });
    redis.on('error', () => {});
    try {
      await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
      const app = express();
      app.get('/check', async (_req, res) => {
        res.json({ answer: await redis.get('anything') });
      });
      app.use(errorHandler(pino({ level: 'silent' })));
      const response = await request(app).get('/check');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      redis.disconnect();
      silent.close();
    }
  });

  it.each([
    'Too many Cluster redirections. Last error: ReplyError: MOVED 7860 127.0.0.1:32488',
    'CLUSTERDOWN The cluster is down',
    'Failed to refresh slots cache.',
    'Command timed out',
    'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
  ])('takes "%s" (Redis away or failing over) for a dependency away: 503', (message) => {
    expect(isDependencyUnavailable(new Error(message))).toBe(true);
  });

  it('takes a plain bug for a bug: 500', () => {
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
