import type { PresetDefinition } from '@app/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ProviderHttpError } from '../../worker/src/providers/remote/provider-http';
import type { RemoteApi, RemoteImageInput, RemoteRef, RemoteState } from '../../worker/src/providers/remote/remote-api';
import type { ProviderFake } from '../fakes/provider-fake';

/**
 * What the provider client tests (`tests/integration/providers/*-api.test.ts`) share: a fake
 * started once per file and put back to its defaults before each test, the preset and the
 * image input they submit, following a request's states, and the error a refused call throws.
 */

/**
 * Starts the fake before the file's tests (`start` keeps it where the tests read it), closes it
 * after them, and before each test puts back what tests change: plain success, one poll queued
 * and one running, one webhook delivery, and whatever `reset` adds for this provider.
 */
export function useProviderFake(start: () => Promise<ProviderFake>, reset?: () => void): void {
  let fake: ProviderFake | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake?.behave('succeed');
    fake?.pace(1, 1);
    fake?.webhookRepeats(1);
    reset?.();
  });
}

/** An image-to-image preset of the catalogue's shape; each test file names its own prompt and model. */
export function testPreset(preset: Pick<PresetDefinition, 'id' | 'label' | 'prompt' | 'model'> & Partial<PresetDefinition>): PresetDefinition {
  return {
    negative_prompt: 'blurry',
    strength: 0.65,
    mode: 'i2i',
    input: 'image',
    requiresSource: true,
    source: 'presets',
    guidance_scale: 3.5,
    num_inference_steps: 28,
    features: ['film'],
    prompt_upsampling: false,
    safety_tolerance: 2,
    output_format: 'png',
    raw: false,
    aspect_ratio: '4:5',
    ...preset,
  };
}

/** A one-photo image request as the driver hands it to a client (square, a fixed seed). */
export function imageRequest(source: Buffer, fields: Partial<RemoteImageInput> & Pick<RemoteImageInput, 'mode' | 'prompt'>): RemoteImageInput {
  return {
    kind: 'image',
    source,
    sourceType: 'image/jpeg',
    additionalSources: [],
    aspectRatio: '1:1',
    seed: 1234,
    ...fields,
  } as RemoteImageInput;
}

/** Polls as the driver would, recording each state, until the request leaves queued/running (or `max` polls). */
export async function followStates(api: RemoteApi, ref: RemoteRef, max = 10): Promise<RemoteState[]> {
  const states: RemoteState[] = [];
  for (let i = 0; i < max; i++) {
    const state = await api.status(ref, AbortSignal.timeout(30_000));
    states.push(state);
    if (state.state !== 'queued' && state.state !== 'running') break;
  }
  return states;
}

/** The ProviderHttpError a call must fail with (the test then checks its status and words). */
export async function providerHttpError(promise: Promise<unknown>): Promise<ProviderHttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderHttpError);
  return error as ProviderHttpError;
}
