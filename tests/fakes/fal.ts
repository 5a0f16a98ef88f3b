import { createHash, generateKeyPairSync, randomUUID, sign, type JsonWebKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { animateStill } from '../../worker/src/pipeline/video/animate';
import { FakeKit, ownOutputHosts } from './fake-kit';
import { type FakeBehaviour, type ProviderFake, fakeRender, fromDataUri, listen, postWebhook, readBody, sendJson } from './provider-fake';

/**
 * fal.ai's queue API on 127.0.0.1 (`../shared/research/providers.md` §1.1): submit at the full
 * model path, status/result/cancel under owner/alias only, 202 while not done, the SSE status
 * stream, outputs served from the fake itself, and Ed25519-signed webhooks with the key set at
 * `/.well-known/jwks.json`.
 */

export const FAL_FAKE_IMAGE_MODEL = 'fal-ai/flux-pro/kontext';
export const FAL_FAKE_VIDEO_MODEL = 'fal-ai/kling-video/v2.1/standard/image-to-video';
const KEY = 'fake-key';
const USER_ID = 'fake-user';

/** One submission as the fake received it, for tests to check what the client sent. */
export interface FalReceived {
  model: string;
  body: Record<string, unknown>;
  webhookUrl?: string;
}

export interface FalFake extends ProviderFake {
  readonly received: FalReceived[];
  /** The public key the webhooks are signed with (also served as the JWKS). */
  readonly jwk: JsonWebKey;
  /** How many times the key set was fetched. */
  readonly jwksFetches: () => number;
  /** Make the key set answer this status (200: the key set again). */
  jwksStatus(status: number): void;
  /** The headers fal would send with `raw` as the webhook of `requestId`, signed with the fake's key. */
  signWebhook(raw: Buffer, requestId: string): Record<string, string>;
}

interface Output {
  json: Record<string, unknown>;
}

interface Job {
  id: string;
  gatewayId: string;
  model: string;
  app: string;
  kind: 'image' | 'video';
  behaviour: FakeBehaviour;
  body: Record<string, unknown>;
  source: Buffer;
  webhookUrl?: string;
  polls: number;
  canceled: boolean;
  output?: Promise<Output>;
}

/** owner/alias: what status, result and cancel are addressed by. */
function appOf(model: string): string {
  return model.split('/').slice(0, 2).join('/');
}

export async function startFalFake(): Promise<FalFake> {
  const kit = new FakeKit();
  const { behaviour, calls } = kit;
  const received: FalReceived[] = [];
  const jobs = new Map<string, Job>();
  const files = new Map<string, { data: Buffer; type: string }>();
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'fake-fal-1', use: 'sig', alg: 'EdDSA' };
  let clip: Promise<Buffer> | undefined;
  let base = '';
  let jwksFetches = 0;
  let jwksStatus = 200;

  const signWebhook = (raw: Buffer, requestId: string): Record<string, string> => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const message = `${requestId}\n${USER_ID}\n${timestamp}\n${createHash('sha256').update(raw).digest('hex')}`;
    return {
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': USER_ID,
      'x-fal-webhook-timestamp': timestamp,
      'x-fal-webhook-signature': sign(null, Buffer.from(message), privateKey).toString('hex'),
    };
  };

  const urlsOf = (job: Job) => {
    const request = `${base}/${job.app}/requests/${job.id}`;
    return { request_id: job.id, response_url: request, status_url: `${request}/status`, cancel_url: `${request}/cancel` };
  };

  /** Where the job stands after `polls` status polls (a hanging job never gets past running). */
  function phase(job: Job): { status: 'IN_QUEUE'; position: number } | { status: 'IN_PROGRESS' } | { status: 'COMPLETED' } {
    if (job.output) return { status: 'COMPLETED' };
    if (job.polls <= behaviour.queuedPolls) return { status: 'IN_QUEUE', position: Math.max(0, behaviour.queuedPolls - job.polls) };
    if (job.behaviour === 'hang' || job.polls <= behaviour.queuedPolls + behaviour.runningPolls) return { status: 'IN_PROGRESS' };
    return { status: 'COMPLETED' };
  }

  async function render(job: Job): Promise<Output> {
    const seed = typeof job.body.seed === 'number' ? job.body.seed : 42;
    if (job.kind === 'video') {
      clip ??= fakeRender(job.source, 'png').then((still) => animateStill(still, { durationSeconds: 1, width: 320, height: 320, motion: 'push-in', fps: 24 }));
      const data = await clip;
      files.set(`${job.id}.mp4`, { data, type: 'video/mp4' });
      return { json: { video: { url: `${base}/files/${job.id}.mp4`, content_type: 'video/mp4', file_name: 'output.mp4', file_size: data.length } } };
    }
    const format = job.body.output_format === 'png' ? 'png' : 'jpeg';
    const rendered = await fakeRender(job.source, format);
    const moderated = job.behaviour === 'moderate';
    const { width = 1024, height = 1024 } = await sharp(rendered).metadata();
    // fal blacks out an image its safety checker flags.
    const data = moderated ? await sharp({ create: { width, height, channels: 3, background: '#000' } }).toFormat(format).toBuffer() : rendered;
    const name = `${job.id}.${format === 'png' ? 'png' : 'jpg'}`;
    files.set(name, { data, type: `image/${format}` });
    return {
      json: {
        images: [{ url: `${base}/files/${name}`, content_type: `image/${format}`, file_name: name, file_size: data.length, width, height }],
        seed,
        has_nsfw_concepts: [moderated],
        prompt: job.body.prompt,
        timings: { inference: 0.5 },
      },
    };
  }

  async function deliverWebhook(job: Job, output: Output): Promise<void> {
    if (!job.webhookUrl) return;
    const raw = Buffer.from(JSON.stringify({ request_id: job.id, gateway_request_id: job.gatewayId, status: 'OK', payload: output.json, error: null }));
    for (let i = 0; i < behaviour.webhookTimes; i++) {
      await postWebhook(
        job.webhookUrl,
        () => ({ headers: { 'content-type': 'application/json', ...signWebhook(raw, job.id) }, body: raw }),
        () => calls.webhooks++,
      );
    }
  }

  /** Finishes a job once: renders its output, then calls back when it was asked to. */
  function complete(job: Job): Promise<Output> {
    if (!job.output) {
      job.output = render(job);
      void job.output.then((output) => deliverWebhook(job, output)).catch(() => undefined);
    }
    return job.output;
  }

  /** One status poll: the job moves one step, and is finished when it reaches COMPLETED. */
  async function poll(job: Job, withLogs: boolean): Promise<{ code: number; body: Record<string, unknown> }> {
    job.polls++;
    const now = phase(job);
    const common = urlsOf(job);
    if (now.status === 'IN_QUEUE') return { code: 202, body: { status: 'IN_QUEUE', queue_position: now.position, ...common } };
    const logs = withLogs ? [{ message: 'Generating...', level: 'INFO', source: 'USER', timestamp: new Date().toISOString() }] : null;
    if (now.status === 'IN_PROGRESS') return { code: 202, body: { status: 'IN_PROGRESS', logs, ...common } };
    await complete(job);
    return { code: 200, body: { status: 'COMPLETED', logs, metrics: { inference_time: 0.5 }, ...common } };
  }

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const header = req.headers.authorization;
    if (!header) {
      sendJson(res, 401, { detail: 'Missing authorization header' });
      return false;
    }
    if (header !== `Key ${KEY}`) {
      sendJson(res, 401, { detail: 'No user found for Key ID and Secret' });
      return false;
    }
    return true;
  }

  async function submit(req: IncomingMessage, res: ServerResponse, model: string, url: URL): Promise<void> {
    calls.submit++;
    const now = behaviour.takeSubmitBehaviour();
    if (now === 'rate-limit-once') return sendJson(res, 429, { detail: 'Too many requests: concurrent request limit reached' }, { 'retry-after': '1' });
    if (now === 'server-error-once') {
      const type = 'runner_scheduling_failure';
      return sendJson(res, 503, { detail: 'No runner could be scheduled for the request', error_type: type }, { 'x-fal-error-type': type });
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse((await readBody(req)).toString('utf8'));
      body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return sendJson(res, 422, { detail: [{ loc: ['body'], msg: 'Input should be a valid JSON object', type: 'json_invalid' }] }, { 'x-fal-retryable': 'false' });
    }
    const webhookUrl = url.searchParams.get('fal_webhook') ?? undefined;
    received.push({ model, body, ...(webhookUrl ? { webhookUrl } : {}) });
    const problems: Array<{ loc: string[]; msg: string; type: string }> = [];
    if (typeof body.prompt !== 'string' || !body.prompt) problems.push({ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' });
    const source = fromDataUri(body.image_url);
    if (!source) problems.push({ loc: ['body', 'image_url'], msg: 'Field required: an image URL or data URI', type: 'missing' });
    if (now === 'reject') problems.push({ loc: ['body', 'image_url'], msg: 'Could not process the input image: face not suitable for this model', type: 'image_load_error' });
    if (problems.length > 0 || !source) return sendJson(res, 422, { detail: problems }, { 'x-fal-retryable': 'false' });

    const job: Job = {
      id: randomUUID(),
      gatewayId: randomUUID(),
      model,
      app: appOf(model),
      kind: model === FAL_FAKE_VIDEO_MODEL ? 'video' : 'image',
      behaviour: now,
      body,
      source,
      ...(webhookUrl ? { webhookUrl } : {}),
      polls: 0,
      canceled: false,
    };
    jobs.set(job.id, job);
    if (webhookUrl && now !== 'hang') {
      // A caller waiting for the webhook does not poll: the job finishes on its own.
      kit.later(25 * (behaviour.queuedPolls + behaviour.runningPolls + 1), () => {
        if (!job.canceled) void complete(job).catch(() => undefined);
      });
    }
    sendJson(res, 200, {
      status: 'IN_QUEUE',
      queue_position: behaviour.queuedPolls,
      ...urlsOf(job),
      ...(webhookUrl ? { gateway_request_id: job.gatewayId } : {}),
    });
  }

  /** The SSE status stream: one event per step, closed after COMPLETED (or when the job is canceled). */
  function stream(req: IncomingMessage, res: ServerResponse, job: Job, withLogs: boolean): void {
    calls.status++;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    let closed = false;
    req.on('close', () => {
      closed = true;
    });
    const step = async (): Promise<void> => {
      if (closed) return;
      if (job.canceled) return void res.end();
      const { body } = await poll(job, withLogs);
      res.write(`data: ${JSON.stringify(body)}\n\n`);
      if (body.status === 'COMPLETED') return void res.end();
      kit.later(50, () => void step().catch(() => res.end()));
    };
    void step().catch(() => res.end());
  }

  const requestPath = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status\/stream|\/status|\/cancel)?$/;
  const models = new Set([FAL_FAKE_IMAGE_MODEL, FAL_FAKE_VIDEO_MODEL]);

  const server = await listen(async (req, res, baseUrl) => {
    base = baseUrl;
    const url = new URL(req.url ?? '/', baseUrl);
    const path = decodeURIComponent(url.pathname);
    if (req.method === 'GET' && path === '/.well-known/jwks.json') {
      jwksFetches++;
      return jwksStatus === 200 ? sendJson(res, 200, { keys: [jwk] }) : sendJson(res, jwksStatus, { error: 'unavailable' });
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      // fal's CDN: public URLs, no key.
      const file = files.get(path.slice('/files/'.length));
      if (!file) return sendJson(res, 404, { detail: 'File not found' });
      res.writeHead(200, { 'content-type': file.type, 'content-length': file.data.length });
      return void res.end(file.data);
    }
    if (!authorized(req, res)) return;

    const model = path.slice(1);
    if (req.method === 'POST') {
      if (models.has(model)) return submit(req, res, model, url);
      return sendJson(res, 404, { detail: `Application '${model}' not found` });
    }
    const match = requestPath.exec(path);
    const job = match ? jobs.get(match[2] ?? '') : undefined;
    const action = match?.[3];
    // Status, result and cancel answer only under owner/alias, never the full model path.
    if (!match || !job || job.app !== match[1] || (job.canceled && action !== '/cancel')) {
      if (req.method === 'PUT' && action === '/cancel') return sendJson(res, 404, { status: 'NOT_FOUND' });
      return sendJson(res, 404, { detail: 'Request not found' });
    }
    const withLogs = url.searchParams.get('logs') === '1';
    if (req.method === 'GET' && action === '/status') {
      calls.status++;
      const { code, body } = await poll(job, withLogs);
      return sendJson(res, code, body);
    }
    if (req.method === 'GET' && action === '/status/stream') return stream(req, res, job, withLogs);
    if (req.method === 'GET' && action === undefined) {
      calls.result++;
      if (!job.output) return sendJson(res, 400, { detail: phase(job).status === 'IN_QUEUE' ? 'Request is still in queue' : 'Request is still in progress' });
      return sendJson(res, 200, (await job.output).json);
    }
    if (req.method === 'PUT' && action === '/cancel') {
      if (job.output) return sendJson(res, 200, { status: 'ALREADY_COMPLETED' });
      if (!job.canceled) calls.cancel.push(job.id);
      job.canceled = true;
      return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
    }
    return sendJson(res, 405, { detail: 'Method Not Allowed' });
  });

  return {
    name: 'fal',
    url: server.url,
    env: {
      FAL_KEY: KEY,
      FAL_QUEUE_URL: server.url,
      FAL_IMAGE_MODEL: FAL_FAKE_IMAGE_MODEL,
      FAL_VIDEO_MODEL: FAL_FAKE_VIDEO_MODEL,
      FAL_JWKS_URL: `${server.url}/.well-known/jwks.json`,
      ...ownOutputHosts('FAL_OUTPUT_HOSTS', server.url),
    },
    reportsQueuePosition: true,
    sendsWebhooks: true,
    received,
    jwk,
    jwksFetches: () => jwksFetches,
    jwksStatus: (status) => {
      jwksStatus = status;
    },
    signWebhook,
    ...kit.controls(server),
  };
}
