import type { Config } from '@app/shared/server/config';
import type { RemoteApi, RemoteImageInput, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, RemoteVideoInput, WebhookReading } from './remote/remote-api';
import { ProviderHttpError, dataUri, providerFetch, type ProviderFetchOptions } from './remote/provider-http';

/**
 * fal.ai's queue API (`../shared/research/providers.md` §1.1): submit to `{base}/{model}`, then
 * status, result and cancel under `{base}/{owner}/{alias}/requests/{id}` — the model's subpath
 * dropped. The submit answer gives those three URLs; they are kept in the ref so another process
 * resumes with exactly what fal said.
 */

type FalSettings = NonNullable<Config['providers']['fal']>;

/** The reason a person reads when fal's safety checker flags the output. */
const NSFW_REASON = 'the image was flagged as possibly not safe for work';

/** fal's infrastructure failures (`X-Fal-Error-Type`): worth trying again, whatever the status. */
const TRANSIENT_ERROR_TYPES = new Set(['request_timeout', 'startup_timeout', 'internal_error', 'generation_timeout']);

function isTransientErrorType(type: string | undefined | null): boolean {
  return !!type && (TRANSIENT_ERROR_TYPES.has(type) || type.startsWith('runner_'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** fal's error bodies read as a sentence: `{detail:[{loc,msg}]}` (validation) or `{detail, error_type}`. */
export function describeFalError(body: unknown, text = ''): string {
  const detail = isRecord(body) ? body.detail : undefined;
  if (Array.isArray(detail)) {
    const parts = detail.map((item) => {
      if (!isRecord(item)) return String(item);
      const loc = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body').join('.') : '';
      const msg = typeof item.msg === 'string' ? item.msg : JSON.stringify(item);
      return loc ? `${loc}: ${msg}` : msg;
    });
    if (parts.length > 0) return parts.join('; ');
  }
  if (typeof detail === 'string') {
    const type = isRecord(body) && typeof body.error_type === 'string' ? ` (${body.error_type})` : '';
    return `${detail}${type}`;
  }
  return text || 'no explanation given';
}

function fetchOptions(signal: AbortSignal): ProviderFetchOptions {
  return {
    provider: 'fal',
    signal,
    describe: (_status, body, text) => describeFalError(body, text),
    transient: (_status, headers, body) => {
      const type = headers.get('x-fal-error-type') ?? (isRecord(body) && typeof body.error_type === 'string' ? body.error_type : undefined);
      if (isTransientErrorType(type)) return true;
      // fal marks model errors worth another go (X-Fal-Retryable, formerly X-Fal-Needs-Retry).
      const retryable = (headers.get('x-fal-retryable') ?? headers.get('x-fal-needs-retry'))?.toLowerCase();
      if (retryable === 'true' || retryable === '1') return true;
      return undefined;
    },
  };
}

/** BFL's 0–6 scale as fal's "1".."6" string. */
function safetyTolerance(value: number): string {
  return String(Math.min(6, Math.max(1, Math.round(value))));
}

function imageBody(input: RemoteImageInput): Record<string, unknown> {
  const preset = input.preset;
  const negative = preset?.negative_prompt || input.negativePrompt;
  return {
    prompt: preset?.prompt || input.prompt,
    image_url: dataUri(input.source, input.sourceType),
    seed: input.seed,
    aspect_ratio: preset?.aspect_ratio ?? input.aspectRatio,
    enable_safety_checker: true,
    ...(preset
      ? {
          guidance_scale: preset.guidance_scale,
          num_inference_steps: preset.num_inference_steps,
          output_format: preset.output_format === 'png' ? 'png' : 'jpeg',
          safety_tolerance: safetyTolerance(preset.safety_tolerance),
          ...(preset.strength ? { strength: preset.strength } : {}),
        }
      : {}),
    ...(negative ? { negative_prompt: negative } : {}),
  };
}

function videoBody(input: RemoteVideoInput): Record<string, unknown> {
  return {
    prompt: input.prompt,
    image_url: dataUri(input.image, input.imageType),
    // Kling takes "5" or "10".
    duration: input.durationSeconds > 5 ? '10' : '5',
  };
}

/** A finished request's output (the result body or a webhook's payload) as an outcome. */
export function readFalOutput(payload: unknown): RemoteOutcome {
  if (!isRecord(payload)) throw new ProviderHttpError('fal', 200, 'the result is not a JSON object', false);
  const video = payload.video;
  if (isRecord(video) && typeof video.url === 'string') {
    return { kind: 'file', url: video.url, ...(typeof video.content_type === 'string' ? { contentType: video.content_type } : {}) };
  }
  const images = Array.isArray(payload.images) ? payload.images : [];
  const first: unknown = images[0];
  const nsfw = Array.isArray(payload.has_nsfw_concepts) ? payload.has_nsfw_concepts : [];
  if (nsfw[0] === true) return { kind: 'moderated', reason: NSFW_REASON };
  if (isRecord(first) && typeof first.url === 'string') {
    return { kind: 'file', url: first.url, ...(typeof first.content_type === 'string' ? { contentType: first.content_type } : {}) };
  }
  throw new ProviderHttpError('fal', 200, `the result holds no image or video: ${JSON.stringify(payload).slice(0, 200)}`, false);
}

/** A status body onto the state machine. */
export function readFalStatus(body: unknown): RemoteState {
  const status = isRecord(body) ? body.status : undefined;
  switch (status) {
    case 'IN_QUEUE': {
      const position = isRecord(body) ? body.queue_position : undefined;
      return typeof position === 'number' ? { state: 'queued', position } : { state: 'queued' };
    }
    case 'IN_PROGRESS':
      return { state: 'running' };
    case 'COMPLETED': {
      // Newer status answers carry the failure of a completed request; the result call would answer it too.
      const error = isRecord(body) ? body.error : undefined;
      if (typeof error === 'string' && error) {
        const type = isRecord(body) && typeof body.error_type === 'string' ? body.error_type : undefined;
        if (/cancel/i.test(error) || type === 'request_cancelled') return { state: 'canceled' };
        return { state: 'failed', message: error, transient: isTransientErrorType(type) };
      }
      return { state: 'succeeded' };
    }
    default:
      throw new ProviderHttpError('fal', 200, `unknown status ${JSON.stringify(status)}`, false);
  }
}

/** A webhook body (`{request_id, status: OK|ERROR, payload, error, payload_error?}`) onto the state machine. */
export function readFalWebhook(body: unknown): WebhookReading {
  if (!isRecord(body) || typeof body.request_id !== 'string') throw new Error('fal webhook without a request_id');
  const requestId = body.request_id;
  if (body.status === 'OK' && body.payload != null) {
    const outcome = readFalOutput(body.payload);
    return outcome.kind === 'moderated' ? { requestId, state: { state: 'moderated', reason: outcome.reason }, outcome } : { requestId, state: { state: 'succeeded' }, outcome };
  }
  const error = typeof body.error === 'string' ? body.error : '';
  const detail = body.payload != null ? describeFalError(body.payload) : typeof body.payload_error === 'string' ? body.payload_error : '';
  const message = [error, detail].filter(Boolean).join(': ') || 'the request failed';
  return { requestId, state: { state: 'failed', message, transient: /time(d)?\s*out|timeout/i.test(message) } };
}

export function createFalApi(settings: FalSettings, kind: 'image' | 'video' = 'image'): RemoteApi {
  const model = kind === 'video' ? settings.videoModel : settings.imageModel;
  if (!model) throw new Error('fal.ai video needs FAL_VIDEO_MODEL (e.g. fal-ai/kling-video/v2.1/standard/image-to-video)');
  const base = settings.baseUrl;
  const origin = new URL(base).origin;
  // Status, result and cancel live under owner/alias only.
  const app = model.split('/').slice(0, 2).join('/');
  const headers = { authorization: `Key ${settings.key}`, accept: 'application/json' };

  /** The URL fal gave at submit (same host only: our key goes with it), else the documented one. */
  function urlOf(ref: RemoteRef, key: 'statusUrl' | 'responseUrl' | 'cancelUrl'): string {
    const given = ref.data?.[key];
    if (given && URL.canParse(given) && new URL(given).origin === origin) return given;
    const request = `${base}/${app}/requests/${encodeURIComponent(ref.requestId)}`;
    return key === 'statusUrl' ? `${request}/status` : key === 'cancelUrl' ? `${request}/cancel` : request;
  }

  return {
    name: 'fal',
    model,
    outputHosts: settings.outputHosts,
    pollIntervalMs: 500,
    limit: { concurrent: settings.concurrency },
    supportsWebhooks: true,

    async submit(input: RemoteInput, signal) {
      const body = input.kind === 'video' ? videoBody(input) : imageBody(input);
      const url = `${base}/${model}${input.webhookUrl ? `?fal_webhook=${encodeURIComponent(input.webhookUrl)}` : ''}`;
      const response = await providerFetch(
        url,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        fetchOptions(signal),
      );
      const answer: unknown = await response.json();
      if (!isRecord(answer) || typeof answer.request_id !== 'string') {
        throw new ProviderHttpError('fal', response.status, `submit answered without a request_id: ${JSON.stringify(answer).slice(0, 200)}`, false);
      }
      const data: Record<string, string> = {};
      for (const [from, to] of [['status_url', 'statusUrl'], ['response_url', 'responseUrl'], ['cancel_url', 'cancelUrl']] as const) {
        const value = answer[from];
        if (typeof value === 'string') data[to] = value;
      }
      const ref: RemoteRef = { requestId: answer.request_id, data };
      return { ref, state: answer.status === undefined ? { state: 'queued' } : readFalStatus(answer) };
    },

    async status(ref, signal) {
      try {
        const response = await providerFetch(urlOf(ref, 'statusUrl'), { headers }, fetchOptions(signal));
        return readFalStatus(await response.json());
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 404) return { state: 'expired' };
        throw error;
      }
    },

    async result(ref, signal) {
      const response = await providerFetch(urlOf(ref, 'responseUrl'), { headers }, fetchOptions(signal));
      return readFalOutput(await response.json());
    },

    async cancel(ref, signal) {
      try {
        await providerFetch(urlOf(ref, 'cancelUrl'), { method: 'PUT', headers }, fetchOptions(signal));
      } catch (error) {
        // 400 ALREADY_COMPLETED / 404 NOT_FOUND: nothing left to stop.
        if (error instanceof ProviderHttpError && (error.status === 400 || error.status === 404 || error.status === 409)) return;
        throw error;
      }
    },

    readWebhook: readFalWebhook,
  };
}
