import type { Config } from '@app/shared/server/config';
import { dataUri, ProviderHttpError, providerFetch } from './remote/provider-http';
import type { RemoteApi, RemoteImageInput, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, RemoteVideoInput, SubmitResult, WebhookReading } from './remote/remote-api';

/**
 * Replicate predictions (`../shared/research/providers.md` §1.4). `owner/name` models go through
 * the model route, `owner/name:version` through `/v1/predictions`. The create call asks
 * `Prefer: wait=5`, so a quick model answers with its output at once; otherwise the driver
 * follows `urls.get`.
 */

type Settings = NonNullable<Config['providers']['replicate']>;

/** The prediction object, as the create, get, cancel and webhook bodies carry it. */
interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  logs?: string | null;
  urls?: { get?: string; cancel?: string };
}

const PROVIDER = 'replicate';
/** Seconds the create call may hold the connection for a finished prediction (1–60). */
const PREFER_WAIT_SECONDS = 5;
/** flux-kontext allows at most 2 when an input image is given. */
const MAX_SAFETY_TOLERANCE_WITH_IMAGE = 2;

/** RFC 7807 problem bodies (`{type,title,status,detail}`) into one line. */
function describe(_status: number, body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const { title, detail } = body as { title?: unknown; detail?: unknown };
    const parts = [title, detail].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    if (parts.length) return parts.join(': ');
  }
  return text || 'no details';
}

/**
 * Progress from tqdm lines in the logs (`76%|███▋ | 7568/10000 [...]`), the last one winning,
 * as the official client's `parseProgressFromLogs` reads them.
 */
