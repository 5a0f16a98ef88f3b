import { newRunId } from '@app/shared';
import { getWebhookDeliveriesCall, webhookSecretAnswer } from '@app/shared/api/run-webhooks';
import { RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import { WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE } from '@app/shared/server/generation/run-webhooks';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, type Session, uniqueEmail } from '../support/auth';
import { suiteDialect } from '../support/database';
import { type TestContext, useTestApp } from '../support/test-app';
import { pollUntilFinished } from '../support/runs';
import { until } from '../support/wait';
import { type ReceivedWebhook, type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

/**
 * Issue 45 §2: a run submitted with `webhookUrl` has its end POSTed there, signed per Standard
 * Webhooks with its owner's secret, the body what getMediaByRunId answers; a refusing endpoint is
 * tried again on the schedule (fast here: WEBHOOK_RETRY_BASE_MS); a private address is refused
 * unless WEBHOOK_ALLOW_PRIVATE; a rotated secret signs from then on; a canceled run tells so.
 */
const dialect = suiteDialect();

/** The schedule's first wait: 100 ms, then 400 ms, 2 s… */
const RETRY_BASE_MS = '100';

/**
 * Signed media addresses (`?exp=…&sig=…`) stay the same for half an hour; a delivery and a poll
 * either side of such a turn differ in them only.
 */
const withoutSignatures = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?exp=\d+&sig=[A-Za-z0-9_-]+/g, '?exp=…&sig=…')) as unknown;

const secretOf = async (ctx: TestContext, session: Session) => {
  const res = await request(ctx.app).get('/api/get-webhook-secret').set(bearer(session));
  expect(res.status).toBe(200);
  return webhookSecretAnswer.parse(res.body).secret;
};

const deliveriesOf = async (ctx: TestContext, session: Session, cursor?: string) => {
  const res = await request(ctx.app).get('/api/get-webhook-deliveries').query(cursor ? { cursor } : {}).set(bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return getWebhookDeliveriesCall.response.parse(res.body);
};

/** Submits a custom run (no photo) with `webhookUrl`, expects the 202, answers its id. */
async function submitWithWebhook(ctx: TestContext, session: Session, webhookUrl: string): Promise<string> {
  const runId = newRunId();
  const res = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a lighthouse in a teal storm', runId, webhookUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return runId;
}

/** Verifies a delivery with `secret` as a receiver would (the library's Webhook.verify), answering its body. */
const verified = (delivery: ReceivedWebhook, secret: string) => new Webhook(secret).verify(delivery.body, delivery.headers);

describe(`a signed webhook per run (${dialect})`, () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: RETRY_BASE_MS });
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  it('POSTs a finished run once, signed with the secret get-webhook-secret answers, its body what getMediaByRunId answers', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('hooked'));
    const secret = await secretOf(ctx, session);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The same secret on every ask until rotated.
    expect(await secretOf(ctx, session)).toBe(secret);

    const path = '/hooks/done';
    const runId = await submitWithWebhook(ctx, session, `${receiver.origin}${path}`);
    const polled = await pollUntilFinished(ctx.app, session, runId);
    expect(polled.status).toBe(200);
    const [delivery] = await until(async () => receiver.at(path), (got) => got.length >= 1, 15_000, 'the run’s webhook');

    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const body = verified(delivery!, secret);
    expect(body).toMatchObject({ success: true, status: 'done', runId });
    expect(withoutSignatures(body)).toEqual(withoutSignatures(polled.body));
    const answered = await request(ctx.app).get('/api/getMediaByRunId').query({ runId }).set(bearer(session));
    expect(withoutSignatures(body)).toEqual(withoutSignatures(answered.body));

    // Exactly one: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.at(path)).toHaveLength(1);
    const { items } = await deliveriesOf(ctx, session);
    expect(items).toEqual([
      expect.objectContaining({
        id: delivery!.headers['webhook-id'],
        runId,
        url: `${receiver.origin}${path}`,
        event: 'run.done',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('tries an endpoint that answers 500 again, with the same webhook-id, until it takes it', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('flaky'));
    const secret = await secretOf(ctx, session);
    const path = '/hooks/flaky';
    receiver.script(path, [500, 500]);
    const runId = await submitWithWebhook(ctx, session, `${receiver.origin}${path}`);

    const tries = await until(async () => receiver.at(path), (got) => got.length >= 3, 20_000, 'three tries of the webhook');
    expect(tries.map((t) => t.answered)).toEqual([500, 500, 200]);
    expect(new Set(tries.map((t) => t.headers['webhook-id'])).size).toBe(1);
    for (const attempt of tries) expect(verified(attempt, secret)).toMatchObject({ status: 'done', runId });

    const { items } = await until(() => deliveriesOf(ctx, session), (page) => page.items[0]?.state === 'delivered', 5_000, 'the delivery marked delivered');
    expect(items).toEqual([expect.objectContaining({ runId, event: 'run.done', state: 'delivered', attempts: 3, lastStatus: 200, lastError: null })]);
    expect(items[0]!.deliveredAt).not.toBeNull();
  });

  it('accepts an http:// address on this machine with WEBHOOK_ALLOW_PRIVATE, and still refuses what is no web address', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('local'));
    await submitWithWebhook(ctx, session, `${receiver.origin}/hooks/accepted`);
    const res = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a fox', runId: newRunId(), webhookUrl: 'ftp://127.0.0.1/x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/webhookUrl/);
  });

  it('signs with the new secret only once it is rotated', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('rotated'));
    const old = await secretOf(ctx, session);
    const rotated = await request(ctx.app).post('/api/rotate-webhook-secret').set(bearer(session)).send({});
    expect(rotated.status).toBe(200);
    const { secret } = webhookSecretAnswer.parse(rotated.body);
    expect(secret).not.toBe(old);
    expect(await secretOf(ctx, session)).toBe(secret);

    const path = '/hooks/rotated';
    const runId = await submitWithWebhook(ctx, session, `${receiver.origin}${path}`);
    const [delivery] = await until(async () => receiver.at(path), (got) => got.length >= 1, 15_000, 'the run’s webhook');
    expect(verified(delivery!, secret)).toMatchObject({ runId });
    expect(() => verified(delivery!, old)).toThrow(WebhookVerificationError);
  });

  it('tells a run canceled in the queue as run.canceled', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('canceled'));
    const secret = await secretOf(ctx, session);
    const path = '/hooks/canceled';
    // No worker takes a generation meanwhile: the run is canceled while it waits.
    const generation = ctx.infra.queues.queue('generation');
    await generation.pause();
    const runId = await (async () => {
      try {
        const id = await submitWithWebhook(ctx, session, `${receiver.origin}${path}`);
        const canceled = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId: id });
        expect(canceled.body).toMatchObject({ success: true, status: 'canceled' });
        return id;
      } finally {
        await generation.resume();
      }
    })();
    const [delivery] = await until(async () => receiver.at(path), (got) => got.length >= 1, 15_000, 'the canceled run’s webhook');
    const body = verified(delivery!, secret);
    expect(body).toMatchObject({ success: false, status: 'failed', runId, error: RUN_CANCELED });
    const answered = await request(ctx.app).get('/api/getMediaByRunId').query({ runId }).set(bearer(session));
    expect(withoutSignatures(body)).toEqual(withoutSignatures(answered.body));
    const { items } = await until(() => deliveriesOf(ctx, session), (page) => page.items[0]?.state === 'delivered', 5_000, 'the delivery marked delivered');
    expect(items).toEqual([expect.objectContaining({ runId, event: 'run.canceled', state: 'delivered', attempts: 1 })]);
  });

  it('lists the deliveries newest first, a page at a time, and only the owner’s', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('lister'));
    const runs: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const runId = await submitWithWebhook(ctx, session, `${receiver.origin}/hooks/list-${name}`);
      await until(async () => receiver.at(`/hooks/list-${name}`), (got) => got.length >= 1, 15_000, `webhook ${name}`);
      runs.push(runId);
    }
    const { items, hasMore, nextCursor } = await deliveriesOf(ctx, session);
    expect(items.map((d) => d.runId)).toEqual([...runs].reverse());
    expect({ hasMore, nextCursor }).toEqual({ hasMore: false, nextCursor: null });
    const stranger = await createAccount(ctx.infra, uniqueEmail('stranger'));
    expect((await deliveriesOf(ctx, stranger)).items).toEqual([]);
    const bad = await request(ctx.app).get('/api/get-webhook-deliveries').query({ cursor: 'not-a-cursor' }).set(bearer(session));
    expect(bad.status).toBe(400);
  });

  it('answers the secret and the deliveries to a session only', async () => {
    for (const [method, path] of [
      ['get', '/api/get-webhook-secret'],
      ['post', '/api/rotate-webhook-secret'],
      ['get', '/api/get-webhook-deliveries'],
    ] as const) {
      expect((await request(ctx.app)[method](path)).status).toBe(401);
    }
  });
});

