import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { signBflWebhook } from '../../api/src/webhooks/bfl-signature';
import { FakeKit, ownOutputHosts } from './fake-kit';
import { type FakeBehaviour, fakeRender, fromDataUri, listen, postWebhook, type ProviderFake, readBody, sendJson } from './provider-fake';

/**
 * A local Black Forest Labs API (`../shared/research/providers.md` §1.2): `POST /v1/flux-*` with
 * `x-key`, `GET /v1/get_result?id=` with the six string statuses, signed sample URLs served by the
 * fake itself that expire (10 minutes, or sooner via `sampleTtl`), and webhooks signed with the
 * `webhook_secret` given at submit.
 */

export type BflStatus = 'Task not found' | 'Pending' | 'Request Moderated' | 'Content Moderated' | 'Ready' | 'Error';

export interface BflFake extends ProviderFake {
  /** Every submit body the fake accepted or refused, in order (the photo decoded in `image`). */
  readonly requests: { path: string; body: Record<string, unknown>; image?: Buffer }[];
  /** How long a sample URL answers before it expires (default 10 minutes). */
  sampleTtl(ms: number): void;
  /** Ends the next submissions with this status instead of their behaviour's ('Request Moderated', 'Error'...); undefined to stop. */
  finishWith(status: BflStatus | undefined): void;
  /** Forgets every task, as BFL does after a while: polls then answer "Task not found". */
  forgetTasks(): void;
}

interface Task {
  id: string;
  behaviour: FakeBehaviour;
  finish: BflStatus | undefined;
  image: Buffer | undefined;
  format: 'jpeg' | 'png';
  prompt: string;
  seed: number | undefined;
  steps: number;
  webhookUrl?: string;
  webhookSecret?: string;
  notified: boolean;
}

const KEY = 'fake-bfl-key';
const TEN_MINUTES = 10 * 60_000;

