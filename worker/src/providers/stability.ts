import { randomUUID } from 'node:crypto';
import type { AspectRatio } from '@app/shared';
import type { Config } from '@app/shared/server/config';
import type { RemoteApi, RemoteImageInput, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, SubmitResult } from './remote/remote-api';
import { ProviderHttpError, providerFetch } from './remote/provider-http';

/**
 * Stability AI v2beta (`../shared/research/providers.md` §1.3): multipart image-in, image-out.
 * Ultra, structure and style answer the image in the same response (bytes, with `finish-reason`
 * and `seed` headers); creative upscale is asynchronous (`{id}`, then `GET /v2beta/results/{id}`
 * answers 202 while in progress and 200 with the image). Stability has no webhooks and no cancel.
 */

type StabilitySettings = NonNullable<Config['providers']['stability']>;

interface Endpoint {
  path: string;
  async: boolean;
  /** Fields beyond image, prompt, negative_prompt, seed and output_format. */
  fields: (input: RemoteImageInput) => Record<string, string>;
}

/** Stability's ratios: ours minus 3:4 and 4:3, which go to the nearest it has. */
const STABILITY_RATIOS: Record<AspectRatio, string> = { '1:1': '1:1', '4:5': '4:5', '3:4': '4:5', '2:3': '2:3', '9:16': '9:16', '16:9': '16:9', '4:3': '5:4' };

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));
const ratioOf = (input: RemoteImageInput): string => STABILITY_RATIOS[input.preset?.aspect_ratio ?? input.aspectRatio];

const ENDPOINTS: Record<string, Endpoint> = {
  // Ultra needs `strength` whenever an image is given: 0 keeps the photo, 1 ignores it.
  ultra: {
    path: '/v2beta/stable-image/generate/ultra',
    async: false,
    fields: (input) => ({ aspect_ratio: ratioOf(input), strength: String(clamp01(input.preset?.strength ?? 0.5)) }),
  },
  structure: {
    path: '/v2beta/stable-image/control/structure',
    async: false,
    fields: (input) => ({ control_strength: String(clamp01(input.preset?.strength ?? 0.7)) }),
  },
  // Style keeps Stability's default fidelity (0.5): our presets have no matching field.
  style: { path: '/v2beta/stable-image/control/style', async: false, fields: (input) => ({ aspect_ratio: ratioOf(input) }) },
  'creative-upscale': { path: '/v2beta/stable-image/upscale/creative', async: true, fields: () => ({}) },
};

/** The reason a person reads for Stability's soft moderation. */
export const CONTENT_FILTERED_REASON = "the image was blurred by Stability's content filter";
const REFUSED_REASON = "the request was refused by Stability's content moderation";

/** Stability errors are `{id, name, errors:[string]}`. */
export function describeStabilityError(status: number, body: unknown, text: string): string {
  const { name, errors } = (body ?? {}) as { name?: unknown; errors?: unknown };
  const list = Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
  if (typeof name === 'string') return list.length > 0 ? `${name}: ${list.join('; ')}` : name;
  return text || `HTTP ${status}`;
}

/** A 403 `content_moderation` is Stability refusing the content, not our access: moderation. */
function isContentModeration(error: unknown): error is ProviderHttpError {
  return error instanceof ProviderHttpError && error.status === 403 && error.detail.startsWith('content_moderation');
}

function outputFormat(input: RemoteImageInput): 'jpeg' | 'png' | 'webp' {
  return input.preset?.output_format ?? 'jpeg';
}

function form(input: RemoteImageInput, endpoint: Endpoint): FormData {
  const body = new FormData();
  const extension = input.sourceType.split('/')[1] ?? 'jpeg';
  body.append('image', new Blob([new Uint8Array(input.source)], { type: input.sourceType }), `source.${extension}`);
  // The run's prompt (a Colorcore draw, an enhanced prompt) wins over the preset's template.
  body.append('prompt', input.prompt || input.preset?.prompt || '');
  const negative = input.preset?.negative_prompt || input.negativePrompt;
  if (negative) body.append('negative_prompt', negative);
  // Stability's seeds run 0–4294967294.
  body.append('seed', String(Math.abs(Math.trunc(input.seed)) % 4294967295));
  body.append('output_format', outputFormat(input));
  for (const [name, value] of Object.entries(endpoint.fields(input))) body.append(name, value);
  return body;
}

