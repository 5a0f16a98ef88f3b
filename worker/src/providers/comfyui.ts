import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServiceMode } from '@app/shared';
import type { Config } from '@app/shared/server/config';
import sharp from 'sharp';
import { PermanentProviderError, ProviderHttpError, providerFetch } from './remote/provider-http';
import type { RemoteApi, RemoteImageInput, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, SubmitResult } from './remote/remote-api';

/**
 * A self-hosted ComfyUI (`../shared/research/providers.md` §1.5): the photo is uploaded, the
 * mode's API-format workflow (`<workflowsDir>/<mode>.json`, else `default.json`) is queued with
 * its placeholders filled, and the run is followed through `/history` and `/queue` (the `/ws`
 * socket would need a WebSocket client, which we do not add). No auth, no webhooks, no moderation.
 */

type Settings = NonNullable<Config['providers']['comfyui']>;
type Workflow = Record<string, unknown>;

const PROVIDER = 'comfyui';
/** What a workflow's "{{checkpoint}}" becomes; a workflow naming its own checkpoint ignores it. */
export const DEFAULT_CHECKPOINT = 'sd_xl_base_1.0.safetensors';
/** Defaults for modes without a preset: a clear restyle that keeps the person recognisable. */
const DEFAULT_DENOISE = 0.6;
const DEFAULT_STEPS = 25;
const DEFAULT_CFG = 6.5;
/** SD 1.5/SDXL work at about a megapixel; a phone photo at full size only costs memory. */
const UPLOAD_MAX_SIDE = 1024;
/** Identifies this process to ComfyUI (it routes websocket events by it). */
const CLIENT_ID = randomUUID();

/** Workflows are read once per process, by file. */
const workflowFiles = new Map<string, Promise<Workflow | undefined>>();

function readWorkflowFile(file: string): Promise<Workflow | undefined> {
  let pending = workflowFiles.get(file);
  if (!pending) {
    pending = readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as Workflow,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    workflowFiles.set(file, pending);
  }
  return pending;
}

export async function loadWorkflow(dir: string, mode: ServiceMode): Promise<{ name: string; workflow: Workflow }> {
  for (const name of [mode, 'default']) {
    const workflow = await readWorkflowFile(path.join(dir, `${name}.json`));
    if (workflow) return { name, workflow };
  }
  throw new PermanentProviderError('ComfyUI is not set up for this kind of image yet.', PROVIDER, 0, `no ${mode}.json or default.json in ${dir}`);
}

/** A copy of the workflow with every string value that is exactly "{{name}}" replaced. */
export function fillPlaceholders(workflow: unknown, values: Record<string, string | number>): unknown {
  if (typeof workflow === 'string') {
    const match = /^\{\{(\w+)\}\}$/.exec(workflow);
    const key = match?.[1];
    return key !== undefined && key in values ? values[key] : workflow;
  }
  if (Array.isArray(workflow)) return workflow.map((item) => fillPlaceholders(item, values));
  if (workflow && typeof workflow === 'object') {
    return Object.fromEntries(Object.entries(workflow).map(([k, v]) => [k, fillPlaceholders(v, values)]));
  }
  return workflow;
}

function placeholderValues(input: RemoteImageInput, image: string): Record<string, string | number> {
  const preset = input.preset;
  return {
    prompt: preset?.prompt || input.prompt,
    negative_prompt: preset?.negative_prompt ?? input.negativePrompt ?? '',
    image,
    seed: input.seed,
    strength: preset?.strength ?? DEFAULT_DENOISE,
    steps: preset?.num_inference_steps ?? DEFAULT_STEPS,
    cfg: preset?.guidance_scale ?? DEFAULT_CFG,
    checkpoint: DEFAULT_CHECKPOINT,
  };
}

interface ErrorBody {
  error?: string | { type?: string; message?: string; details?: string };
  node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }> | unknown[];
}

/** `{error:{type,message,details}, node_errors:{id:{errors,class_type}}}` into one line. */
function describe(_status: number, body: unknown, text: string): string {
  if (!body || typeof body !== 'object') return text || 'no details';
  const { error, node_errors: nodeErrors } = body as ErrorBody;
  const parts: string[] = [];
  if (typeof error === 'string') parts.push(error);
  else if (error?.message) parts.push(error.details ? `${error.message} (${error.details})` : error.message);
  if (nodeErrors && !Array.isArray(nodeErrors)) {
    for (const [id, node] of Object.entries(nodeErrors)) {
      for (const e of node.errors ?? []) parts.push(`node ${id} ${node.class_type ?? ''}: ${[e.message, e.details].filter(Boolean).join(' - ')}`);
    }
  }
  return parts.length ? parts.join('; ') : text || 'no details';
}

