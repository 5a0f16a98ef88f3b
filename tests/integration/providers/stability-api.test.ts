import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CONTENT_FILTERED_REASON, createStabilityApi } from '../../../worker/src/providers/stability';
import type { RemoteApi, RemoteImageInput, RemoteOutcome, RemoteRef, SubmitResult } from '../../../worker/src/providers/remote/remote-api';
import { type StabilityFake, startStabilityFake } from '../../fakes/stability';
import { fixture } from '../../support/uploads';
import { imageRequest, providerHttpError, testPreset, useProviderFake } from '../../support/provider-client';

const photo = fixture('grace_hopper.jpg');
const signal = new AbortController().signal;

const preset = testPreset({ id: 'test_preset', label: 'Test preset', prompt: 'A warm film portrait, same person, same face', negative_prompt: 'blurry, extra fingers', model: 'ultra', source: 'test' });

const input = (overrides: Partial<RemoteImageInput> = {}) => imageRequest(photo, { mode: 'custom-prompt', prompt: 'Make it a warm film portrait', ...overrides });

let fake: StabilityFake;

function api(model = 'ultra', key = fake.env.STABILITY_API_KEY ?? ''): RemoteApi {
  return createStabilityApi({ key, baseUrl: fake.env.STABILITY_API_URL ?? '', model, requestsPer10s: 150 });
}

function outcomeOf(answer: SubmitResult): RemoteOutcome {
  if (!('outcome' in answer)) throw new Error(`expected a synchronous answer, got ${JSON.stringify(answer)}`);
  return answer.outcome;
}

async function imageOf(outcome: RemoteOutcome): Promise<sharp.Metadata> {
  if (outcome.kind !== 'file' || !('data' in outcome)) throw new Error(`expected bytes, got ${JSON.stringify(outcome)}`);
  return sharp(outcome.data).metadata();
}

useProviderFake(
  async () => (fake = await startStabilityFake()),
  () => fake.moderation('blur'),
);

