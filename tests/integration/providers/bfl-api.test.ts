import type { IncomingHttpHeaders } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBflSignature } from '../../../api/src/webhooks/bfl-signature';
import { createBflApi } from '../../../worker/src/providers/bfl';
import type { RemoteApi, RemoteImageInput, RemoteRef } from '../../../worker/src/providers/remote/remote-api';
import { type BflFake, startBflFake } from '../../fakes/bfl';
import { listen, readBody } from '../../fakes/provider-fake';
import { fixture } from '../../support/uploads';
import { followStates, imageRequest, providerHttpError, testPreset, useProviderFake } from '../../support/provider-client';

const photo = fixture('grace_hopper.jpg');
const signal = new AbortController().signal;

const preset = testPreset({ id: 'test_preset', label: 'Test preset', prompt: 'A warm film portrait, same person, same face', model: 'flux-kontext-pro', source: 'test', prompt_upsampling: true, safety_tolerance: 3 });

const input = (overrides: Partial<RemoteImageInput> = {}) => imageRequest(photo, { mode: 'custom-prompt', prompt: 'Make it a warm film portrait', ...overrides });

let fake: BflFake;
let api: RemoteApi;

function settings(extra: { key?: string; webhookSecret?: string } = {}) {
  return { key: extra.key ?? fake.env.BFL_API_KEY ?? '', baseUrl: fake.env.BFL_API_URL ?? '', model: fake.env.BFL_MODEL ?? '', concurrency: 24, ...(extra.webhookSecret ? { webhookSecret: extra.webhookSecret } : {}) };
}

async function submitted(api: RemoteApi, given = input()): Promise<RemoteRef> {
  const answer = await api.submit(given, signal);
  if (!('state' in answer)) throw new Error('BFL submit should answer a request to follow');
  expect(answer.state).toEqual({ state: 'queued' });
  return answer.ref;
}

useProviderFake(
  async () => {
    fake = await startBflFake();
    api = createBflApi(settings());
    return fake;
  },
  () => fake.finishWith(undefined),
);

