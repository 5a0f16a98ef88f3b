import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GHIBLI_REACTION_PRESETS } from '@app/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createFalJwksCache, verifyFalWebhook } from '../../../api/src/webhooks/fal-signature';
import { createFalApi } from '../../../worker/src/providers/fal';
import type { RemoteApi, RemoteImageInput, RemoteRef, RemoteVideoInput } from '../../../worker/src/providers/remote/remote-api';
import { type FalFake, startFalFake } from '../../fakes/fal';
import { fromDataUri, listen, readBody } from '../../fakes/provider-fake';
import { followStates, imageRequest, providerHttpError, useProviderFake } from '../../support/provider-client';

/** fal's RemoteApi against the local fake of its queue API: every state, error and the signed webhook. */

const signal = () => AbortSignal.timeout(30_000);
const preset = GHIBLI_REACTION_PRESETS[0]!;

let fake: FalFake;
let photo: Buffer;
let api: RemoteApi;

function settings(overrides: { key?: string } = {}) {
  return {
    key: overrides.key ?? fake.env.FAL_KEY!,
    baseUrl: fake.env.FAL_QUEUE_URL!,
    imageModel: fake.env.FAL_IMAGE_MODEL!,
    videoModel: fake.env.FAL_VIDEO_MODEL!,
    jwksUrl: fake.env.FAL_JWKS_URL!,
    concurrency: 3,
  };
}

const imageInput = (extra: Partial<RemoteImageInput> = {}) => imageRequest(photo, { mode: 'ghibli-reaction', preset, prompt: 'ignored when the preset has one', ...extra });

const follow = (ref: RemoteRef, max = 20, client = api) => followStates(client, ref, max);

async function submitted(input: RemoteImageInput | RemoteVideoInput = imageInput(), client = api): Promise<RemoteRef> {
  const answer = await client.submit(input, signal());
  return answer.ref;
}

useProviderFake(
  async () => {
    photo = await readFile(path.join(import.meta.dirname, '../../fixtures/faces/grace_hopper.jpg'));
    return (fake = await startFalFake());
  },
  () => {
    api = createFalApi(settings());
  },
);