describe('Stability client, synchronous endpoints', () => {
  it('describes itself: model, 10 s polling, a rate limit on every call, no webhooks', () => {
    const ultra = api();
    expect(ultra.name).toBe('stability');
    expect(ultra.model).toBe('ultra');
    expect(ultra.pollIntervalMs).toBe(10_000);
    expect(ultra.limit).toEqual({ rate: { max: 150, windowMs: 10_000, calls: 'all' } });
    expect(ultra.supportsWebhooks).toBe(false);
    expect(ultra.readWebhook).toBeUndefined();
    expect(() => api('sd-unknown')).toThrow(/Unknown Stability model/);
  });

  it('ultra: sends the photo as a multipart file with the preset fields and answers the image at once', async () => {
    const before = fake.calls.status;
    const answer = await api().submit(input({ preset, prompt: preset.prompt, aspectRatio: '4:5' }), signal);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v2beta/stable-image/generate/ultra');
    expect(request?.accept).toBe('image/*');
    expect(request?.fields).toEqual({
      prompt: preset.prompt,
      negative_prompt: 'blurry, extra fingers',
      seed: '1234',
      output_format: 'png',
      aspect_ratio: '4:5',
      strength: '0.65',
    });
    expect(request?.files.image?.mimeType).toBe('image/jpeg');
    expect(request?.files.image?.data.equals(photo)).toBe(true);

    expect(answer.ref.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const meta = await imageOf(outcomeOf(answer));
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
    expect(outcomeOf(answer)).toMatchObject({ contentType: 'image/png' });
    expect(fake.calls.status).toBe(before);
  });

  it('without a preset: the run prompt, JPEG, and our 3:4 / 4:3 sent as Stability\'s nearest ratios', async () => {
    const tall = await api().submit(input({ aspectRatio: '3:4', negativePrompt: 'cartoon' }), signal);
    expect(fake.requests.at(-1)?.fields).toMatchObject({ prompt: 'Make it a warm film portrait', negative_prompt: 'cartoon', aspect_ratio: '4:5', output_format: 'jpeg', strength: '0.5' });
    expect((await imageOf(outcomeOf(tall))).format).toBe('jpeg');
    await api().submit(input({ aspectRatio: '4:3' }), signal);
    expect(fake.requests.at(-1)?.fields.aspect_ratio).toBe('5:4');
  });

  it('structure takes control_strength from the preset; style takes the ratio and no strength', async () => {
    outcomeOf(await api('structure').submit(input({ preset }), signal));
    let request = fake.requests.at(-1);
    expect(request?.path).toBe('/v2beta/stable-image/control/structure');
    expect(request?.fields).toMatchObject({ control_strength: '0.65', prompt: 'Make it a warm film portrait' });
    expect(request?.fields).not.toHaveProperty('aspect_ratio');

    const styled = await api('style').submit(input({ preset }), signal);
    request = fake.requests.at(-1);
    expect(request?.path).toBe('/v2beta/stable-image/control/style');
    expect(request?.fields).toMatchObject({ aspect_ratio: '4:5' });
    expect(request?.fields).not.toHaveProperty('strength');
    expect((await imageOf(outcomeOf(styled))).format).toBe('png');
  });

  it('a wrong key is refused for good with Stability\'s error body', async () => {
    const error = await providerHttpError(api('ultra', 'sk-wrong').submit(input(), signal));
    expect(error.status).toBe(401);
    expect(error.transient).toBe(false);
    expect(error.detail).toBe('unauthorized: authorization: invalid or missing API key');
  });

  it('429 is transient with Retry-After, 500 is transient, then submits go through', async () => {
    fake.behave('rate-limit-once');
    const limited = await providerHttpError(api().submit(input(), signal));
    expect(limited).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect(limited.detail).toMatch(/^rate_limit_exceeded/);

    fake.behave('server-error-once');
    const broken = await providerHttpError(api().submit(input(), signal));
    expect(broken).toMatchObject({ status: 500, transient: true });
    expect(broken.detail).toMatch(/^internal_error/);

    expect(outcomeOf(await api().submit(input(), signal)).kind).toBe('file');
  });

  it('a 400 is permanent and reads as a sentence; so is a photo it cannot decode', async () => {
    fake.behave('reject');
    const rejected = await providerHttpError(api().submit(input(), signal));
    expect(rejected).toMatchObject({ status: 400, transient: false, detail: 'bad_request: prompt: the prompt contains words that are not allowed' });

    fake.behave('succeed');
    const unreadable = await providerHttpError(api().submit(input({ source: Buffer.from('not an image') }), signal));
    expect(unreadable).toMatchObject({ status: 400, transient: false, detail: 'bad_request: image: could not be decoded as an image' });
  });

  it('more than 10 MiB is 413, permanent', async () => {
    const error = await providerHttpError(api().submit(input({ source: Buffer.alloc(11 * 1024 * 1024, 1) }), signal));
    expect(error).toMatchObject({ status: 413, transient: false });
    expect(error.detail).toMatch(/^payload_too_large/);
  });

  it('CONTENT_FILTERED (a blurred image) and 403 content_moderation both end moderated, not failed', async () => {
    fake.behave('moderate');
    expect(outcomeOf(await api().submit(input(), signal))).toEqual({ kind: 'moderated', reason: CONTENT_FILTERED_REASON });

    fake.moderation('refuse');
    const refused = outcomeOf(await api().submit(input(), signal));
    expect(refused).toMatchObject({ kind: 'moderated', reason: expect.stringContaining('content moderation') });
  });

  it('hang holds the response open until the client gives up', async () => {
    fake.behave('hang');
    const controller = new AbortController();
    const before = fake.requests.length;
    const pending = api().submit(input(), controller.signal);
    while (fake.requests.length === before) await sleep(20);
    controller.abort(new Error('deadline'));
    await expect(pending).rejects.toThrow('deadline');
  });
});

describe('Stability client, creative upscale (asynchronous)', () => {
  const upscale = () => api('creative-upscale');

  async function submitted(given = input()): Promise<RemoteRef> {
    const answer = await upscale().submit(given, signal);
    if (!('state' in answer)) throw new Error('creative upscale should answer a request to follow');
    expect(answer.state).toEqual({ state: 'queued' });
    return answer.ref;
  }

  it('submits, polls 202 in-progress, then 200 with the image as JSON', async () => {
    fake.pace(1, 2);
    const ref = await submitted(input({ preset }));
    expect(ref.requestId).toMatch(/^[0-9a-f]{64}$/);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v2beta/stable-image/upscale/creative');
    expect(request?.accept).toBe('application/json');
    expect(request?.fields).toMatchObject({ prompt: 'Make it a warm film portrait', negative_prompt: 'blurry, extra fingers', seed: '1234', output_format: 'png' });
    expect(request?.files.image?.data.equals(photo)).toBe(true);

    const states = [];
    for (let i = 0; i < 5; i++) {
      const state = await upscale().status(ref, signal);
      states.push(state);
      if (state.state !== 'running') break;
    }
    expect(states).toEqual([{ state: 'running' }, { state: 'running' }, { state: 'running' }, { state: 'succeeded' }]);

    const outcome = await upscale().result(ref, signal);
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'image/png' });
    expect((await imageOf(outcome)).format).toBe('png');
  });

  it('a filtered async result is moderated in status and result', async () => {
    fake.pace(0, 0);
    fake.behave('moderate');
    const ref = await submitted();
    expect(await upscale().status(ref, signal)).toEqual({ state: 'moderated', reason: CONTENT_FILTERED_REASON });
    expect(await upscale().result(ref, signal)).toEqual({ kind: 'moderated', reason: CONTENT_FILTERED_REASON });
  });

  it('hang stays in progress; cancel is a no-op (Stability has none)', async () => {
    fake.behave('hang');
    const ref = await submitted();
    for (let i = 0; i < 5; i++) expect(await upscale().status(ref, signal)).toEqual({ state: 'running' });
    await expect(upscale().cancel(ref, signal)).resolves.toBeUndefined();
    expect(fake.calls.cancel).toEqual([]);
    expect(await upscale().status(ref, signal)).toEqual({ state: 'running' });
  });

  it('an unknown (or older than 24 h) id is expired', async () => {
    expect(await upscale().status({ requestId: 'f'.repeat(64) }, signal)).toEqual({ state: 'expired' });
  });
});