describe('BFL client against the local BFL API', () => {
  it('describes itself: model, half-second polling, the concurrency cap, no webhooks without a secret', () => {
    expect(api.name).toBe('bfl');
    expect(api.model).toBe('flux-kontext-pro');
    expect(api.pollIntervalMs).toBe(500);
    expect(api.limit).toEqual({ concurrent: 24 });
    expect(api.supportsWebhooks).toBe(false);
  });

  it('submits the photo inline with the preset, then goes queued → running → succeeded and yields a real image', async () => {
    fake.pace(2, 1);
    const ref = await submitted(api, input({ preset, prompt: preset.prompt, aspectRatio: '4:5', additionalSources: [photo] }));
    expect(ref.data?.pollingUrl).toBe(`${fake.url}/v1/get_result?id=${ref.requestId}`);

    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/flux-kontext-pro');
    expect(request?.body).toMatchObject({
      prompt: preset.prompt,
      seed: 1234,
      aspect_ratio: '4:5',
      output_format: 'png',
      safety_tolerance: 3,
      prompt_upsampling: true,
    });
    // Plain base64, as BFL documents it: no data: prefix, the photo byte for byte.
    expect(String(request?.body.input_image)).not.toMatch(/^data:/);
    expect(request?.image?.equals(photo)).toBe(true);
    expect(Buffer.from(String(request?.body.input_image_2), 'base64').equals(photo)).toBe(true);
    expect(request?.body).not.toHaveProperty('webhook_url');

    const states = await followStates(api, ref);
    expect(states).toEqual([{ state: 'queued' }, { state: 'queued' }, { state: 'running', progress: 0.5 }, { state: 'succeeded' }]);

    const outcome = await api.result(ref, signal);
    if (outcome.kind !== 'file' || !('url' in outcome)) throw new Error(`expected a file URL, got ${JSON.stringify(outcome)}`);
    const download = await fetch(outcome.url);
    expect(download.status).toBe(200);
    const meta = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it('uses the run prompt and JPEG defaults without a preset', async () => {
    const ref = await submitted(api);
    expect(fake.requests.at(-1)?.body).toMatchObject({ prompt: 'Make it a warm film portrait', aspect_ratio: '1:1', output_format: 'jpeg', safety_tolerance: 2, prompt_upsampling: false });
    await followStates(api, ref);
    const outcome = await api.result(ref, signal);
    expect(outcome.kind === 'file' && 'url' in outcome && outcome.url).toMatch(/sample\.jpg/);
  });

  it('refuses a wrong key for good, with BFL\'s detail', async () => {
    const error = await providerHttpError(createBflApi(settings({ key: 'wrong' })).submit(input(), signal));
    expect(error.status).toBe(403);
    expect(error.transient).toBe(false);
    expect(error.detail).toContain('Invalid Authentication');
  });

  it('a 429 is transient and carries Retry-After; the next submit goes through', async () => {
    fake.behave('rate-limit-once');
    const error = await providerHttpError(api.submit(input(), signal));
    expect(error.status).toBe(429);
    expect(error.transient).toBe(true);
    expect(error.retryAfterMs).toBe(1000);
    await submitted(api);
  });

  it('a 503 is transient', async () => {
    fake.behave('server-error-once');
    const error = await providerHttpError(api.submit(input(), signal));
    expect(error.status).toBe(503);
    expect(error.transient).toBe(true);
  });

  it('a 422 is permanent and reads as a sentence', async () => {
    fake.behave('reject');
    const error = await providerHttpError(api.submit(input(), signal));
    expect(error.status).toBe(422);
    expect(error.transient).toBe(false);
    expect(error.detail).toBe('prompt: Prompt is not allowed for this model');
  });

  it('"Content Moderated" becomes moderated, in status and result', async () => {
    fake.behave('moderate');
    const ref = await submitted(api);
    const last = (await followStates(api, ref)).at(-1);
    expect(last).toEqual({ state: 'moderated', reason: 'the image was moderated: Moderation Reasons Derivative Works Filter' });
    await expect(api.result(ref, signal)).resolves.toEqual({ kind: 'moderated', reason: 'the image was moderated: Moderation Reasons Derivative Works Filter' });
  });

  it('"Request Moderated" and "Error" map to moderated and a permanent failure', async () => {
    fake.finishWith('Request Moderated');
    const moderated = await submitted(api);
    expect((await followStates(api, moderated)).at(-1)).toMatchObject({ state: 'moderated', reason: expect.stringMatching(/^the request was moderated/) });

    fake.finishWith('Error');
    const failed = await submitted(api);
    expect((await followStates(api, failed)).at(-1)).toEqual({ state: 'failed', message: 'Generation failed', transient: false });
  });

  it('a photo BFL cannot read ends in "Error"', async () => {
    const ref = await submitted(api, input({ source: Buffer.from('not an image') }));
    expect((await followStates(api, ref)).at(-1)).toMatchObject({ state: 'failed', transient: false, message: expect.stringContaining('input_image') });
  });

  it('hang stays running; cancel is a no-op because BFL has no cancel endpoint', async () => {
    fake.behave('hang');
    const ref = await submitted(api);
    const states = await followStates(api, ref, 6);
    expect(states.at(-1)).toEqual({ state: 'running', progress: 0.5 });
    expect(states).toHaveLength(6);
    await expect(api.cancel(ref, signal)).resolves.toBeUndefined();
    expect(fake.calls.cancel).toEqual([]);
    expect(await api.status(ref, signal)).toEqual({ state: 'running', progress: 0.5 });
  });

  it('"Task not found" is expired', async () => {
    const ref = await submitted(api);
    fake.forgetTasks();
    expect(await api.status(ref, signal)).toEqual({ state: 'expired' });
    expect(await api.status({ requestId: 'never-submitted' }, signal)).toEqual({ state: 'expired' });
  });

  it('sample URLs expire (the driver must download at once)', async () => {
    const ref = await submitted(api);
    await followStates(api, ref);
    const outcome = await api.result(ref, signal);
    if (outcome.kind !== 'file' || !('url' in outcome)) throw new Error('expected a URL');
    fake.sampleTtl(0);
    expect((await fetch(outcome.url)).status).toBe(403);
    fake.sampleTtl(10 * 60_000);
  });
});

describe('BFL webhooks', () => {
  const secret = 'bfl-webhook-secret-for-tests';
  const deliveries: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
  let receiver: Awaited<ReturnType<typeof listen>>;
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    receiver = await listen(async (req, res) => {
      deliveries.push({ headers: req.headers, raw: await readBody(req) });
      res.writeHead(200).end();
      arrived();
    });
  });

  afterAll(async () => {
    await receiver.close();
  });

  async function waitForDeliveries(count: number): Promise<void> {
    while (deliveries.length < count) await new Promise<void>((resolve) => (arrived = resolve));
  }

  it('sends the secret at submit and gets a signed completion our verifier accepts', async () => {
    deliveries.length = 0;
    fake.webhookRepeats(2);
    const hooked = createBflApi(settings({ webhookSecret: secret }));
    expect(hooked.supportsWebhooks).toBe(true);
    const before = fake.calls.webhooks;
    const ref = await submitted(hooked, input({ webhookUrl: `${receiver.url}/webhooks/bfl` }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ webhook_url: `${receiver.url}/webhooks/bfl`, webhook_secret: secret });

    await waitForDeliveries(2);
    expect(fake.calls.webhooks - before).toBe(2);
    for (const delivery of deliveries) {
      expect(verifyBflSignature(delivery.raw, delivery.headers, secret)).toBe(true);
      expect(verifyBflSignature(delivery.raw, delivery.headers, 'another-secret')).toBe(false);
    }
    const reading = hooked.readWebhook?.(JSON.parse(deliveries[0]?.raw.toString() ?? '{}'));
    expect(reading).toMatchObject({ requestId: ref.requestId, state: { state: 'succeeded' }, outcome: { kind: 'file', url: expect.stringContaining('/delivery/') } });
    const url = reading?.outcome && 'url' in reading.outcome ? reading.outcome.url : '';
    expect((await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('a moderated completion reads as moderated', async () => {
    deliveries.length = 0;
    fake.behave('moderate');
    const hooked = createBflApi(settings({ webhookSecret: secret }));
    await submitted(hooked, input({ webhookUrl: `${receiver.url}/webhooks/bfl` }));
    await waitForDeliveries(1);
    const reading = hooked.readWebhook?.(JSON.parse(deliveries[0]?.raw.toString() ?? '{}'));
    expect(reading?.state).toMatchObject({ state: 'moderated' });
    expect(reading?.outcome).toMatchObject({ kind: 'moderated', reason: expect.stringMatching(/^the image was moderated/) });
  });

  it('reads the tolerant {task_id, ...} shape too', () => {
    const reading = api.readWebhook?.({ task_id: 'abc', status: 'Ready', result: { sample: 'https://delivery.example/s.jpg' } });
    expect(reading).toEqual({ requestId: 'abc', state: { state: 'succeeded' }, outcome: { kind: 'file', url: 'https://delivery.example/s.jpg' } });
  });
});