describe('fal.ai queue client', () => {
  it('submits the preset and the photo inline to the model path, and reports the queue position', async () => {
    fake.pace(2, 1);
    const answer = await api.submit(imageInput(), signal());
    expect('state' in answer && answer.state).toEqual({ state: 'queued', position: 2 });

    const sent = fake.received.at(-1)!;
    expect(sent.model).toBe('fal-ai/flux-pro/kontext');
    expect(sent.body).toMatchObject({
      prompt: preset.prompt,
      negative_prompt: preset.negative_prompt,
      seed: 1234,
      guidance_scale: preset.guidance_scale,
      num_inference_steps: preset.num_inference_steps,
      strength: preset.strength,
      aspect_ratio: preset.aspect_ratio,
      output_format: 'png',
      safety_tolerance: String(preset.safety_tolerance),
      enable_safety_checker: true,
    });
    expect(fromDataUri(sent.body.image_url)?.equals(photo)).toBe(true);
    // Status, result and cancel drop the model's subpath.
    expect(answer.ref.data?.statusUrl).toBe(`${fake.url}/fal-ai/flux-pro/requests/${answer.ref.requestId}/status`);
  });

  it('sends the input prompt and aspect ratio when there is no preset', async () => {
    await submitted(imageInput({ preset: undefined, prompt: 'a watercolour portrait', negativePrompt: 'blurry', aspectRatio: '3:4' }));
    const sent = fake.received.at(-1)!.body;
    expect(sent).toMatchObject({ prompt: 'a watercolour portrait', negative_prompt: 'blurry', aspect_ratio: '3:4', seed: 1234 });
    expect(sent).not.toHaveProperty('strength');
  });

  it('goes queued (counting down) → running → succeeded, and the result is a real image', async () => {
    fake.pace(2, 2);
    const ref = await submitted();
    const states = await follow(ref);
    expect(states).toEqual([
      { state: 'queued', position: 1 },
      { state: 'queued', position: 0 },
      { state: 'running' },
      { state: 'running' },
      { state: 'succeeded' },
    ]);

    const outcome = await api.result(ref, signal());
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'image/png' });
    if (outcome.kind !== 'file' || !('url' in outcome)) throw new Error('expected a url');
    const image = Buffer.from(await (await fetch(outcome.url)).arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it('streams the same statuses over SSE and closes the stream after COMPLETED', async () => {
    fake.pace(2, 1);
    const ref = await submitted();
    const response = await fetch(`${ref.data!.statusUrl}/stream?logs=1`, { headers: { authorization: `Key ${fake.env.FAL_KEY}` }, signal: signal() });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice('data: '.length)) as { status: string; queue_position?: number }));
    expect(events.map((e) => e.status)).toEqual(['IN_QUEUE', 'IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);
    expect(events[0]?.queue_position).toBe(1);
    expect(await api.result(ref, signal())).toMatchObject({ kind: 'file' });
  });

  it('resumes from a stored ref in another process, with or without the URLs fal gave', async () => {
    const ref = await submitted();
    const stored: RemoteRef = JSON.parse(JSON.stringify(ref)) as RemoteRef;
    const other = createFalApi(settings());
    expect((await follow(stored, 20, other)).at(-1)).toEqual({ state: 'succeeded' });
    expect(await other.result({ requestId: ref.requestId }, signal())).toMatchObject({ kind: 'file' });
  });

  it('answers a result asked too early with a permanent error the driver can log', async () => {
    const ref = await submitted();
    const error = await providerHttpError(api.result(ref, signal()));
    expect(error.status).toBe(400);
    expect(error.detail).toMatch(/still in queue/);
  });

  it('reads a 429 as transient with its Retry-After, then submits normally', async () => {
    fake.behave('rate-limit-once');
    const error = await providerHttpError(api.submit(imageInput(), signal()));
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 1000 });
    await expect(submitted()).resolves.toMatchObject({ requestId: expect.any(String) });
  });

  it('reads a runner failure (503 + X-Fal-Error-Type) as transient', async () => {
    fake.behave('server-error-once');
    const error = await providerHttpError(api.submit(imageInput(), signal()));
    expect(error).toMatchObject({ status: 503, transient: true });
    expect(error.detail).toMatch(/runner_scheduling_failure/);
  });

  it('reads a 422 validation error as permanent, with the field and message', async () => {
    fake.behave('reject');
    const error = await providerHttpError(api.submit(imageInput(), signal()));
    expect(error).toMatchObject({ status: 422, transient: false });
    expect(error.detail).toBe('image_url: Could not process the input image: face not suitable for this model');
  });

  it('reads a wrong key as a permanent refusal', async () => {
    const error = await providerHttpError(createFalApi(settings({ key: 'wrong' })).submit(imageInput(), signal()));
    expect(error).toMatchObject({ status: 401, transient: false });
    expect(error.detail).toMatch(/No user found/);
  });

  it('reads has_nsfw_concepts as moderated, with a reason a person can read', async () => {
    fake.behave('moderate');
    const ref = await submitted();
    expect((await follow(ref)).at(-1)).toEqual({ state: 'succeeded' });
    const outcome = await api.result(ref, signal());
    expect(outcome).toEqual({ kind: 'moderated', reason: expect.stringMatching(/not safe for work/) });
  });

  it('keeps a hanging request running, cancels it, and then finds it gone', async () => {
    fake.behave('hang');
    const ref = await submitted();
    const states = await follow(ref, 8);
    expect(states.at(-1)).toEqual({ state: 'running' });
    expect(states).toHaveLength(8);

    await api.cancel(ref, signal());
    expect(fake.calls.cancel).toContain(ref.requestId);
    expect(await api.status(ref, signal())).toEqual({ state: 'expired' });
    // Cancelling again (fal: NOT_FOUND) or a finished request (ALREADY_COMPLETED) is not an error.
    await expect(api.cancel(ref, signal())).resolves.toBeUndefined();
    fake.behave('succeed');
    const done = await submitted();
    await follow(done);
    await expect(api.cancel(done, signal())).resolves.toBeUndefined();
    expect(fake.calls.cancel).not.toContain(done.requestId);
  });

  it('makes a clip with the video model: duration as fal wants it, an mp4 as the result', async () => {
    const video = createFalApi(settings(), 'video');
    expect(video.model).toBe('fal-ai/kling-video/v2.1/standard/image-to-video');
    const input: RemoteVideoInput = {
      kind: 'video',
      mode: 'story-time',
      prompt: 'a slow push-in, the person smiles',
      image: photo,
      imageType: 'image/jpeg',
      durationSeconds: 5,
      aspectRatio: '1:1',
      seed: 7,
    };
    const ref = await submitted(input, video);
    const sent = fake.received.at(-1)!;
    expect(sent.model).toBe('fal-ai/kling-video/v2.1/standard/image-to-video');
    expect(sent.body).toMatchObject({ prompt: input.prompt, duration: '5' });
    expect(fromDataUri(sent.body.image_url)?.equals(photo)).toBe(true);
    expect(ref.data?.statusUrl).toContain('/fal-ai/kling-video/requests/');

    expect((await follow(ref, 20, video)).at(-1)).toEqual({ state: 'succeeded' });
    const outcome = await video.result(ref, signal());
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'video/mp4' });
    if (outcome.kind !== 'file' || !('url' in outcome)) throw new Error('expected a url');
    const clip = Buffer.from(await (await fetch(outcome.url)).arrayBuffer());
    expect(clip.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });
});