export function createStabilityApi(settings: StabilitySettings, kind: 'image' | 'video' = 'image'): RemoteApi {
  if (kind !== 'image') throw new Error('Stability AI makes still images only');
  const endpoint = ENDPOINTS[settings.model];
  if (!endpoint) throw new Error(`Unknown Stability model "${settings.model}" (one of ${Object.keys(ENDPOINTS).join(', ')})`);
  const auth = { authorization: `Bearer ${settings.key}` };
  const http = { provider: 'stability' as const, describe: describeStabilityError };

  /** GET /v2beta/results/{id} as JSON (`{image, finish_reason, seed}` on 200). */
  async function poll(ref: RemoteRef, signal: AbortSignal): Promise<{ status: number; body: { image?: string; finish_reason?: string }; imageType?: string }> {
    const response = await providerFetch(
      `${settings.baseUrl}/v2beta/results/${encodeURIComponent(ref.requestId)}`,
      { headers: { ...auth, accept: 'application/json' } },
      { ...http, signal },
    );
    // `content-type: application/json; type=image/png` names the image's format.
    const imageType = /type=(image\/[a-z]+)/.exec(response.headers.get('content-type') ?? '')?.[1];
    return { status: response.status, body: (await response.json()) as { image?: string; finish_reason?: string }, ...(imageType ? { imageType } : {}) };
  }

  return {
    name: 'stability',
    model: settings.model,
    // Stability asks for polls 10 s apart on async results; the synchronous endpoints never poll.
    pollIntervalMs: 10_000,
    limit: { rate: { max: settings.requestsPer10s, windowMs: 10_000, calls: 'all' } },
    supportsWebhooks: false,

    async submit(input: RemoteInput, signal: AbortSignal): Promise<SubmitResult> {
      if (input.kind !== 'image') throw new Error('Stability AI makes still images only');
      let response: Response;
      try {
        response = await providerFetch(
          `${settings.baseUrl}${endpoint.path}`,
          { method: 'POST', headers: { ...auth, accept: endpoint.async ? 'application/json' : 'image/*' }, body: form(input, endpoint) },
          { ...http, signal },
        );
      } catch (error) {
        if (isContentModeration(error)) return { ref: { requestId: randomUUID() }, outcome: { kind: 'moderated', reason: REFUSED_REASON } };
        throw error;
      }
      if (endpoint.async) {
        const { id } = (await response.json()) as { id?: string };
        if (!id) throw new ProviderHttpError('stability', response.status, 'an async submit answered without an id', true);
        return { ref: { requestId: id }, state: { state: 'queued' } };
      }
      const ref = { requestId: response.headers.get('x-request-id') ?? randomUUID() };
      if (response.headers.get('finish-reason') === 'CONTENT_FILTERED') {
        await response.body?.cancel();
        return { ref, outcome: { kind: 'moderated', reason: CONTENT_FILTERED_REASON } };
      }
      const data = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type')?.split(';')[0] ?? `image/${outputFormat(input)}`;
      return { ref, outcome: { kind: 'file', data, contentType } };
    },

    async status(ref, signal): Promise<RemoteState> {
      try {
        const { status, body } = await poll(ref, signal);
        if (status === 202) return { state: 'running' };
        return body.finish_reason === 'CONTENT_FILTERED' ? { state: 'moderated', reason: CONTENT_FILTERED_REASON } : { state: 'succeeded' };
      } catch (error) {
        // Results are kept 24 hours, then 404 generation_not_found.
        if (error instanceof ProviderHttpError && error.status === 404) return { state: 'expired' };
        if (isContentModeration(error)) return { state: 'moderated', reason: REFUSED_REASON };
        throw error;
      }
    },

    async result(ref, signal): Promise<RemoteOutcome> {
      let answer: Awaited<ReturnType<typeof poll>>;
      try {
        answer = await poll(ref, signal);
      } catch (error) {
        if (isContentModeration(error)) return { kind: 'moderated', reason: REFUSED_REASON };
        throw error;
      }
      const { status, body, imageType } = answer;
      if (body.finish_reason === 'CONTENT_FILTERED') return { kind: 'moderated', reason: CONTENT_FILTERED_REASON };
      if (status !== 200 || !body.image) throw new ProviderHttpError('stability', status, `result ${ref.requestId} is not ready`, true);
      const data = Buffer.from(body.image, 'base64');
      return { kind: 'file', data, contentType: imageType ?? sniffType(data) };
    },

    /** Stability has no cancel call: a request runs to its end. */
    async cancel() {},
  };
}

/** The format from the bytes, when the answer did not name it. */
function sniffType(data: Buffer): string {
  if (data[0] === 0x89 && data[1] === 0x50) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return 'application/octet-stream';
}
