import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBflWebhook } from '../../api/src/webhooks/bfl-signature';
import { type FalFake, startFalFake } from '../fakes/fal';
import { suiteDialect } from '../support/database';
import { startTestApp, type TestContext } from '../support/test-app';

/** POST /webhooks/<provider> over HTTP, as a provider or a stranger would call it. */

const dialect = suiteDialect();
const replicateSecret = `whsec_${randomBytes(24).toString('base64')}`;
const bflSecret = randomBytes(24).toString('hex');

function replicateHeaders(raw: Buffer): Record<string, string> {
  const id = 'msg_1';
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(replicateSecret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

describe(`provider webhooks over HTTP (${dialect})`, () => {
  let fal: FalFake;
  let ctx: TestContext;
  beforeAll(async () => {
    fal = await startFalFake();
    ctx = await startTestApp(dialect, {
        ...fal.env,
        REPLICATE_API_TOKEN: 'r8_test',
        REPLICATE_WEBHOOK_SECRET: replicateSecret,
        BFL_API_KEY: 'bfl-test',
        BFL_WEBHOOK_SECRET: bflSecret,
      }, { workers: false });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await fal?.close();
  });

  const post = (provider: string, raw: Buffer, headers: Record<string, string> = {}) =>
    // A string goes out byte for byte (a Buffer would be sent as its JSON form).
    request(ctx.app).post(`/webhooks/${provider}`).set({ 'content-type': 'application/json', ...headers }).send(raw.toString('utf8'));
  const signers: Record<string, (raw: Buffer) => Record<string, string>> = {
    fal: (raw) => fal.signWebhook(raw, 'req-not-json'),
    replicate: replicateHeaders,
    bfl: (raw) => ({ 'x-bfl-signature': signBflWebhook(raw, bflSecret) }),
  };

  for (const provider of ['fal', 'replicate', 'bfl']) {
    it(`${provider}: 401 unsigned or wrongly signed, 400 for a signed body that is not JSON, 404 for a request it does not know`, async () => {
      const body = Buffer.from(JSON.stringify({ request_id: 'req-1', id: 'req-1', status: 'OK' }));
      const unsigned = await post(provider, body);
      expect(unsigned.status).toBe(401);
      expect(unsigned.body).toEqual({ received: false, error: 'Invalid webhook signature' });
      // Signed for another body: the signature covers the exact bytes.
      expect((await post(provider, body, signers[provider]!(Buffer.from('{}')))).status).toBe(401);

      const notJson = Buffer.from('{"request_id": "req-not-json", oops');
      const garbled = await post(provider, notJson, signers[provider]!(notJson));
      expect(garbled.status).toBe(400);
      expect(garbled.body).toEqual({ received: false, error: 'The webhook body is not JSON' });

      const unknownBody = Buffer.from(JSON.stringify({ request_id: 'req-not-json', id: 'req-not-json', status: 'OK' }));
      const unknown = await post(provider, unknownBody, signers[provider]!(unknownBody));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ received: false, error: 'Unknown request' });
    });
  }

  it('404 for a provider with no webhooks', async () => {
    for (const provider of ['stability', 'comfyui', 'nope']) {
      const res = await post(provider, Buffer.from('{}'));
      expect(res.status, provider).toBe(404);
      expect(res.body, provider).toEqual({ received: false, error: 'No webhooks are configured for this provider' });
    }
  });

  it("asks for fal's key set at most once a minute, however many unsigned or forged calls arrive while fal fails", async () => {
    fal.jwksStatus(503);
    try {
      const before = fal.jwksFetches();
      const body = Buffer.from(JSON.stringify({ request_id: 'req-1', status: 'OK' }));
      const forged = { ...fal.signWebhook(body, 'req-1'), 'x-fal-webhook-signature': 'ab'.repeat(64) };
      const answers = await Promise.all([
        ...Array.from({ length: 50 }, () => post('fal', body)),
        ...Array.from({ length: 50 }, () => post('fal', body, forged)),
      ]);
      for (let i = 0; i < 50; i++) expect((await post('fal', body, forged)).status).toBe(401);
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(401));
      expect(fal.jwksFetches() - before).toBeLessThanOrEqual(1);
    } finally {
      fal.jwksStatus(200);
    }
  });
});
