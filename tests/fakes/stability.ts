import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { FakeKit } from './fake-kit';
import { type FakeBehaviour, fakeBlur, fakeRender, listen, type ProviderFake, readBody, sendJson } from './provider-fake';

/**
 * A local Stability AI v2beta API (`../shared/research/providers.md` §1.3): bearer auth,
 * multipart requests (every field recorded), `accept: image/*` (bytes with
 * `finish-reason`/`seed`/`x-request-id` headers) or `application/json` (`{image, finish_reason,
 * seed}`), `{id, name, errors}` error bodies, 413 over 10 MiB, and the asynchronous creative
 * upscale polled at `GET /v2beta/results/{id}` (202 in progress, then 200).
 */

export interface StabilityRequest {
  path: string;
  accept: string | undefined;
  fields: Record<string, string>;
  /** File parts by field name. */
  files: Record<string, { data: Buffer; filename: string; mimeType: string }>;
}

export interface StabilityFake extends ProviderFake {
  /** Every multipart request the fake parsed, in order. */
  readonly requests: StabilityRequest[];
  /** How `moderate` is answered: a blurred image with `CONTENT_FILTERED` (default) or 403 `content_moderation`. */
  moderation(style: 'blur' | 'refuse'): void;
}

const KEY = 'fake-stability-key';
const MAX_BYTES = 10 * 1024 * 1024;
const RATIOS = new Set(['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21']);
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The endpoints that take an init image and what each requires (beyond `image`). */
const ENDPOINTS: Record<string, { async: boolean; needsPrompt: boolean }> = {
  '/v2beta/stable-image/generate/ultra': { async: false, needsPrompt: true },
  '/v2beta/stable-image/control/structure': { async: false, needsPrompt: true },
  '/v2beta/stable-image/control/sketch': { async: false, needsPrompt: true },
  '/v2beta/stable-image/control/style': { async: false, needsPrompt: true },
  '/v2beta/stable-image/upscale/creative': { async: true, needsPrompt: true },
};

interface Generation {
  id: string;
  behaviour: FakeBehaviour;
  polls: number;
  /** The image, rendered on first use (a hung or never-polled request costs nothing). */
  output: () => Promise<Buffer>;
  format: 'jpeg' | 'png' | 'webp';
  seed: number;
  filtered: boolean;
}

function sendError(res: ServerResponse, status: number, name: string, errors: string[], headers: Record<string, string> = {}): void {
  sendJson(res, status, { id: randomBytes(16).toString('hex'), name, errors }, headers);
}

/**
 * Reads a multipart body with the platform's own parser (undici's `Response.formData()`): the
 * `busboy` that resolves from tests/ is s3rver's 0.3, whose API differs from the api's 1.x.
 */
async function parseForm(req: IncomingMessage, path: string, raw: Buffer): Promise<StabilityRequest> {
  const request: StabilityRequest = { path, accept: req.headers.accept, fields: {}, files: {} };
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') request.fields[name] = value;
    else request.files[name] = { data: Buffer.from(await value.arrayBuffer()), filename: value.name, mimeType: value.type };
  }
  return request;
}

/** Stability's validation of the fields it documents; the first problem, or undefined. */
async function problemWith(request: StabilityRequest, needsPrompt: boolean): Promise<string | undefined> {
  const { fields, files } = request;
  const image = files.image;
  if (!image) return 'image: required';
  if (!(await sharp(image.data).metadata().then(() => true, () => false))) return 'image: could not be decoded as an image';
  if (needsPrompt && !fields.prompt?.trim()) return 'prompt: cannot be empty';
  if (fields.aspect_ratio !== undefined && !RATIOS.has(fields.aspect_ratio)) return `aspect_ratio: must be one of ${[...RATIOS].join(', ')}`;
  if (fields.output_format !== undefined && !FORMATS.has(fields.output_format)) return 'output_format: must be one of jpeg, png, webp';
  if (fields.seed !== undefined && !(Number(fields.seed) >= 0 && Number(fields.seed) <= 4294967294)) return 'seed: must be between 0 and 4294967294';
  for (const name of ['strength', 'control_strength', 'fidelity']) {
    const value = fields[name];
    if (value !== undefined && !(Number(value) >= 0 && Number(value) <= 1)) return `${name}: must be between 0 and 1`;
  }
  if (request.path.endsWith('/generate/ultra') && fields.strength === undefined) return 'strength: required when an image is provided';
  return undefined;
}