export function progressFromLogs(logs: unknown): number | undefined {
  if (typeof logs !== 'string') return undefined;
  const lines = logs.split(/[\r\n]+/).reverse();
  for (const line of lines) {
    const match = /^\s*(\d+)%\s*\|.+?\|\s*(\d+)\/(\d+)/.exec(line);
    if (!match) continue;
    const current = Number(match[2]);
    const total = Number(match[3]);
    if (total > 0) return Math.min(1, current / total);
    return Math.min(1, Number(match[1]) / 100);
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error.trim();
  if (error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string') return error.detail;
  return 'the prediction failed without a message';
}

/** Replicate's flux models fail with "NSFW content detected" or "...flagged as sensitive (E005)". */
function moderationReason(message: string): string | undefined {
  if (/nsfw/i.test(message)) return 'the result was flagged as not safe for work';
  if (/flagged as sensitive/i.test(message)) return 'the photo or prompt was flagged as sensitive';
  return undefined;
}

/** One state for every prediction status. */
export function predictionState(prediction: Prediction): RemoteState {
  switch (prediction.status) {
    case 'starting':
      return { state: 'queued' };
    case 'processing': {
      const progress = progressFromLogs(prediction.logs);
      return progress === undefined ? { state: 'running' } : { state: 'running', progress };
    }
    case 'succeeded':
      return { state: 'succeeded' };
    case 'canceled':
    case 'aborted':
      return { state: 'canceled' };
    case 'failed': {
      const message = errorText(prediction.error);
      const reason = moderationReason(message);
      if (reason) return { state: 'moderated', reason };
      // Only capacity trouble is worth a second try; a model error repeats.
      return { state: 'failed', message, transient: /time(d)?[ -]?out|out of memory|cuda/i.test(message) };
    }
    default:
      return { state: 'failed', message: `unknown prediction status "${String(prediction.status)}"`, transient: false };
  }
}

function firstOutputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? (output as unknown[])[0] : output;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

function contentTypeOf(url: string, fallback: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const known: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', mp4: 'video/mp4' };
  return (ext && known[ext]) ?? fallback;
}

function isPrediction(body: unknown): body is Prediction {
  return !!body && typeof body === 'object' && typeof (body as Prediction).id === 'string' && typeof (body as Prediction).status === 'string';
}

/** flux-kontext takes jpg or png. */
function outputFormat(format: string | undefined): 'jpg' | 'png' {
  return format === 'png' ? 'png' : 'jpg';
}

function imageInput(input: RemoteImageInput): Record<string, unknown> {
  const preset = input.preset;
  return {
    prompt: preset?.prompt || input.prompt,
    input_image: dataUri(input.source, input.sourceType),
    seed: input.seed,
    aspect_ratio: preset?.aspect_ratio ?? input.aspectRatio,
    output_format: outputFormat(preset?.output_format),
    safety_tolerance: Math.min(preset?.safety_tolerance ?? MAX_SAFETY_TOLERANCE_WITH_IMAGE, MAX_SAFETY_TOLERANCE_WITH_IMAGE),
    ...(preset ? { prompt_upsampling: preset.prompt_upsampling } : {}),
  };
}

function videoInput(input: RemoteVideoInput): Record<string, unknown> {
  // Replicate's image-to-video models take 5 or 10 second clips.
  return { prompt: input.prompt, image: dataUri(input.image, input.imageType), duration: input.durationSeconds > 7.5 ? 10 : 5 };
}

export function createReplicateApi(settings: Settings, kind: 'image' | 'video' = 'image'): RemoteApi {
  const model = kind === 'video' ? settings.videoModel : settings.model;
  if (!model) throw new Error('Replicate video needs REPLICATE_VIDEO_MODEL (owner/name or owner/name:version)');
  const base = settings.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const [ownerName = '', version] = model.split(':');
  const headers = { authorization: `Bearer ${settings.key}` };
  const outputFallbackType = kind === 'video' ? 'video/mp4' : 'image/jpeg';

  /** A URL the API gave, used only on its own host (it gets our token). */
  function apiUrl(given: string | undefined, fallback: string): string {
    if (given) {
      try {
        if (new URL(given).origin === origin) return given;
      } catch {
        // not a URL: use ours
      }
    }
    return fallback;
  }

  function refOf(prediction: Prediction): RemoteRef {
    const data: Record<string, string> = {};
    if (prediction.urls?.get) data.get = prediction.urls.get;
    if (prediction.urls?.cancel) data.cancel = prediction.urls.cancel;
    return { requestId: prediction.id, data };
  }

  function outcomeOf(prediction: Prediction): RemoteOutcome {
    const state = predictionState(prediction);
    if (state.state === 'moderated') return { kind: 'moderated', reason: state.reason };
    const url = firstOutputUrl(prediction.output);
    if (state.state !== 'succeeded' || !url) {
      const why = state.state === 'succeeded' ? 'it succeeded without an output URL' : `it is ${state.state}`;
      throw new ProviderHttpError(PROVIDER, 200, `prediction ${prediction.id} has no output: ${why}`, false);
    }
    return { kind: 'file', url, contentType: contentTypeOf(url, outputFallbackType) };
  }

  async function readPrediction(response: Response): Promise<Prediction> {
    const body: unknown = await response.json();
    if (!isPrediction(body)) throw new ProviderHttpError(PROVIDER, response.status, 'the answer is not a prediction object', true);
    return body;
  }

  async function getPrediction(ref: RemoteRef, signal: AbortSignal): Promise<Prediction> {
    const url = apiUrl(ref.data?.get, `${base}/v1/predictions/${encodeURIComponent(ref.requestId)}`);
    return readPrediction(await providerFetch(url, { headers }, { provider: PROVIDER, signal, describe }));
  }

  return {
    name: PROVIDER,
    model,
    pollIntervalMs: 1000,
    limit: { rate: { max: settings.createsPerMinute, windowMs: 60_000, calls: 'submit' } },
    supportsWebhooks: settings.webhookSecret !== undefined,
    outputHosts: settings.outputHosts,

    async submit(input: RemoteInput, signal: AbortSignal): Promise<SubmitResult> {
      const body: Record<string, unknown> = { input: input.kind === 'video' ? videoInput(input) : imageInput(input) };
      if (version) body.version = version;
      if (input.webhookUrl && settings.webhookSecret) {
        body.webhook = input.webhookUrl;
        body.webhook_events_filter = ['completed'];
      }
      const url = version ? `${base}/v1/predictions` : `${base}/v1/models/${ownerName}/predictions`;
      const response = await providerFetch(
        url,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json', prefer: `wait=${PREFER_WAIT_SECONDS}` }, body: JSON.stringify(body) },
        { provider: PROVIDER, signal, describe },
      );
      const prediction = await readPrediction(response);
      const ref = refOf(prediction);
      if (!ref.data?.get) {
        const location = response.headers.get('location');
        if (location) ref.data = { ...ref.data, get: new URL(location, base).toString() };
      }
      const state = predictionState(prediction);
      // Finished within the wait: the output is here already.
      if (state.state === 'succeeded') return { ref, outcome: outcomeOf(prediction) };
      return { ref, state };
    },

    async status(ref: RemoteRef, signal: AbortSignal): Promise<RemoteState> {
      try {
        return predictionState(await getPrediction(ref, signal));
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 404) return { state: 'expired' };
        throw error;
      }
    },

    async result(ref: RemoteRef, signal: AbortSignal): Promise<RemoteOutcome> {
      return outcomeOf(await getPrediction(ref, signal));
    },

    async cancel(ref: RemoteRef, signal: AbortSignal): Promise<void> {
      const url = apiUrl(ref.data?.cancel, `${base}/v1/predictions/${encodeURIComponent(ref.requestId)}/cancel`);
      try {
        await providerFetch(url, { method: 'POST', headers }, { provider: PROVIDER, signal, describe });
      } catch (error) {
        // Gone or already finished: nothing left to stop.
        if (error instanceof ProviderHttpError && !error.transient && error.status !== 401 && error.status !== 403) return;
        throw error;
      }
    },

    readWebhook(body: unknown): WebhookReading {
      if (!isPrediction(body)) throw new Error('a Replicate webhook body must be a prediction object');
      const state = predictionState(body);
      const reading: WebhookReading = { requestId: body.id, state };
      if (state.state === 'succeeded' && firstOutputUrl(body.output)) reading.outcome = outcomeOf(body);
      if (state.state === 'moderated') reading.outcome = { kind: 'moderated', reason: state.reason };
      return reading;
    },
  };
}