describe('fal.ai webhooks', () => {
  it('calls back signed (as many times as set) and the body reads as the finished output', async () => {
    const deliveries: Array<{ raw: Buffer; headers: Record<string, string | string[] | undefined> }> = [];
    let delivered: () => void = () => undefined;
    const allDelivered = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const receiver = await listen(async (req, res) => {
      deliveries.push({ raw: await readBody(req), headers: req.headers });
      res.writeHead(200).end();
      if (deliveries.length === 2) delivered();
    });
    try {
      fake.webhookRepeats(2);
      const webhookUrl = `${receiver.url}/webhooks/fal?run=abc`;
      const ref = await submitted(imageInput({ webhookUrl }));
      expect(fake.received.at(-1)!.webhookUrl).toBe(webhookUrl);
      await allDelivered;
      expect(fake.calls.webhooks).toBeGreaterThanOrEqual(2);

      const keys = await createFalJwksCache(fake.env.FAL_JWKS_URL!).keys();
      for (const { raw, headers } of deliveries) {
        expect(verifyFalWebhook(raw, headers, keys)).toBe(true);
        expect(verifyFalWebhook(Buffer.concat([raw, Buffer.from(' ')]), headers, keys)).toBe(false);
        const reading = api.readWebhook!(JSON.parse(raw.toString('utf8')));
        expect(reading).toMatchObject({ requestId: ref.requestId, state: { state: 'succeeded' }, outcome: { kind: 'file', contentType: 'image/png' } });
      }
    } finally {
      await receiver.close();
    }
  });

  it('reads moderated and failed deliveries', () => {
    const readWebhook = api.readWebhook!;
    expect(readWebhook({ request_id: 'r1', status: 'OK', payload: { images: [{ url: 'http://127.0.0.1/x.jpg' }], has_nsfw_concepts: [true] }, error: null })).toMatchObject({
      requestId: 'r1',
      state: { state: 'moderated', reason: expect.stringMatching(/not safe for work/) },
    });
    expect(
      readWebhook({ request_id: 'r2', status: 'ERROR', payload: { detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }] }, error: 'Invalid status code: 422' }),
    ).toEqual({ requestId: 'r2', state: { state: 'failed', message: 'Invalid status code: 422: prompt: Field required', transient: false } });
    expect(readWebhook({ request_id: 'r3', status: 'ERROR', payload: { detail: 'Request timed out', error_type: 'request_timeout' }, error: 'Request timed out' }).state).toMatchObject({
      state: 'failed',
      transient: true,
    });
    expect(readWebhook({ request_id: 'r4', status: 'OK', payload: null, payload_error: 'Result could not be serialised', error: null }).state).toMatchObject({
      state: 'failed',
      message: 'Result could not be serialised',
    });
  });
});
