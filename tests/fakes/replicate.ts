import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { animateStill } from '../../worker/src/pipeline/video/animate';
import { FakeKit, ownOutputHosts } from './fake-kit';
import { type FakeBehaviour, fakeRender, fromDataUri, listen, postWebhook, type ProviderFake, readBody, sendJson } from './provider-fake';

/**
 * Replicate's predictions API (`../shared/research/providers.md` §1.4) on 127.0.0.1: both create
 * routes, `Prefer: wait`, GET and cancel, RFC 7807 problem bodies, output files served from the
 * fake itself, and Standard-Webhooks-signed `completed` webhooks.
 *
 * A prediction advances one step per GET (or, when it has a webhook, also every 100 ms, since a
 * webhook client never polls): `starting` for `queuedPolls`, `processing` with a tqdm line in
 * its logs for `runningPolls`, then done. `Prefer: wait=n` holds the create answer up to n
 * seconds while the prediction could still finish in that time; one paced by polls cannot, so
 * the answer is immediate unless `pace(0, 0)` made it finish at once.
 */

export const REPLICATE_FAKE_TOKEN = 'r8_fake-replicate-token';
export const REPLICATE_FAKE_MODEL = 'black-forest-labs/flux-kontext-pro';
/** An image-to-video model that takes {prompt, image, duration}. */
export const REPLICATE_FAKE_VIDEO_MODEL = 'bytedance/seedance-1-lite';

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

interface Job {
  id: string;
  model: string;
  version?: string;
  input: Record<string, unknown>;
  behaviour: FakeBehaviour;
  status: Status;
  steps: number;
  queuedPolls: number;
  runningPolls: number;
  video: boolean;
  output?: Promise<Buffer>;
  error?: string;
  logs: string;
  webhook?: string;
  webhookSent: boolean;
  timer?: NodeJS.Timeout;
  createdAt: string;
  completedAt?: string;
}

/** What the fake received at create, for assertions on the request shape. */
export interface ReplicateCreateRequest {
  path: string;
  prefer: string | undefined;
  body: Record<string, unknown>;
}

export interface ReplicateFake extends ProviderFake {
  /** The `whsec_…` secret the fake signs webhooks with. */
  readonly webhookSecret: string;
  readonly requests: ReplicateCreateRequest[];
}