interface HistoryEntry {
  outputs?: Record<string, { images?: { filename: string; subfolder?: string; type?: string }[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** A finished prompt's history into the state machine. */
export function historyState(entry: HistoryEntry): RemoteState {
  const status = entry.status;
  if (status?.status_str === 'error') {
    const messages = status.messages ?? [];
    if (messages.some(([event]) => event === 'execution_interrupted')) return { state: 'canceled' };
    const data = messages.find(([event]) => event === 'execution_error')?.[1] ?? {};
    const node = typeof data.node_type === 'string' ? `${data.node_type}: ` : '';
    const message = `${node}${typeof data.exception_message === 'string' ? data.exception_message.trim() : 'the workflow failed'}`;
    // A busy GPU may have room next time; a broken workflow fails again.
    return { state: 'failed', message, transient: /out of memory|cuda|\boom\b/i.test(message) };
  }
  return { state: 'succeeded' };
}

type QueueItem = [number, string, ...unknown[]];

function firstOutputImage(entry: HistoryEntry): { filename: string; subfolder?: string; type?: string } | undefined {
  const images = Object.values(entry.outputs ?? {}).flatMap((node) => node.images ?? []);
  return images.find((image) => image.type === 'output') ?? images[0];
}

export function createComfyuiApi(settings: Settings): RemoteApi {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const options = (signal: AbortSignal) => ({ provider: PROVIDER, signal, describe }) as const;
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function history(id: string, signal: AbortSignal): Promise<HistoryEntry | undefined> {
    const response = await providerFetch(`${base}/history/${encodeURIComponent(id)}`, {}, options(signal));
    const body = (await response.json()) as Record<string, HistoryEntry>;
    return body[id];
  }

  async function queuePlace(id: string, signal: AbortSignal): Promise<RemoteState | undefined> {
    const response = await providerFetch(`${base}/queue`, {}, options(signal));
    const queue = (await response.json()) as { queue_running?: QueueItem[]; queue_pending?: QueueItem[] };
    if ((queue.queue_running ?? []).some((item) => item[1] === id)) return { state: 'running' };
    // The pending list is a heap, not in order: the position is how many have a lower number.
    const pending = queue.queue_pending ?? [];
    const mine = pending.find((item) => item[1] === id);
    if (!mine) return undefined;
    return { state: 'queued', position: pending.filter((item) => item[0] < mine[0]).length };
  }

  return {
    name: PROVIDER,
    model: 'comfyui-workflow',
    pollIntervalMs: 1000,
    limit: { concurrent: settings.concurrency },
    supportsWebhooks: false,

    async submit(input: RemoteInput, signal: AbortSignal): Promise<SubmitResult> {
      if (input.kind !== 'image') throw new PermanentProviderError('ComfyUI does not make videos here.', PROVIDER, 0, 'video input given to the ComfyUI client');
      const { workflow } = await loadWorkflow(settings.workflowsDir, input.mode);

      const photo = await sharp(input.source).rotate().resize(UPLOAD_MAX_SIDE, UPLOAD_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 92 }).toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${randomUUID()}.jpg`);
      form.append('type', 'input');
      form.append('overwrite', 'true');
      const uploaded = (await (await providerFetch(`${base}/upload/image`, { method: 'POST', body: form }, options(signal))).json()) as { name: string; subfolder?: string };
      const image = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;

      const prompt = fillPlaceholders(workflow, placeholderValues(input, image));
      const response = await providerFetch(`${base}/prompt`, json({ prompt, client_id: CLIENT_ID }), options(signal));
      const queued = (await response.json()) as { prompt_id: string; number: number };
      return { ref: { requestId: queued.prompt_id, data: { number: String(queued.number), image } }, state: { state: 'queued' } };
    },

    async status(ref: RemoteRef, signal: AbortSignal): Promise<RemoteState> {
      const done = await history(ref.requestId, signal);
      if (done) return historyState(done);
      const place = await queuePlace(ref.requestId, signal);
      if (place) return place;
      // It may have finished between the two reads; if not, the server no longer knows it (restarted).
      const finished = await history(ref.requestId, signal);
      return finished ? historyState(finished) : { state: 'expired' };
    },

    async result(ref: RemoteRef, signal: AbortSignal): Promise<RemoteOutcome> {
      const entry = await history(ref.requestId, signal);
      const image = entry && firstOutputImage(entry);
      if (!image) throw new ProviderHttpError(PROVIDER, 200, `prompt ${ref.requestId} has no output image (does the workflow end in SaveImage?)`, false);
      const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder ?? '', type: image.type ?? 'output' });
      const response = await providerFetch(`${base}/view?${query.toString()}`, {}, options(signal));
      const data = Buffer.from(await response.arrayBuffer());
      const header = response.headers.get('content-type') ?? '';
      const contentType = header.startsWith('image/') ? header.split(';')[0]! : /\.jpe?g$/i.test(image.filename) ? 'image/jpeg' : /\.webp$/i.test(image.filename) ? 'image/webp' : 'image/png';
      return { kind: 'file', data, contentType };
    },

    async cancel(ref: RemoteRef, signal: AbortSignal): Promise<void> {
      const place = await queuePlace(ref.requestId, signal);
      if (place?.state === 'queued') await providerFetch(`${base}/queue`, json({ delete: [ref.requestId] }), options(signal));
      // With prompt_id, newer servers interrupt only if that prompt is the one running.
      else if (place?.state === 'running') await providerFetch(`${base}/interrupt`, json({ prompt_id: ref.requestId }), options(signal));
    },
  };
}
