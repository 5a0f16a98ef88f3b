import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderName } from '@app/shared';
import { readObject } from '@app/shared/server/storage';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBflFake } from '../../fakes/bfl';
import { startComfyuiFake } from '../../fakes/comfyui';
import { startFalFake } from '../../fakes/fal';
import type { ProviderFake } from '../../fakes/provider-fake';
import { startReplicateFake } from '../../fakes/replicate';
import { startStabilityFake } from '../../fakes/stability';
import { bearer, type Session } from '../../support/auth';
import { availableDialects } from '../../support/database';
import { startTestApp, type TestContext } from '../../support/test-app';
import { pollUntilFinished, signInWithPortrait, submitPortraitRun } from '../../support/runs';
import { fixture, uploadFile } from '../../support/uploads';

const dialect = availableDialects().at(-1)!;

/** Each provider's fake, and the webhook settings the worker needs to be called back by it. */
const PROVIDERS: Record<Exclude<ProviderName, 'local' | 'instant'>, () => Promise<{ fake: ProviderFake; webhookEnv: Record<string, string> }>> = {
  fal: async () => ({ fake: await startFalFake(), webhookEnv: {} }),
  bfl: async () => ({ fake: await startBflFake(), webhookEnv: { BFL_WEBHOOK_SECRET: randomBytes(24).toString('hex') } }),
  stability: async () => ({ fake: await startStabilityFake(), webhookEnv: {} }),
  replicate: async () => ({ fake: await startReplicateFake({ webhookSecretInEnv: true }), webhookEnv: {} }),
  comfyui: async () => ({ fake: await startComfyuiFake(), webhookEnv: {} }),
};

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A generation end to end through the api and a worker, with each provider as the engine of
 * every mode: the request goes to the provider's fake, the output is copied into our storage,
 * checked for likeness, stored with the provider's name and request id, and charged once —
 * even when the provider calls back twice.
 */
describe.each(Object.keys(PROVIDERS) as Array<keyof typeof PROVIDERS>)(`%s end to end (${dialect})`, (name) => {
  let fake: ProviderFake;
  let ctx: TestContext;
  let server: Server;
  let session: Session;
  let source: { secure_url: string };

  beforeAll(async () => {
    const started = await PROVIDERS[name]();
    fake = started.fake;
    // The api listens for real, so the fake can deliver its webhooks to it.
    let handler: RequestListener = (_req, res) => res.writeHead(503).end();
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = await startTestApp(dialect, {
      GENERATION_PROVIDER: name,
      ...fake.env,
      ...(fake.sendsWebhooks ? { PROVIDER_WEBHOOK_URL: base, ...started.webhookEnv } : {}),
    });
    handler = ctx.app;
    ({ session, source } = await signInWithPortrait(ctx, name));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await fake?.close();
  });

  const balance = async () => (await ctx.infra.db.selectFrom('users').select('credits').where('id', '=', session.user.id).executeTakeFirstOrThrow()).credits;
  const submit = () => submitPortraitRun(ctx.app, session, source.secure_url);

  it('makes the image at the provider, stores it as ours, names the provider, and charges once', async () => {
    fake.behave('succeed');
    fake.webhookRepeats(2);
    const before = await balance();
    const runId = await submit();
    const res = await pollUntilFinished(ctx.app, session, runId);
    expect(res.status).toBe(200);
    expect(res.body.media.metadata).toMatchObject({ provider: name, identity: { applicable: true, passed: true } });
    expect(res.body.media.metadata.providerRequestId).toBeTruthy();

    // The output lives in our storage (provider URLs expire), at our size.
    const row = await ctx.infra.db.selectFrom('media').selectAll().where('run_id', '=', runId).execute();
    expect(row).toHaveLength(1);
    const stored = (await readObject(ctx.infra.storage, row[0]!.storage_key!))!;
    const size = await sharp(stored).metadata();
    expect(Math.max(size.width!, size.height!)).toBe(1024);
    const run = await ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'done', stage: 'succeeded', provider: name });
    expect(await balance()).toBe(before - (run.credits_reserved - run.credits_refunded));

    if (fake.sendsWebhooks) {
      // Both deliveries arrived (a delivery that beat our record of the request is answered 404
      // and made again, as providers do); the first accepted was kept, the repeat changed nothing.
      const kept = () => ctx.infra.db.selectFrom('provider_requests').select(['webhook', 'request_id']).where('run_id', '=', runId).execute();
      await until(async () => fake.calls.webhooks >= 2 && (await kept()).some((r) => r.webhook !== null), 'the webhook deliveries');
      expect((await kept()).map((r) => r.request_id)).toContain(res.body.media.metadata.providerRequestId);
      const charges = await ctx.infra.db.selectFrom('credit_ledger').selectAll().where('run_id', '=', runId).execute();
      expect(charges.filter((c) => c.delta < 0)).toHaveLength(1);
      expect(await balance()).toBe(before - (run.credits_reserved - run.credits_refunded));
    }
  });

  // fal.ai and Replicate also make the clips, with their image-to-video model (FAL_VIDEO_MODEL, REPLICATE_VIDEO_MODEL).
  if (name === 'fal' || name === 'replicate') {
    it('Story Time: each of three photos becomes a still and a clip made at the provider', async () => {
      fake.behave('succeed');
      const others = await Promise.all(['astronaut.png', 'chelsea.png'].map((f) => uploadFile(ctx.app, session, fixture(f), f)));
      const runId = `run_${randomBytes(8).toString('hex')}`;
      const res = await request(ctx.app)
        .post('/api/unified-generate')
        .set(bearer(session))
        .send({ mode: 'storytime', runId, sourceAssetId: source.secure_url, additionalImages: others.map((o) => o.secure_url) });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const done = await pollUntilFinished(ctx.app, session, runId);
      expect(done.body.media).toMatchObject({ type: 'video', metadata: { provider: name, videoProvider: name, totalVideos: 3, successfulVideos: 3 } });
      const row = await ctx.infra.db.selectFrom('media').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
      const clip = (await readObject(ctx.infra.storage, row.storage_key!))!;
      expect(clip.subarray(4, 8).toString()).toBe('ftyp');
      // Three stills and three clips, each one request at the provider.
      const requests = await ctx.infra.db.selectFrom('provider_requests').select('slot').where('run_id', '=', runId).execute();
      expect(requests.map((r) => r.slot).sort()).toEqual(['story-0', 'story-1', 'story-2', 'story-video-0', 'story-video-1', 'story-video-2']);
    });
  }

  // A self-hosted ComfyUI moderates nothing.
  if (name === 'comfyui') return;

  it('a moderated output ends the run moderated, with the reason in plain words and every credit back', async () => {
    fake.behave('moderate');
    const before = await balance();
    const runId = await submit();
    const res = await pollUntilFinished(ctx.app, session, runId);
    expect(res.body).toMatchObject({ success: false, status: 'failed' });
    expect(res.body.error).toMatch(/safety filter/);
    const run = await ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(run.stage).toBe('moderated');
    expect(await balance()).toBe(before);
    fake.behave('succeed');
  });
});
