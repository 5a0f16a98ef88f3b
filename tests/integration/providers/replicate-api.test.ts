import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReplicateSignature } from '../../../api/src/webhooks/replicate-signature';
import { createReplicateApi } from '../../../worker/src/providers/replicate';
import type { RemoteApi, RemoteImageInput, RemoteOutcome, RemoteRef, RemoteVideoInput } from '../../../worker/src/providers/remote/remote-api';
import { fromDataUri } from '../../fakes/provider-fake';
import { type ReplicateFake, startReplicateFake } from '../../fakes/replicate';
import { fixture } from '../../support/uploads';
import { imageRequest, providerHttpError, testPreset, useProviderFake } from '../../support/provider-client';

const photo = fixture('grace_hopper.jpg');
const signal = new AbortController().signal;

const preset = testPreset({ id: 'neon-noir', label: 'Neon noir', prompt: 'a neon noir portrait, rain and reflections', strength: 0.7, model: 'flux-kontext-pro', features: ['neon'], prompt_upsampling: true, safety_tolerance: 5 });

const imageInput = (extra: Partial<RemoteImageInput> = {}) => imageRequest(photo, { mode: 'presets', preset, prompt: 'ignored when a preset is given', ...extra });

function settingsOf(fake: ReplicateFake, extra: { webhookSecret?: string; model?: string } = {}) {
  return { key: fake.env.REPLICATE_API_TOKEN!, baseUrl: fake.url, model: fake.env.REPLICATE_MODEL!, videoModel: fake.env.REPLICATE_VIDEO_MODEL, createsPerMinute: 600, ...extra };
}