export async function startStabilityFake(): Promise<StabilityFake> {
  const kit = new FakeKit();
  const { behaviour, calls } = kit;
  const requests: StabilityRequest[] = [];
  const generations = new Map<string, Generation>();
  let moderation: 'blur' | 'refuse' = 'blur';

  /** The image as the client asked: bytes with headers (`image/*`, the default) or JSON. */
  async function sendImage(res: ServerResponse, accept: string | undefined, generation: Generation): Promise<void> {
    const data = await generation.output();
    const finishReason = generation.filtered ? 'CONTENT_FILTERED' : 'SUCCESS';
    calls.result++;
    if (accept?.includes('application/json')) {
      sendJson(res, 200, { image: data.toString('base64'), finish_reason: finishReason, seed: generation.seed }, { 'content-type': `application/json; type=image/${generation.format}`, 'x-request-id': generation.id });
      return;
    }
    res.writeHead(200, {
      'content-type': `image/${generation.format}`,
      'content-length': data.length,
      'finish-reason': finishReason,
      seed: String(generation.seed),
      'x-request-id': generation.id,
    });
    res.end(data);
  }

  async function submit(req: IncomingMessage, res: ServerResponse, path: string, endpoint: { async: boolean; needsPrompt: boolean }): Promise<void> {
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      await readBody(req);
      return sendError(res, 401, 'unauthorized', ['authorization: invalid or missing API key']);
    }
    calls.submit++;
    // Read whole (Stability refuses after the fact too), so the client never sees a reset socket.
    const raw = await readBody(req);
    if (raw.length > MAX_BYTES) return sendError(res, 413, 'payload_too_large', ['body: the request body must be at most 10MiB']);
    if (!req.headers['content-type']?.startsWith('multipart/form-data')) return sendError(res, 400, 'bad_request', ['content-type: must be multipart/form-data']);
    const request = await parseForm(req, path, raw);
    requests.push(request);
    const now = behaviour.takeSubmitBehaviour();
    if (now === 'rate-limit-once') return sendError(res, 429, 'rate_limit_exceeded', ['You have exceeded the rate limit of 150 requests within a 10 second period'], { 'retry-after': '1' });
    if (now === 'server-error-once') return sendError(res, 500, 'internal_error', ['An unexpected server error has occurred, please try again later.']);
    if (now === 'reject') return sendError(res, 400, 'bad_request', ['prompt: the prompt contains words that are not allowed']);
    const problem = await problemWith(request, endpoint.needsPrompt);
    if (problem) return sendError(res, 400, 'bad_request', [problem]);
    if (now === 'moderate' && moderation === 'refuse') {
      return sendError(res, 403, 'content_moderation', ['Your request was flagged by our content moderation system, as a result your request was denied and you were not charged.']);
    }
    const image = request.files.image?.data ?? Buffer.alloc(0);
    const format = (request.fields.output_format ?? 'png') as Generation['format'];
    const filtered = now === 'moderate';
    const generation: Generation = {
      id: endpoint.async ? randomBytes(32).toString('hex') : randomUUID(),
      behaviour: now,
      polls: 0,
      format,
      seed: Number(request.fields.seed) || Math.floor(Math.random() * 4294967294),
      filtered,
      output: lazy(() => (filtered ? fakeBlur(image, format) : fakeRender(image, format))),
    };
    if (endpoint.async) {
      generations.set(generation.id, generation);
      sendJson(res, 200, { id: generation.id });
      return;
    }
    if (now === 'hang') {
      // Holds the response open until the client gives up (the socket closes).
      await new Promise<void>((resolve) => res.on('close', resolve));
      return;
    }
    await sendImage(res, request.accept, generation);
  }

  async function result(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    if (req.headers.authorization !== `Bearer ${KEY}`) return sendError(res, 401, 'unauthorized', ['authorization: invalid or missing API key']);
    calls.status++;
    const generation = generations.get(id);
    if (!generation) return sendError(res, 404, 'generation_not_found', [`id: no generation with the id ${id} was found (results are kept 24 hours)`]);
    const inProgress = behaviour.queuedPolls + behaviour.runningPolls;
    if (generation.behaviour === 'hang' || generation.polls < inProgress) {
      generation.polls++;
      return sendJson(res, 202, { id, status: 'in-progress' });
    }
    await sendImage(res, req.headers.accept, generation);
  }

  const server = await listen(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const endpoint = ENDPOINTS[path];
    if (req.method === 'POST' && endpoint) return submit(req, res, path, endpoint);
    const poll = /^\/v2beta\/results\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && poll?.[1]) return result(req, res, decodeURIComponent(poll[1]));
    req.resume();
    sendError(res, 404, 'not_found', [`${req.method ?? 'GET'} ${path}: no such endpoint`]);
  });

  return {
    name: 'stability',
    url: server.url,
    env: { STABILITY_API_KEY: KEY, STABILITY_API_URL: server.url, STABILITY_MODEL: 'ultra' },
    reportsQueuePosition: false,
    sendsWebhooks: false,
    requests,
    moderation(style) {
      moderation = style;
    },
    ...kit.controls(server),
  };
}

/** A getter that starts `make` on first use and keeps its promise. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
