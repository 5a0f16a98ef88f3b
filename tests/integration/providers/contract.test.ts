import type { ProviderName } from '@app/shared';
import { parseConfig } from '@app/shared/server/config';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBflApi } from '../../../worker/src/providers/bfl';
import { createComfyuiApi } from '../../../worker/src/providers/comfyui';
import { createFalApi } from '../../../worker/src/providers/fal';
import { createReplicateApi } from '../../../worker/src/providers/replicate';
import { createStabilityApi } from '../../../worker/src/providers/stability';
import { unlimited } from '../../../worker/src/providers/remote/provider-limiter';
import { ModeratedError, PermanentProviderError } from '../../../worker/src/providers/remote/provider-http';
import type { RemoteApi, RemoteInput, RemoteState } from '../../../worker/src/providers/remote/remote-api';
import { ProviderTimeoutError, type RemoteJobDeps, type RemoteRequestStore, runRemoteJob } from '../../../worker/src/providers/remote/remote-job';
import { startBflFake } from '../../fakes/bfl';
import { startComfyuiFake } from '../../fakes/comfyui';
import { startFalFake } from '../../fakes/fal';
import type { ProviderFake } from '../../fakes/provider-fake';
import { startReplicateFake } from '../../fakes/replicate';
import { startStabilityFake } from '../../fakes/stability';
import { fixture } from '../../support/uploads';

/**
 * One contract, every provider: each client runs under the same driver against its fake, which
 * speaks the provider's public API, through the same states and failures.
 */
const PROVIDERS: Record<Exclude<ProviderName, 'local' | 'instant'>, { start: () => Promise<ProviderFake>; api: (env: Record<string, string>) => RemoteApi; cancels: boolean; moderates: boolean }> = {
  fal: { start: startFalFake, api: (env) => createFalApi(parseConfig(env).providers.fal!), cancels: true, moderates: true },
  bfl: { start: startBflFake, api: (env) => createBflApi(parseConfig(env).providers.bfl!), cancels: false, moderates: true },
  stability: { start: startStabilityFake, api: (env) => createStabilityApi(parseConfig(env).providers.stability!), cancels: false, moderates: true },
  replicate: { start: () => startReplicateFake(), api: (env) => createReplicateApi(parseConfig(env).providers.replicate!), cancels: true, moderates: true },
  comfyui: { start: startComfyuiFake, api: (env) => createComfyuiApi(parseConfig(env).providers.comfyui!), cancels: true, moderates: false },
};

function memoryStore(): RemoteRequestStore {
  const rows = new Map<string, { provider: string; ref: unknown; webhook: unknown }>();
  return {
    find: async (runId, slot) => rows.get(`${runId}/${slot}`),
    record: async (r) => void rows.set(`${r.runId}/${r.slot}`, { provider: r.provider, ref: r.ref, webhook: null }),
    forget: async (runId, slot) => void rows.delete(`${runId}/${slot}`),
  };
}

const deps = (store = memoryStore()): RemoteJobDeps => ({
  store,
  limiter: unlimited,
  logger: pino({ level: 'silent' }),
  retry: { attempts: 3, baseMs: 50, maxMs: 200 },
  webhookFallbackPollMs: 60_000,
});

describe.each(Object.keys(PROVIDERS) as Array<keyof typeof PROVIDERS>)('provider contract: %s', (name) => {
  const provider = PROVIDERS[name];
  let fake: ProviderFake;
  let api: RemoteApi;
  let input: RemoteInput;
  let runs = 0;
  const ctx = (timeoutMs = 30_000, onState?: (state: RemoteState) => void) => ({
    runId: `run-${name}-${++runs}`,
    slot: 'image-1',
    signal: AbortSignal.timeout(timeoutMs),
    ...(onState ? { onState } : {}),
  });

  beforeAll(async () => {
    fake = await provider.start();
    // Polls as fast as the fake allows: the contract is about states, not the provider's pace.
    api = { ...provider.api(fake.env), pollIntervalMs: 20 } as RemoteApi;
    const source = await sharp(fixture('grace_hopper.jpg')).jpeg().toBuffer();
    input = { kind: 'image', mode: 'custom-prompt', prompt: 'portrait in a neon-lit rainy street at night', source, sourceType: 'image/jpeg', additionalSources: [], aspectRatio: '1:1', seed: 42 };
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.behave('succeed');
    fake.pace(2, 1);
  });

  it('makes a real image, moving through the states (with the queue position where the API reports one)', async () => {
    const states: RemoteState[] = [];
    const file = await runRemoteJob(api, input, ctx(30_000, (s) => states.push(s)), deps());
    const meta = await sharp(file.data).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);
    expect(file.requestId).toBeTruthy();
    expect(states.at(-1)?.state ?? 'succeeded').toBe('succeeded');
    if (fake.reportsQueuePosition) expect(states.some((s) => s.state === 'queued' && typeof s.position === 'number')).toBe(true);
    expect(fake.calls.submit).toBeGreaterThanOrEqual(1);
  });

  it('waits out a 429 (honouring Retry-After) and succeeds', async () => {
    fake.behave('rate-limit-once');
    const before = fake.calls.submit;
    const file = await runRemoteJob(api, input, ctx(), deps());
    expect(file.data.length).toBeGreaterThan(1000);
    expect(fake.calls.submit - before).toBe(2);
  });

  it('retries a 5xx and succeeds', async () => {
    fake.behave('server-error-once');
    const before = fake.calls.submit;
    await runRemoteJob(api, input, ctx(), deps());
    expect(fake.calls.submit - before).toBe(2);
  });

  it('fails at once on a permanent 4xx, with a readable reason', async () => {
    fake.behave('reject');
    const before = fake.calls.submit;
    const error = await runRemoteJob(api, input, ctx(), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentProviderError);
    expect((error as Error).message.length).toBeGreaterThan(10);
    expect(fake.calls.submit - before).toBe(1);
  });

  // A self-hosted ComfyUI has no moderation of its own.
  if (provider.moderates) {
    it('ends moderated when the provider moderates (never a success)', async () => {
      fake.behave('moderate');
      await expect(runRemoteJob(api, input, ctx(), deps())).rejects.toBeInstanceOf(ModeratedError);
    });
  }

  it('stops at the deadline and cancels at the provider where the API can', async () => {
    fake.behave('hang');
    const error = await runRemoteJob(api, input, ctx(1_500), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    if (provider.cancels) expect(fake.calls.cancel.length).toBeGreaterThan(0);
  });

  it("resumes a crashed worker's request instead of submitting it again", async () => {
    const store = memoryStore();
    const run = ctx();
    // What the crashed worker did before dying: submitted and stored the request.
    const submitted = await api.submit(input, run.signal);
    await store.record({ runId: run.runId, slot: run.slot, provider: api.name, requestId: submitted.ref.requestId, ref: { ...submitted.ref } });
    const before = fake.calls.submit;
    const file = await runRemoteJob(api, input, run, deps(store));
    if ('outcome' in submitted) {
      // A synchronous API (Stability's image endpoints) answered with the image itself: nothing
      // is left at the provider to resume, so the new worker asks once more.
      expect(fake.calls.submit).toBe(before + 1);
      return;
    }
    expect(file.requestId).toBe(submitted.ref.requestId);
    expect(fake.calls.submit).toBe(before);
  });
});