export async function startBflFake(): Promise<BflFake> {
  const kit = new FakeKit();
  const { behaviour, calls } = kit;
  const requests: BflFake['requests'] = [];
  const tasks = new Map<string, Task>();
  const samples = new Map<string, { task: Task; expiresAt: number; render?: Promise<Buffer> }>();
  let ttl = TEN_MINUTES;
  let finish: BflStatus | undefined;

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.headers['x-key'] === KEY) return true;
    sendJson(res, 403, { detail: 'Not authenticated - Invalid Authentication' });
    return false;
  }

  /** Where a task stands after its `steps` (each poll, or each webhook tick, is one step). */
  function statusOf(task: Task): { status: BflStatus; progress: number | null } {
    const queued = behaviour.queuedPolls;
    const running = behaviour.runningPolls;
    if (task.steps < queued) return { status: 'Pending', progress: null };
    if (task.behaviour === 'hang' || task.steps < queued + running) return { status: 'Pending', progress: 0.5 };
    if (task.finish) return { status: task.finish, progress: null };
    if (!task.image) return { status: 'Error', progress: null };
    return { status: task.behaviour === 'moderate' ? 'Content Moderated' : 'Ready', progress: null };
  }

  function resultBody(task: Task, baseUrl: string): Record<string, unknown> {
    const { status, progress } = statusOf(task);
    const body: Record<string, unknown> = { id: task.id, status, result: null, progress, details: null, preview: null };
    if (status === 'Ready') {
      let sample = [...samples.entries()].find(([, s]) => s.task === task)?.[0];
      if (!sample) {
        sample = randomUUID();
        samples.set(sample, { task, expiresAt: Date.now() + ttl });
      }
      const expires = samples.get(sample)?.expiresAt ?? 0;
      body.result = { sample: `${baseUrl}/delivery/${sample}/sample.${task.format === 'png' ? 'png' : 'jpg'}?se=${expires}&sig=fake`, prompt: task.prompt, seed: task.seed };
    } else if (status === 'Content Moderated') {
      body.details = { 'Moderation Reasons': ['Derivative Works Filter'] };
    } else if (status === 'Request Moderated') {
      body.details = { 'Moderation Reasons': ['Input image flagged'] };
    } else if (status === 'Error') {
      body.details = { error: task.image ? 'Generation failed' : 'input_image could not be decoded' };
    }
    return body;
  }

  async function deliverWebhook(task: Task, baseUrl: string): Promise<void> {
    if (!task.webhookUrl || task.notified) return;
    task.notified = true;
    const raw = JSON.stringify(resultBody(task, baseUrl));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (task.webhookSecret) headers['x-bfl-signature'] = signBflWebhook(raw, task.webhookSecret);
    for (let i = 0; i < behaviour.webhookTimes; i++) {
      await postWebhook(task.webhookUrl, () => ({ headers, body: raw }), () => calls.webhooks++);
    }
  }

  /** With a webhook, BFL works without being polled: the fake steps the task on a timer. */
  function runOnTimer(task: Task, baseUrl: string): void {
    const tick = (): void => {
      kit.later(25, () => {
        if (!tasks.has(task.id)) return;
        task.steps++;
        if (statusOf(task).status === 'Pending') {
          if (task.behaviour !== 'hang') tick();
          return;
        }
        void deliverWebhook(task, baseUrl);
      });
    };
    tick();
  }

  async function submit(req: IncomingMessage, res: ServerResponse, path: string, baseUrl: string): Promise<void> {
    const raw = await readBody(req);
    if (!authorized(req, res)) return;
    calls.submit++;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      sendJson(res, 422, { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
      return;
    }
    const image = typeof body.input_image === 'string' ? (fromDataUri(body.input_image) ?? Buffer.from(body.input_image, 'base64')) : undefined;
    requests.push({ path, body, ...(image ? { image } : {}) });
    const now = behaviour.takeSubmitBehaviour();
    if (now === 'rate-limit-once') {
      sendJson(res, 429, { detail: 'You have exceeded the number of active tasks. Please wait for some to finish.' }, { 'retry-after': '1' });
      return;
    }
    if (now === 'server-error-once') {
      sendJson(res, 503, { detail: 'Service temporarily unavailable' });
      return;
    }
    if (now === 'reject') {
      sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'Prompt is not allowed for this model', type: 'value_error' }] });
      return;
    }
    if (typeof body.prompt !== 'string' || !body.prompt) {
      sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }] });
      return;
    }
    const tolerance = body.safety_tolerance;
    if (tolerance !== undefined && (typeof tolerance !== 'number' || tolerance < 0 || tolerance > 6)) {
      sendJson(res, 422, { detail: [{ loc: ['body', 'safety_tolerance'], msg: 'Input should be less than or equal to 6', type: 'less_than_equal' }] });
      return;
    }
    const readable = image && (await sharp(image).metadata().then(() => true, () => false));
    const task: Task = {
      id: randomUUID(),
      behaviour: now,
      finish,
      image: readable ? image : undefined,
      format: body.output_format === 'png' ? 'png' : 'jpeg',
      prompt: body.prompt,
      seed: typeof body.seed === 'number' ? body.seed : undefined,
      steps: 0,
      notified: false,
      ...(typeof body.webhook_url === 'string' ? { webhookUrl: body.webhook_url } : {}),
      ...(typeof body.webhook_secret === 'string' ? { webhookSecret: body.webhook_secret } : {}),
    };
    tasks.set(task.id, task);
    if (task.webhookUrl) runOnTimer(task, baseUrl);
    sendJson(res, 200, { id: task.id, polling_url: `${baseUrl}/v1/get_result?id=${task.id}`, cost: 4, input_mp: 1, output_mp: 1 });
  }

  function getResult(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, baseUrl: string): void {
    if (!authorized(req, res)) return;
    calls.status++;
    const id = query.get('id');
    if (!id) {
      sendJson(res, 422, { detail: [{ loc: ['query', 'id'], msg: 'Field required', type: 'missing' }] });
      return;
    }
    const task = tasks.get(id);
    if (!task) {
      sendJson(res, 200, { id, status: 'Task not found', result: null, progress: null, details: null, preview: null });
      return;
    }
    const body = resultBody(task, baseUrl);
    if (body.status === 'Pending') task.steps++;
    else if (task.webhookUrl) void deliverWebhook(task, baseUrl);
    sendJson(res, 200, body);
  }

  async function delivery(res: ServerResponse, sampleId: string): Promise<void> {
    const sample = samples.get(sampleId);
    if (!sample || !sample.task.image) {
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>BlobNotFound</Code></Error>');
      return;
    }
    if (Date.now() >= sample.expiresAt) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AuthenticationFailed</Code><Message>Signed expiry time has passed</Message></Error>');
      return;
    }
    calls.result++;
    sample.render ??= fakeRender(sample.task.image, sample.task.format);
    const data = await sample.render;
    res.writeHead(200, { 'content-type': `image/${sample.task.format}`, 'content-length': data.length }).end(data);
  }

  const server = await listen(async (req, res, baseUrl) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    if (req.method === 'POST' && /^\/v1\/flux-[a-z0-9.-]+$/.test(path)) return submit(req, res, path, baseUrl);
    if (req.method === 'GET' && path === '/v1/get_result') return getResult(req, res, url.searchParams, baseUrl);
    const sample = /^\/delivery\/([0-9a-f-]+)\/sample\.(?:jpg|png)$/.exec(path);
    if (req.method === 'GET' && sample?.[1]) return delivery(res, sample[1]);
    sendJson(res, 404, { detail: 'Not Found' });
  });

  return {
    name: 'bfl',
    url: server.url,
    env: { BFL_API_KEY: KEY, BFL_API_URL: server.url, BFL_MODEL: 'flux-kontext-pro', ...ownOutputHosts('BFL_OUTPUT_HOSTS', server.url) },
    reportsQueuePosition: false,
    sendsWebhooks: true,
    requests,
    sampleTtl(ms) {
      ttl = ms;
      for (const sample of samples.values()) sample.expiresAt = Math.min(sample.expiresAt, Date.now() + ms);
    },
    finishWith(status) {
      finish = status;
    },
    forgetTasks() {
      tasks.clear();
    },
    ...kit.controls(server),
  };
}
