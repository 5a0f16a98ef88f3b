import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransientProviderError } from '../provider';
import { unlimited } from './provider-limiter';
import { ModeratedError, PermanentProviderError, ProviderHttpError } from './provider-http';
import type { RemoteApi, RemoteInput, RemoteOutcome, RemoteRef, RemoteState, SubmitResult } from './remote-api';
import { ProviderCanceledError, ProviderTimeoutError, type RemoteJobDeps, type RemoteRequestStore, runRemoteJob } from './remote-job';

const input: RemoteInput = {
  kind: 'image',
  mode: 'custom-prompt',
  prompt: 'a portrait in a neon-lit street',
  source: Buffer.from('photo'),
  sourceType: 'image/jpeg',
  additionalSources: [],
  aspectRatio: '1:1',
  seed: 7,
};
const OUTPUT: RemoteOutcome = { kind: 'file', data: Buffer.from('image bytes'), contentType: 'image/png' };

/** A provider whose answers are scripted: each status call takes the next state (the last one repeats). */
function scripted(options: {
  submit?: Array<SubmitResult | Error>;
  states?: RemoteState[];
  outcome?: RemoteOutcome;
  webhooks?: boolean;
  outputHosts?: string[];
}) {
  const calls = { submit: 0, status: 0, result: 0, cancel: [] as string[], inputs: [] as RemoteInput[] };
  const states = [...(options.states ?? [{ state: 'succeeded' }])];
  const api: RemoteApi = {
    name: 'fal',
    model: 'fake-model',
    pollIntervalMs: 5,
    limit: {},
    supportsWebhooks: options.webhooks ?? false,
    ...(options.outputHosts ? { outputHosts: options.outputHosts } : {}),
    async submit(given) {
      calls.submit += 1;
      calls.inputs.push(given);
      const next = options.submit?.[calls.submit - 1] ?? { ref: { requestId: `req-${calls.submit}` }, state: { state: 'queued', position: 2 } };
      if (next instanceof Error) throw next;
      return next;
    },
    async status() {
      calls.status += 1;
      return states.length > 1 ? states.shift()! : states[0]!;
    },
    async result() {
      calls.result += 1;
      return options.outcome ?? OUTPUT;
    },
    async cancel(ref: RemoteRef) {
      calls.cancel.push(ref.requestId);
    },
    readWebhook(body) {
      const { id } = body as { id: string };
      return { requestId: id, state: { state: 'succeeded' }, outcome: { kind: 'file', data: Buffer.from('from webhook'), contentType: 'image/png' } };
    },
  };
  return { api, calls };
}

function memoryStore(): RemoteRequestStore & { rows: Map<string, { provider: string; ref: unknown; webhook: unknown }> } {
  const rows = new Map<string, { provider: string; ref: unknown; webhook: unknown }>();
  return {
    rows,
    find: async (runId, slot) => rows.get(`${runId}/${slot}`),
    record: async (r) => void rows.set(`${r.runId}/${r.slot}`, { provider: r.provider, ref: r.ref, webhook: null }),
    forget: async (runId, slot) => void rows.delete(`${runId}/${slot}`),
  };
}

function deps(store = memoryStore(), extra: Partial<RemoteJobDeps> = {}): RemoteJobDeps {
  return { store, limiter: unlimited, logger: pino({ level: 'silent' }), retry: { attempts: 4, baseMs: 1, maxMs: 5 }, webhookFallbackPollMs: 60_000, ...extra };
}

const ctx = (signal = AbortSignal.timeout(5_000), onState?: (s: RemoteState) => void) => ({ runId: 'run-1', slot: 'image-1', signal, ...(onState ? { onState } : {}) });