async function download(outcome: RemoteOutcome): Promise<Buffer> {
  if (outcome.kind !== 'file') throw new Error(`expected a file, got ${outcome.kind}`);
  if ('data' in outcome) return outcome.data;
  const response = await fetch(outcome.url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function submitRef(api: RemoteApi, input: RemoteImageInput | RemoteVideoInput): Promise<RemoteRef> {
  const submitted = await api.submit(input, signal);
  return submitted.ref;
}

describe('Replicate client against the fake', () => {
  let fake: ReplicateFake;
  let api: RemoteApi;

  useProviderFake(async () => {
    fake = await startReplicateFake();
    api = createReplicateApi(settingsOf(fake));
    return fake;
  });

  it('declares its model, polling, create rate and no webhooks without a secret', () => {
    expect(api.name).toBe('replicate');
    expect(api.model).toBe('black-forest-labs/flux-kontext-pro');
    expect(api.pollIntervalMs).toBe(1000);
    expect(api.limit).toEqual({ rate: { max: 600, windowMs: 60_000, calls: 'submit' } });
    expect(api.supportsWebhooks).toBe(false);
  });

  it('creates on the model route with the preset, the photo inline and Prefer: wait, then goes queued → running → succeeded', async () => {
    fake.pace(1, 2);
    const submitted = await api.submit(imageInput(), signal);
    expect('state' in submitted && submitted.state).toEqual({ state: 'queued' });

    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(request.prefer).toBe('wait=5');
    expect(request.body.webhook).toBeUndefined();
    const input = request.body.input as Record<string, unknown>;
    expect(input).toMatchObject({ prompt: preset.prompt, seed: 1234, aspect_ratio: '4:5', output_format: 'png', prompt_upsampling: true });
    // flux-kontext allows at most 2 with an input image.
    expect(input.safety_tolerance).toBe(2);
    expect(fromDataUri(input.input_image)?.equals(photo)).toBe(true);

    const states = [];
    for (let i = 0; i < 4; i++) states.push(await api.status(submitted.ref, signal));
    expect(states[0]).toEqual({ state: 'queued' });
    expect(states[1]).toMatchObject({ state: 'running', progress: expect.any(Number) });
    expect(states[3]).toEqual({ state: 'succeeded' });

    const outcome = await api.result(submitted.ref, signal);
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'image/png' });
    const meta = await sharp(await download(outcome)).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it('reads progress from the tqdm lines of the logs', async () => {
    fake.pace(0, 3);
    const ref = await submitRef(api, imageInput());
    const first = await api.status(ref, signal);
    const second = await api.status(ref, signal);
    expect(first.state).toBe('running');
    expect(second.state).toBe('running');
    const p1 = first.state === 'running' ? first.progress ?? 0 : 0;
    const p2 = second.state === 'running' ? second.progress ?? 0 : 0;
    expect(p1).toBeGreaterThan(0);
    expect(p2).toBeGreaterThan(p1);
    expect(p2).toBeLessThanOrEqual(1);
  });

  it('takes the output straight from the create answer when the prediction finished within the wait', async () => {
    fake.pace(0, 0);
    const submitted = await api.submit(imageInput(), signal);
    expect('outcome' in submitted).toBe(true);
    if (!('outcome' in submitted)) return;
    expect(submitted.ref.data?.get).toContain(`/v1/predictions/${submitted.ref.requestId}`);
    expect((await sharp(await download(submitted.outcome)).metadata()).format).toBe('png');
  });

  it('uses the prompt and ratio of the input without a preset', async () => {
    fake.pace(0, 0);
    await api.submit(imageInput({ preset: undefined, prompt: 'make it a watercolour', aspectRatio: '16:9' }), signal);
    const input = fake.requests.at(-1)!.body.input as Record<string, unknown>;
    expect(input).toMatchObject({ prompt: 'make it a watercolour', aspect_ratio: '16:9', output_format: 'jpg', safety_tolerance: 2 });
  });

  it('creates on /v1/predictions with the version when the model names one', async () => {
    fake.pace(0, 0);
    const versioned = createReplicateApi(settingsOf(fake, { model: 'black-forest-labs/flux-kontext-pro:0123456789abcdef' }));
    const submitted = await versioned.submit(imageInput(), signal);
    expect('outcome' in submitted).toBe(true);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/predictions');
    expect(request.body.version).toBe('0123456789abcdef');
  });

  it('answers 429 as transient with Retry-After, then works', async () => {
    fake.behave('rate-limit-once');
    const error = await providerHttpError(api.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    expect((await api.submit(imageInput(), signal)).ref.requestId).toBeTruthy();
  });

  it('answers a 5xx as transient', async () => {
    fake.behave('server-error-once');
    const error = await providerHttpError(api.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 503, transient: true });
  });

  it('answers a refused input as permanent with the problem detail', async () => {
    fake.behave('reject');
    const error = await providerHttpError(api.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 422, transient: false });
    expect(error.detail).toMatch(/^Input validation failed: .*aspect_ratio/s);
  });

  it('answers a wrong token as permanent 401 with the problem title', async () => {
    const wrong = createReplicateApi({ ...settingsOf(fake), key: 'nope' });
    const error = await providerHttpError(wrong.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 401, transient: false });
    expect(error.detail).toContain('Unauthenticated');
  });

  it('reads an NSFW failure as moderated, with a readable reason', async () => {
    fake.behave('moderate');
    const ref = await submitRef(api, imageInput());
    await api.status(ref, signal);
    await api.status(ref, signal);
    const state = await api.status(ref, signal);
    expect(state).toEqual({ state: 'moderated', reason: expect.stringMatching(/not safe for work/) });
    expect(await api.result(ref, signal)).toEqual({ kind: 'moderated', reason: expect.any(String) });
  });

  it('keeps a hanging prediction running until it is canceled, and the fake records the cancel', async () => {
    fake.behave('hang');
    const ref = await submitRef(api, imageInput());
    for (let i = 0; i < 5; i++) expect((await api.status(ref, signal)).state).toMatch(/queued|running/);
    expect((await api.status(ref, signal)).state).toBe('running');
    await api.cancel(ref, signal);
    expect(fake.calls.cancel).toContain(ref.requestId);
    expect(await api.status(ref, signal)).toEqual({ state: 'canceled' });
    // Canceling again (already done) does not throw.
    await api.cancel(ref, signal);
  });

  it('reads an unknown prediction as expired', async () => {
    expect(await api.status({ requestId: 'unknownprediction' }, signal)).toEqual({ state: 'expired' });
  });

  it('makes a video from a still on the video model', async () => {
    fake.pace(0, 1);
    const video = createReplicateApi(settingsOf(fake), 'video');
    expect(video.model).toBe(fake.env.REPLICATE_VIDEO_MODEL);
    const input: RemoteVideoInput = { kind: 'video', mode: 'story-time', prompt: 'a slow push-in', image: photo, imageType: 'image/jpeg', durationSeconds: 5, aspectRatio: '1:1', seed: 7 };
    const ref = await submitRef(video, input);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/v1/models/${fake.env.REPLICATE_VIDEO_MODEL}/predictions`);
    expect(request.body.input).toMatchObject({ prompt: 'a slow push-in', duration: 5 });
    expect(fromDataUri((request.body.input as Record<string, unknown>).image)?.equals(photo)).toBe(true);
    expect((await video.status(ref, signal)).state).toBe('running');
    expect(await video.status(ref, signal)).toEqual({ state: 'succeeded' });
    const outcome = await video.result(ref, signal);
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'video/mp4' });
    const mp4 = await download(outcome);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });
});

describe('Replicate webhooks', () => {
  let fake: ReplicateFake;
  let receiver: http.Server;
  let receiverUrl = '';
  const deliveries: { body: Buffer; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    fake = await startReplicateFake({ webhookSecretInEnv: true });
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        deliveries.push({ body: Buffer.concat(chunks), headers: req.headers });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/replicate`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function waitForDeliveries(count: number): Promise<void> {
    for (let i = 0; i < 200 && deliveries.length < count; i++) await new Promise((r) => setTimeout(r, 50));
    expect(deliveries.length).toBeGreaterThanOrEqual(count);
  }

  it('asks for completed webhooks and gets them signed, repeated, and readable into the state machine', async () => {
    expect(fake.env.REPLICATE_WEBHOOK_SECRET).toBe(fake.webhookSecret);
    const api = createReplicateApi(settingsOf(fake, { webhookSecret: fake.env.REPLICATE_WEBHOOK_SECRET }));
    expect(api.supportsWebhooks).toBe(true);
    fake.webhookRepeats(2);
    fake.pace(1, 1);
    const { ref } = await api.submit(imageInput({ webhookUrl: receiverUrl }), signal);
    const body = fake.requests.at(-1)!.body;
    expect(body).toMatchObject({ webhook: receiverUrl, webhook_events_filter: ['completed'] });

    await waitForDeliveries(2);
    expect(fake.calls.webhooks).toBe(2);
    const [first, second] = deliveries;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    for (const delivery of deliveries) {
      expect(verifyReplicateSignature(delivery.body, delivery.headers, fake.webhookSecret)).toBe(true);
      expect(verifyReplicateSignature(delivery.body, delivery.headers, `whsec_${Buffer.from('another secret').toString('base64')}`)).toBe(false);
    }
    const reading = api.readWebhook!(JSON.parse(first!.body.toString('utf8')));
    expect(reading).toMatchObject({ requestId: ref.requestId, state: { state: 'succeeded' }, outcome: { kind: 'file', contentType: 'image/png' } });
    expect((await sharp(await download(reading.outcome!)).metadata()).format).toBe('png');
  });

  it('reads a moderated webhook as moderated', async () => {
    const api = createReplicateApi(settingsOf(fake, { webhookSecret: fake.webhookSecret }));
    deliveries.length = 0;
    fake.webhookRepeats(1);
    fake.behave('moderate');
    await api.submit(imageInput({ webhookUrl: receiverUrl }), signal);
    await waitForDeliveries(1);
    const reading = api.readWebhook!(JSON.parse(deliveries[0]!.body.toString('utf8')));
    expect(reading.state.state).toBe('moderated');
    expect(reading.outcome).toMatchObject({ kind: 'moderated' });
  });
});