function problem(res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}): void {
  const text = JSON.stringify({ type: `https://replicate.com/docs/errors/${status}`, title, status, detail });
  res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startReplicateFake(options: { webhookSecretInEnv?: boolean } = {}): Promise<ReplicateFake> {
  const kit = new FakeKit();
  const { behaviour, calls } = kit;
  const requests: ReplicateCreateRequest[] = [];
  const jobs = new Map<string, Job>();
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  let baseUrl = '';
  kit.onClose(() => {
    for (const job of jobs.values()) if (job.timer) clearInterval(job.timer);
  });

  function predictionOf(job: Job): Record<string, unknown> {
    const get = `${baseUrl}/v1/predictions/${job.id}`;
    const done = job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled';
    return {
      id: job.id,
      model: job.model,
      version: job.version ?? 'hidden',
      input: job.input,
      logs: job.logs,
      output: job.status === 'succeeded' ? `${baseUrl}/files/${job.id}.${job.video ? 'mp4' : job.input.output_format === 'png' ? 'png' : 'jpg'}` : null,
      data_removed: false,
      error: job.error ?? null,
      status: job.status,
      source: 'api',
      created_at: job.createdAt,
      ...(job.status !== 'starting' ? { started_at: job.createdAt } : {}),
      ...(done ? { completed_at: job.completedAt, metrics: { predict_time: 1.2, total_time: 1.5 } } : {}),
      urls: { get, cancel: `${get}/cancel`, stream: `${baseUrl}/stream/${job.id}`, web: `https://replicate.com/p/${job.id}` },
    };
  }

  async function deliverWebhook(job: Job): Promise<void> {
    if (!job.webhook || job.webhookSent) return;
    job.webhookSent = true;
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify(predictionOf(job));
    const key = Buffer.from(webhookSecret.split('_').pop() ?? '', 'base64');
    for (let i = 0; i < behaviour.webhookTimes; i++) {
      // Each delivery is signed afresh (a retry carries the same id and a new timestamp).
      await postWebhook(
        job.webhook,
        () => {
          const timestamp = String(Math.floor(Date.now() / 1000));
          const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
          return { headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }, body };
        },
        () => calls.webhooks++,
      );
    }
  }

  function finish(job: Job, status: Status, error?: string): void {
    job.status = status;
    job.error = error;
    job.completedAt = new Date().toISOString();
    if (job.timer) clearInterval(job.timer);
    void deliverWebhook(job);
  }

  /** One step of a prediction's life. */
  function advance(job: Job): void {
    if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled') return;
    job.steps++;
    if (job.steps <= job.queuedPolls) return;
    if (job.behaviour === 'hang' || job.steps <= job.queuedPolls + job.runningPolls) {
      job.status = 'processing';
      const total = 28;
      const current = job.behaviour === 'hang' ? 3 : Math.max(1, Math.round((total * (job.steps - job.queuedPolls)) / (job.runningPolls + 1)));
      job.logs += `Running prediction...\n${Math.round((100 * current) / total)}%|████      | ${current}/${total} [00:02<00:05, 5.1it/s]\n`;
      return;
    }
    if (job.behaviour === 'moderate') finish(job, 'failed', 'NSFW content detected. Try running it again, or try a different prompt.');
    else finish(job, 'succeeded');
  }

  function render(job: Job, image: Buffer): Promise<Buffer> {
    const still = fakeRender(image, job.input.output_format === 'png' ? 'png' : 'jpeg');
    if (!job.video) return still;
    return still.then((s) => animateStill(s, { durationSeconds: 1, width: 320, height: 320, motion: 'push-in', fps: 24 }));
  }

  async function create(req: IncomingMessage, res: ServerResponse, path: string, model: string | undefined): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return problem(res, 400, 'Invalid JSON', 'The request body is not valid JSON.');
    }
    const preferHeader = req.headers.prefer;
    const prefer = Array.isArray(preferHeader) ? preferHeader[0] : preferHeader;
    requests.push({ path, prefer, body });
    calls.submit++;

    const next = behaviour.takeSubmitBehaviour();
    if (next === 'rate-limit-once') return problem(res, 429, 'Too Many Requests', 'Request was throttled. Expected available in 1 second.', { 'retry-after': '1' });
    if (next === 'server-error-once') return problem(res, 503, 'Service Unavailable', 'Replicate is temporarily unavailable.');

    const version = typeof body.version === 'string' ? body.version : undefined;
    if (!model && (!version || !/^[0-9a-f]{8,64}$/.test(version))) return problem(res, 422, 'Invalid version or not permitted', 'The specified version does not exist (or perhaps you don\'t have permission to use it?)');
    const modelName = model ?? `version/${version}`;
    if (model && model !== REPLICATE_FAKE_MODEL && model !== REPLICATE_FAKE_VIDEO_MODEL) return problem(res, 404, 'Not found', `Model ${model} not found.`);

    const input = (body.input ?? {}) as Record<string, unknown>;
    const video = input.image !== undefined && input.input_image === undefined;
    const image = fromDataUri(video ? input.image : input.input_image);
    const invalid: string[] = [];
    if (typeof input.prompt !== 'string' || input.prompt === '') invalid.push('input.prompt: prompt is required');
    if (!image) invalid.push(`${video ? 'input.image' : 'input.input_image'}: must be an image (a data URI here)`);
    if (next === 'reject') invalid.push('input.aspect_ratio: aspect_ratio must be one of the following: "match_input_image", "1:1", "16:9"...');
    if (invalid.length) return problem(res, 422, 'Input validation failed', invalid.map((i) => `- ${i}`).join('\n'));

    const job: Job = {
      id: randomBytes(13).toString('hex').slice(0, 26),
      model: modelName,
      version,
      input,
      behaviour: next,
      status: 'starting',
      steps: 0,
      queuedPolls: behaviour.queuedPolls,
      runningPolls: behaviour.runningPolls,
      video,
      logs: '',
      webhook: typeof body.webhook === 'string' ? body.webhook : undefined,
      webhookSent: false,
      createdAt: new Date().toISOString(),
    };
    job.output = render(job, image!);
    job.output.catch(() => undefined);
    jobs.set(job.id, job);
    // A job with nothing left to wait for is done at once.
    if (job.queuedPolls === 0 && job.runningPolls === 0 && job.behaviour !== 'hang') advance(job);
    if (job.webhook && job.status !== 'succeeded' && job.status !== 'failed') job.timer = setInterval(() => advance(job), 100);

    const wait = /^wait(?:=(\d+))?$/.exec(String(prefer ?? '').trim());
    if (wait && job.status === 'starting' && job.timer) {
      // Only a webhook job moves on its own, so only it can finish during the hold.
      const until = Date.now() + Math.min(60, Number(wait[1] ?? 60)) * 1000;
      while (Date.now() < until && (job.status === 'starting' || job.status === 'processing')) await sleep(50);
    }
    sendJson(res, 201, predictionOf(job), { location: `${baseUrl}/v1/predictions/${job.id}` });
  }

  const server = await listen(async (req, res, url) => {
    baseUrl = url;
    const path = new URL(req.url ?? '/', url).pathname;

    const file = /^\/files\/([\w-]+)\.(png|jpg|mp4)$/.exec(path);
    if (req.method === 'GET' && file) {
      // replicate.delivery: public URLs, no token.
      const job = jobs.get(file[1] ?? '');
      if (!job || job.status !== 'succeeded' || !job.output) return sendJson(res, 404, { detail: 'Not found.' });
      calls.result++;
      const data = await job.output;
      res.writeHead(200, { 'content-type': job.video ? 'video/mp4' : file[2] === 'png' ? 'image/png' : 'image/jpeg', 'content-length': data.length });
      res.end(data);
      return;
    }

    if (req.headers.authorization !== `Bearer ${REPLICATE_FAKE_TOKEN}`) {
      await readBody(req);
      return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
    }

    const modelRoute = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(path);
    if (req.method === 'POST' && modelRoute) return create(req, res, path, `${modelRoute[1]}/${modelRoute[2]}`);
    if (req.method === 'POST' && path === '/v1/predictions') return create(req, res, path, undefined);

    const get = /^\/v1\/predictions\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const job = jobs.get(get[1] ?? '');
      if (!job) return problem(res, 404, 'Not found', 'Not found.');
      calls.status++;
      advance(job);
      return sendJson(res, 200, predictionOf(job));
    }

    const cancel = /^\/v1\/predictions\/([\w-]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      await readBody(req);
      const job = jobs.get(cancel[1] ?? '');
      if (!job) return problem(res, 404, 'Not found', 'Not found.');
      calls.cancel.push(job.id);
      if (job.status === 'starting' || job.status === 'processing') finish(job, 'canceled');
      return sendJson(res, 200, predictionOf(job));
    }

    problem(res, 404, 'Not found', `No route for ${req.method} ${path}`);
  });

  return {
    name: 'replicate',
    url: server.url,
    env: {
      REPLICATE_API_TOKEN: REPLICATE_FAKE_TOKEN,
      REPLICATE_API_URL: server.url,
      ...ownOutputHosts('REPLICATE_OUTPUT_HOSTS', server.url),
      REPLICATE_MODEL: REPLICATE_FAKE_MODEL,
      REPLICATE_VIDEO_MODEL: REPLICATE_FAKE_VIDEO_MODEL,
      ...(options.webhookSecretInEnv ? { REPLICATE_WEBHOOK_SECRET: webhookSecret } : {}),
    },
    reportsQueuePosition: false,
    sendsWebhooks: true,
    webhookSecret,
    requests,
    ...kit.controls(server),
  };
}
