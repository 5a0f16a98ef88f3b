import { randomUUID } from 'node:crypto';
import type { Config } from '@app/shared/server/config';
import type { RemoteApi, RemoteImageInput, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, WebhookReading } from './remote/remote-api';
import { providerFetch } from './remote/provider-http';

/**
 * Black Forest Labs (FLUX.1 Kontext and friends): `POST /v1/<model>` answers `{id, polling_url}`,
 * `GET polling_url` answers `{status, result, progress, details}`. The photo goes inline as plain
 * base64. Optional webhooks are signed with the secret we send (`api/src/webhooks/bfl-signature.ts`).
 */

type BflSettings = NonNullable<Config['providers']['bfl']>;

/** The `get_result` answer (and, unverified, the webhook body). */
interface BflResult {
  id?: string;
  task_id?: string;
  status?: string;
  result?: { sample?: string } | null;
  progress?: number | null;
  details?: unknown;
}

/** BFL's Kontext endpoints take up to four images: `input_image`, `input_image_2`..`_4`. */
const MAX_IMAGES = 4;

/** BFL errors are `{detail: string}` or, for validation (422), `{detail: [{loc, msg}]}`. */
export function describeBflError(status: number, body: unknown, text: string): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item: { msg?: unknown; loc?: unknown }) => {
        const where = Array.isArray(item?.loc) ? item.loc.filter((part) => part !== 'body').join('.') : '';
        return typeof item?.msg === 'string' ? (where ? `${where}: ${item.msg}` : item.msg) : JSON.stringify(item);
      })
      .join('; ');
  }
  return text || `HTTP ${status}`;
}

/** A moderation reason a person can read, with BFL's own words when `details` has any. */
function moderationReason(status: string, details: unknown): string {
  const base = status === 'Request Moderated' ? 'the request was moderated' : 'the image was moderated';
  const why = detailText(details);
  return why ? `${base}: ${why}` : base;
}

function detailText(details: unknown): string {
  if (!details || typeof details !== 'object') return typeof details === 'string' ? details : '';
  const values = Object.entries(details as Record<string, unknown>).map(([key, value]) =>
    Array.isArray(value) ? `${key} ${value.join(', ')}` : typeof value === 'string' ? value : `${key}`,
  );
  return values.join('; ');
}

/** Every `get_result` status onto our state machine. */
export function bflState(body: BflResult): RemoteState {
  switch (body.status) {
    case 'Pending':
      return typeof body.progress === 'number' ? { state: 'running', progress: Math.min(1, Math.max(0, body.progress > 1 ? body.progress / 100 : body.progress)) } : { state: 'queued' };
    case 'Ready':
      return body.result?.sample ? { state: 'succeeded' } : { state: 'failed', message: 'BFL reported Ready without an image', transient: true };
    case 'Request Moderated':
    case 'Content Moderated':
      return { state: 'moderated', reason: moderationReason(body.status, body.details) };
    case 'Task not found':
      return { state: 'expired' };
    case 'Error':
      return { state: 'failed', message: detailText(body.details) || 'BFL could not make the image', transient: false };
    default:
      // Unknown statuses (a new BFL state) keep us polling rather than failing a paid request.
      return { state: 'running' };
  }
}

function imageBody(input: RemoteImageInput, settings: BflSettings): Record<string, unknown> {
  const preset = input.preset;
  const body: Record<string, unknown> = {
    // The run's prompt (a Colorcore draw, an enhanced prompt) wins over the preset's template.
    prompt: input.prompt || preset?.prompt || '',
    input_image: input.source.toString('base64'),
    seed: input.seed,
    aspect_ratio: preset?.aspect_ratio ?? input.aspectRatio,
    output_format: preset?.output_format === 'png' ? 'png' : 'jpeg',
    safety_tolerance: Math.min(6, Math.max(0, Math.round(preset?.safety_tolerance ?? 2))),
    prompt_upsampling: preset?.prompt_upsampling ?? false,
  };
  input.additionalSources.slice(0, MAX_IMAGES - 1).forEach((image, index) => {
    body[`input_image_${index + 2}`] = image.toString('base64');
  });
  if (input.webhookUrl && settings.webhookSecret) {
    body.webhook_url = input.webhookUrl;
    body.webhook_secret = settings.webhookSecret;
  }
  return body;
}

export function createBflApi(settings: BflSettings, kind: 'image' | 'video' = 'image'): RemoteApi {
  if (kind !== 'image') throw new Error('Black Forest Labs makes still images only');
  const http = { provider: 'bfl' as const, describe: describeBflError };
  const headers = { 'x-key': settings.key, accept: 'application/json' };

  async function getResult(ref: RemoteRef, signal: AbortSignal): Promise<BflResult> {
    const url = ref.data?.pollingUrl ?? `${settings.baseUrl}/v1/get_result?id=${encodeURIComponent(ref.requestId)}`;
    const response = await providerFetch(url, { headers }, { ...http, signal });
    return (await response.json()) as BflResult;
  }

  return {
    name: 'bfl',
    model: settings.model,
    outputHosts: settings.outputHosts,
    // BFL's own examples poll every half second.
    pollIntervalMs: 500,
    limit: { concurrent: settings.concurrency },
    supportsWebhooks: Boolean(settings.webhookSecret),

    async submit(input: RemoteInput, signal: AbortSignal) {
      if (input.kind !== 'image') throw new Error('Black Forest Labs makes still images only');
      const response = await providerFetch(
        `${settings.baseUrl}/v1/${settings.model}`,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(imageBody(input, settings)) },
        { ...http, signal },
      );
      const answer = (await response.json()) as { id?: string; polling_url?: string };
      const requestId = answer.id ?? randomUUID();
      const data: Record<string, string> = {};
      if (answer.polling_url) data.pollingUrl = answer.polling_url;
      return { ref: { requestId, data }, state: { state: 'queued' } };
    },

    async status(ref, signal) {
      return bflState(await getResult(ref, signal));
    },

    async result(ref, signal): Promise<RemoteOutcome> {
      const body = await getResult(ref, signal);
      const state = bflState(body);
      if (state.state === 'moderated') return { kind: 'moderated', reason: state.reason };
      const sample = body.result?.sample;
      if (state.state !== 'succeeded' || !sample) throw new Error(`BFL request ${ref.requestId} has no image (status ${body.status ?? 'unknown'})`);
      // The signed sample URL lives 10 minutes: the driver downloads it at once.
      return { kind: 'file', url: sample };
    },

    /** BFL has no cancel endpoint: a started request runs to its end (and is billed). */
    async cancel() {},

    readWebhook(body: unknown): WebhookReading {
      const payload = (body ?? {}) as BflResult;
      const requestId = payload.id ?? payload.task_id;
      if (!requestId) throw new Error('BFL webhook without an id');
      // Tolerant: the body is documented only as the get_result shape.
      const state = bflState(payload);
      if (state.state === 'succeeded' && payload.result?.sample) return { requestId, state, outcome: { kind: 'file', url: payload.result.sample } };
      if (state.state === 'moderated') return { requestId, state, outcome: { kind: 'moderated', reason: state.reason } };
      return { requestId, state };
    },
  };
}
