import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createComfyuiApi, DEFAULT_CHECKPOINT, historyState } from '../../../worker/src/providers/comfyui';
import { PermanentProviderError } from '../../../worker/src/providers/remote/provider-http';
import type { RemoteApi, RemoteImageInput, RemoteRef } from '../../../worker/src/providers/remote/remote-api';
import { type ComfyuiFake, startComfyuiFake } from '../../fakes/comfyui';
import { fixture } from '../../support/uploads';
import { imageRequest, providerHttpError, testPreset, useProviderFake } from '../../support/provider-client';

const photo = fixture('astronaut.png');
const signal = new AbortController().signal;

const preset = testPreset({ id: 'soft-film', label: 'Soft film', prompt: 'a soft film portrait, golden hour', negative_prompt: 'blurry, extra fingers', strength: 0.55, model: 'sdxl', guidance_scale: 5.5, num_inference_steps: 22, aspect_ratio: '1:1' });

const imageInput = (extra: Partial<RemoteImageInput> = {}) => imageRequest(photo, { mode: 'presets', preset, prompt: 'unused with a preset', seed: 987654, ...extra });

type Node = { class_type?: unknown; inputs?: Record<string, unknown> };
function nodeOf(workflow: Record<string, Node>, classType: string): Node {
  const node = Object.values(workflow).find((n) => n.class_type === classType);
  if (!node) throw new Error(`no ${classType} node`);
  return node;
}