describe(`a webhook to a private address (${dialect})`, () => {
  // WEBHOOK_ALLOW_PRIVATE unset, as in production; no worker needed: the submit refuses.
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' }, { workers: false });

  it.each([
    ['https://10.0.0.7/hooks', WEBHOOK_URL_PRIVATE],
    ['https://192.168.1.20:8443/hooks', WEBHOOK_URL_PRIVATE],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_URL_PRIVATE],
    ['https://[fd12:3456::1]/hooks', WEBHOOK_URL_PRIVATE],
    ['https://[fe80::1]/hooks', WEBHOOK_URL_PRIVATE],
    ['https://127.0.0.1/hooks', WEBHOOK_URL_PRIVATE],
    ['https://localhost/hooks', WEBHOOK_URL_PRIVATE],
    ['http://127.0.0.1:8080/hooks', WEBHOOK_URL_NOT_HTTPS],
    ['http://hooks.example.com/run', WEBHOOK_URL_NOT_HTTPS],
  ])('refuses %s with a 400 that says why', async (webhookUrl, message) => {
    const session = await createAccount(ctx.infra, uniqueEmail('private'));
    const runId = newRunId();
    const res = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a lighthouse', runId, webhookUrl });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.stringContaining(message) });
    // Nothing was recorded or charged.
    expect(await ctx.infra.db.selectFrom('generation_runs').select('run_id').where('run_id', '=', runId).execute()).toEqual([]);
  });

  it('accepts https to a public name, and keeps the address with the run', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('public'));
    const runId = await submitWithWebhook(ctx, session, 'https://hooks.example.com/mirrorverse');
    const run = await ctx.infra.db.selectFrom('generation_runs').select('webhook_url').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(run.webhook_url).toBe('https://hooks.example.com/mirrorverse');
  });
});