describe('runRemoteJob', () => {
  it('submits, reports the queue position as it moves, and returns the output with the request id', async () => {
    const { api, calls } = scripted({ states: [{ state: 'queued', position: 1 }, { state: 'queued', position: 0 }, { state: 'running' }, { state: 'succeeded' }] });
    const store = memoryStore();
    const seen: RemoteState[] = [];
    const file = await runRemoteJob(api, input, ctx(undefined, (s) => seen.push(s)), deps(store));
    expect(file).toEqual({ data: Buffer.from('image bytes'), contentType: 'image/png', requestId: 'req-1' });
    expect(seen).toEqual([
      { state: 'queued', position: 2 },
      { state: 'queued', position: 1 },
      { state: 'queued', position: 0 },
      { state: 'running' },
      { state: 'succeeded' },
    ]);
    expect(calls.submit).toBe(1);
    expect(store.rows.get('run-1/image-1')).toMatchObject({ provider: 'fal', ref: { requestId: 'req-1' } });
  });

  it('retries a 429 after its Retry-After and a 503, then succeeds with one accepted submission', async () => {
    const { api, calls } = scripted({
      submit: [
        new ProviderHttpError('fal', 429, 'rate limited', true, 1),
        new ProviderHttpError('fal', 503, 'runner_scheduling_failure', true),
        { ref: { requestId: 'req-ok' }, state: { state: 'succeeded' } },
      ],
    });
    const file = await runRemoteJob(api, input, ctx(), deps());
    expect(file.requestId).toBe('req-ok');
    expect(calls.submit).toBe(3);
  });

  it('gives up on transient failures after the retry budget, as a transient error BullMQ may retry later', async () => {
    const { api, calls } = scripted({ submit: Array.from({ length: 5 }, () => new ProviderHttpError('fal', 502, 'bad gateway', true)) });
    await expect(runRemoteJob(api, input, ctx(), deps())).rejects.toBeInstanceOf(TransientProviderError);
    expect(calls.submit).toBe(4);
  });

  it('fails at once on a permanent refusal, with a sentence a person can read', async () => {
    const { api, calls } = scripted({ submit: [new ProviderHttpError('fal', 402, 'Exhausted balance', false)] });
    const error = await runRemoteJob(api, input, ctx(), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentProviderError);
    expect((error as Error).message).toBe('fal.ai is out of credits right now. Your credits were refunded.');
    expect(calls.submit).toBe(1);
  });

  it('treats moderation as moderation, whether a state or a blurred result', async () => {
    const moderatedState = scripted({ states: [{ state: 'moderated', reason: 'the request was moderated' }] });
    await expect(runRemoteJob(moderatedState.api, input, ctx(), deps())).rejects.toBeInstanceOf(ModeratedError);
    const blurred = scripted({ outcome: { kind: 'moderated', reason: 'NSFW content detected' } });
    const error = await runRemoteJob(blurred.api, input, ctx(), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModeratedError);
    expect((error as Error).message).toContain('NSFW content detected');
  });

  it('cancels at the provider when the deadline passes, and says the service took too long', async () => {
    const { api, calls } = scripted({ states: [{ state: 'running' }] });
    const error = await runRemoteJob(api, input, ctx(AbortSignal.timeout(60)), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as Error).message).toBe('Timeout: the AI service took too long');
    expect(calls.cancel).toEqual(['req-1']);
  });

  it('cancels at the provider when the run is stopped', async () => {
    const { api, calls } = scripted({ states: [{ state: 'running' }] });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 30);
    await expect(runRemoteJob(api, input, ctx(stop.signal), deps())).rejects.toBeInstanceOf(ProviderCanceledError);
    expect(calls.cancel).toEqual(['req-1']);
  });

  it('never submits a request of a run already canceled', async () => {
    const cancel = new AbortController();
    cancel.abort(new Error('The generation was canceled'));
    const later = scripted({});
    await expect(runRemoteJob(later.api, input, ctx(cancel.signal), deps())).rejects.toBeInstanceOf(ProviderCanceledError);
    expect(later.calls.submit).toBe(0);
  });

  /** Runs the job of a run whose request a crashed worker stored ('req-earlier'); the provider first says `found` of it. */
  async function afterCrash(found: RemoteState) {
    const store = memoryStore();
    await store.record({ runId: 'run-1', slot: 'image-1', provider: 'fal', requestId: 'req-earlier', ref: { requestId: 'req-earlier' } });
    const { api, calls } = scripted({ states: [found, { state: 'succeeded' }] });
    const file = await runRemoteJob(api, input, ctx(), deps(store));
    return { requestId: file.requestId, submits: calls.submit };
  }

  it('resumes the stored request of a crashed worker instead of submitting again', async () => {
    expect(await afterCrash({ state: 'running' })).toEqual({ requestId: 'req-earlier', submits: 0 });
  });

  it('submits again when the stored request is gone at the provider', async () => {
    expect(await afterCrash({ state: 'expired' })).toEqual({ requestId: 'req-1', submits: 1 });
  });

  it('with webhooks, asks the provider to call back and takes the delivered result without polling it', async () => {
    const store = memoryStore();
    const { api, calls } = scripted({ webhooks: true, submit: [{ ref: { requestId: 'req-hook' }, state: { state: 'queued' } }] });
    setTimeout(() => {
      const row = store.rows.get('run-1/image-1');
      if (row) row.webhook = { id: 'req-hook' };
    }, 40);
    const file = await runRemoteJob(api, input, ctx(), deps(store, { webhookUrl: (p) => `https://app.example/webhooks/${p}` }));
    expect(file.data.toString()).toBe('from webhook');
    expect(calls.inputs[0]?.webhookUrl).toBe('https://app.example/webhooks/fal');
    expect(calls.status).toBe(0);
  });

  describe('outputs at a URL', () => {
    let base = '';
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/out.png') res.writeHead(200, { 'content-type': 'image/png' }).end('png bytes');
      else if (req.url === '/secret.png') res.writeHead(200, { 'content-type': 'image/png' }).end('internal secret');
      else if (req.url === '/elsewhere') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      else res.writeHead(403).end('expired');
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('are copied at once', async () => {
      const { api } = scripted({ outcome: { kind: 'file', url: `${base}/out.png` }, outputHosts: [base] });
      const file = await runRemoteJob(api, input, ctx(), deps());
      expect(file).toMatchObject({ data: Buffer.from('png bytes'), contentType: 'image/png' });
    });

    it('that expired are made again on the next attempt: the stored request is forgotten', async () => {
      const store = memoryStore();
      const { api } = scripted({ outcome: { kind: 'file', url: `${base}/gone.png` }, outputHosts: [base] });
      await expect(runRemoteJob(api, input, ctx(), deps(store))).rejects.toBeInstanceOf(TransientProviderError);
      expect(store.rows.size).toBe(0);
    });

    it("are never fetched from outside the provider's result hosts: plain http, a private address, or a name that resolves to one", async () => {
      const before = hits.length;
      for (const [url, outputHosts] of [
        [`${base}/secret.png`, undefined],
        [`${base}/secret.png`, ['fal.media', '*.fal.media']],
        [`${base}/secret.png`, ['127.0.0.1']],
        ['https://127.0.0.1/secret.png', ['127.0.0.1']],
        ['https://169.254.169.254/latest/meta-data', ['169.254.169.254']],
        ['https://localhost/secret.png', ['localhost', '*.localhost']],
        ['https://v3.fal.media.evil.example/x.png', ['*.fal.media']],
        ['file:///etc/passwd', ['*.fal.media']],
      ] as const) {
        const { api } = scripted({ outcome: { kind: 'file', url }, ...(outputHosts ? { outputHosts: [...outputHosts] } : {}) });
        const failure = await runRemoteJob(api, input, ctx(), deps()).catch((error: unknown) => error);
        expect(failure, url).toBeInstanceOf(PermanentProviderError);
      }
      expect(hits.slice(before)).toEqual([]);
    });

    it('are refused past the size cap, and when they redirect somewhere not allowed', async () => {
      const big = scripted({ outcome: { kind: 'file', url: `${base}/out.png` }, outputHosts: [base] });
      await expect(runRemoteJob(big.api, input, ctx(), deps(memoryStore(), { maxOutputBytes: 4 }))).rejects.toBeInstanceOf(PermanentProviderError);
      const redirected = scripted({ outcome: { kind: 'file', url: `${base}/elsewhere` }, outputHosts: [base] });
      await expect(runRemoteJob(redirected.api, input, ctx(), deps())).rejects.toBeInstanceOf(PermanentProviderError);
    });
  });
});