describe('ComfyUI client against the fake', () => {
  let fake: ComfyuiFake;
  let api: RemoteApi;

  useProviderFake(async () => {
    fake = await startComfyuiFake();
    api = createComfyuiApi({ baseUrl: fake.env.COMFYUI_URL!, workflowsDir: fake.env.COMFYUI_WORKFLOWS_DIR!, concurrency: 2 });
    return fake;
  });

  it('declares polling, the concurrency cap and no webhooks', () => {
    expect(api).toMatchObject({ name: 'comfyui', pollIntervalMs: 1000, limit: { concurrent: 2 }, supportsWebhooks: false });
    expect(api.readWebhook).toBeUndefined();
  });

  it('uploads the photo, queues the default workflow with every placeholder filled, and follows it to the image', async () => {
    fake.pace(2, 1);
    const first = await api.submit(imageInput(), signal);
    const second = await api.submit(imageInput(), signal);
    expect('state' in first && first.state).toEqual({ state: 'queued' });

    // The photo went as a file, at most 1024 px, still the same picture.
    const sent = fake.prompts.at(-1)!;
    const imageName = nodeOf(sent, 'LoadImage').inputs?.image as string;
    expect(second.ref.data?.image).toBe(imageName);
    const uploaded = await sharp(fake.uploads.get(imageName)!).metadata();
    expect(uploaded.format).toBe('jpeg');
    expect(Math.max(uploaded.width ?? 0, uploaded.height ?? 0)).toBeLessThanOrEqual(1024);

    expect(nodeOf(sent, 'KSampler').inputs).toMatchObject({ seed: 987654, denoise: 0.55, steps: 22, cfg: 5.5 });
    expect(nodeOf(sent, 'CheckpointLoaderSimple').inputs?.ckpt_name).toBe(DEFAULT_CHECKPOINT);
    const texts = Object.values(sent).filter((n) => n.class_type === 'CLIPTextEncode').map((n) => n.inputs?.text);
    expect(texts).toEqual(expect.arrayContaining([preset.prompt, preset.negative_prompt]));
    expect(JSON.stringify(sent)).not.toMatch(/\{\{/);

    // Two waiting: the later one is behind the first.
    expect(await api.status(second.ref, signal)).toEqual({ state: 'queued', position: 1 });
    expect(await api.status(first.ref, signal)).toEqual({ state: 'queued', position: 0 });
    expect(await api.status(first.ref, signal)).toEqual({ state: 'queued', position: 0 });
    expect(await api.status(first.ref, signal)).toEqual({ state: 'running' });
    expect(await api.status(first.ref, signal)).toEqual({ state: 'succeeded' });

    const outcome = await api.result(first.ref, signal);
    expect(outcome).toMatchObject({ kind: 'file', contentType: 'image/png' });
    if (outcome.kind !== 'file' || !('data' in outcome)) throw new Error('expected bytes');
    const meta = await sharp(outcome.data).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
    expect(fake.calls.result).toBe(1);
  });

  it('uses the input prompt and defaults without a preset', async () => {
    await api.submit(imageInput({ preset: undefined, prompt: 'turn it into a comic panel', negativePrompt: 'text' }), signal);
    const sent = fake.prompts.at(-1)!;
    const texts = Object.values(sent).filter((n) => n.class_type === 'CLIPTextEncode').map((n) => n.inputs?.text);
    expect(texts).toEqual(['turn it into a comic panel', 'text']);
    expect(nodeOf(sent, 'KSampler').inputs).toMatchObject({ denoise: 0.6, steps: 25, cfg: 6.5 });
  });

  it('picks the mode’s own workflow, else default.json', async () => {
    await api.submit(imageInput({ mode: 'ghibli-reaction' }), signal);
    const ghibli = fake.prompts.at(-1)!;
    expect(nodeOf(ghibli, 'SaveImage').inputs?.filename_prefix).toBe('generated-ghibli');
    expect(Object.values(ghibli).some((n) => n.class_type === 'ConditioningCombine')).toBe(true);

    await api.submit(imageInput({ mode: 'cyber-siren' }), signal);
    expect(nodeOf(fake.prompts.at(-1)!, 'SaveImage').inputs?.filename_prefix).toBe('generated');
  });

  it('answers a 503 as transient', async () => {
    fake.behave('server-error-once');
    const error = await providerHttpError(api.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 503, transient: true });
    expect((await api.submit(imageInput(), signal)).ref.requestId).toBeTruthy();
  });

  it('answers an invalid prompt as permanent with the server’s message', async () => {
    fake.behave('reject');
    const error = await providerHttpError(api.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 400, transient: false });
    expect(error.detail).toContain('Cannot execute because node FancyUpscaler does not exist');
  });

  it('reads node errors of a workflow the server refuses (a placeholder we do not fill)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'comfy-workflows-'));
    const workflow = JSON.parse(readFileSync(path.join(fake.env.COMFYUI_WORKFLOWS_DIR!, 'default.json'), 'utf8')) as Record<string, Node>;
    nodeOf(workflow, 'KSampler').inputs!.sampler_name = '{{sampler}}';
    writeFileSync(path.join(dir, 'default.json'), JSON.stringify(workflow));
    const custom = createComfyuiApi({ baseUrl: fake.url, workflowsDir: dir, concurrency: 1 });
    const error = await providerHttpError(custom.submit(imageInput(), signal));
    expect(error).toMatchObject({ status: 400, transient: false });
    expect(error.detail).toMatch(/Prompt outputs failed validation; node 3 KSampler: .*sampler_name/);
  });

  it('refuses to start without any workflow, permanently', async () => {
    const empty = createComfyuiApi({ baseUrl: fake.url, workflowsDir: mkdtempSync(path.join(os.tmpdir(), 'comfy-none-')), concurrency: 1 });
    await expect(empty.submit(imageInput(), signal)).rejects.toBeInstanceOf(PermanentProviderError);
  });

  it('has no moderation: a “moderate” job simply succeeds', async () => {
    fake.behave('moderate');
    fake.pace(0, 0);
    const { ref } = await api.submit(imageInput(), signal);
    expect(await api.status(ref, signal)).toEqual({ state: 'succeeded' });
    expect((await api.result(ref, signal)).kind).toBe('file');
  });

  it('interrupts a hanging running prompt on cancel', async () => {
    fake.behave('hang');
    fake.pace(0, 1);
    const { ref } = await api.submit(imageInput(), signal);
    for (let i = 0; i < 4; i++) expect(await api.status(ref, signal)).toEqual({ state: 'running' });
    await api.cancel(ref, signal);
    expect(fake.calls.cancel).toContain(ref.requestId);
    expect(await api.status(ref, signal)).toEqual({ state: 'canceled' });
    await api.cancel(ref, signal); // already over: nothing to do, no error
  });

  it('deletes a still-pending prompt from the queue on cancel', async () => {
    fake.pace(5, 1);
    const { ref } = await api.submit(imageInput(), signal);
    expect((await api.status(ref, signal)).state).toBe('queued');
    await api.cancel(ref, signal);
    expect(fake.calls.cancel).toContain(ref.requestId);
    // Deleted prompts leave no trace: the server no longer knows it.
    expect(await api.status(ref, signal)).toEqual({ state: 'expired' });
  });

  it('reads an unknown prompt id as expired', async () => {
    const ref: RemoteRef = { requestId: '00000000-0000-0000-0000-000000000000' };
    expect(await api.status(ref, signal)).toEqual({ state: 'expired' });
  });
});

describe('ComfyUI history entries', () => {
  const timestamp = 1;
  it('reads an execution error as failed with the node and the exception, transient only for memory', () => {
    const entry = (message: string) => ({
      outputs: {},
      status: {
        status_str: 'error',
        completed: false,
        messages: [['execution_start', { timestamp }], ['execution_error', { node_type: 'KSampler', exception_message: message, exception_type: 'RuntimeError' }]] as [string, Record<string, unknown>][],
      },
    });
    expect(historyState(entry('Expected all tensors to be on the same device'))).toEqual({ state: 'failed', message: 'KSampler: Expected all tensors to be on the same device', transient: false });
    expect(historyState(entry('CUDA out of memory. Tried to allocate 2.00 GiB'))).toMatchObject({ state: 'failed', transient: true });
  });

  it('reads a success entry as succeeded', () => {
    expect(historyState({ outputs: {}, status: { status_str: 'success', completed: true, messages: [] } })).toEqual({ state: 'succeeded' });
  });
});
