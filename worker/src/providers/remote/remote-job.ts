import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@app/shared/server/logger';
import { inSpan, noteOnStep } from '@app/shared/server/tracing';
import { TransientProviderError } from '../provider';
import { type ProviderLimiter, unlimited } from './provider-limiter';
import { ModeratedError, PermanentProviderError, ProviderHttpError, toRunError } from './provider-http';
import { DEFAULT_OUTPUT_MAX_BYTES, type FetchedOutput, OutputRefusedError, fetchOutput } from './output-download';
import type { RemoteApi, RemoteInput, RemoteOutcome, RemoteRef, RemoteState } from './remote-api';

/**
 * The driver every remote provider runs under: one state machine from submit to stored bytes.
 * It resumes the slot's stored request when there is one (a worker that took over a crashed
 * one never pays twice), retries transient failures with exponential backoff and jitter
 * (honouring Retry-After), polls at the provider's interval or waits for its webhook, cancels
 * at the provider when the deadline passes or the run is stopped, and downloads outputs at once.
 */

/** The provider did not finish before PROVIDER_TIMEOUT_MS: the run ends `expired`, refunded. */
export class ProviderTimeoutError extends PermanentProviderError {
  constructor(provider: RemoteApi['name'], seconds: number) {
    super('Timeout: the AI service took too long', provider, 504, `no result after ${seconds} s`);
    this.name = 'ProviderTimeoutError';
  }
}

/** The run was stopped while the provider worked on it: the run ends `canceled`. */
export class ProviderCanceledError extends PermanentProviderError {
  constructor(provider: RemoteApi['name']) {
    super('The generation was canceled', provider, 499, 'canceled');
    this.name = 'ProviderCanceledError';
  }
}

/** Where submitted requests are kept (`provider_requests`), so another process can resume them. */
export interface RemoteRequestStore {
  find(runId: string, slot: string): Promise<{ provider: string; ref: unknown; webhook: unknown } | undefined>;
  record(request: { runId: string; slot: string; provider: string; requestId: string; ref: Record<string, unknown> }): Promise<void>;
  forget(runId: string, slot: string): Promise<void>;
}

export interface RetryPolicy {
  /** Tries per call, the first included. */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

export interface RemoteJobDeps {
  store: RemoteRequestStore;
  limiter: ProviderLimiter;
  logger: Logger;
  retry: RetryPolicy;
  /** The address a provider calls back, when webhooks are configured (`<base>/webhooks/<provider>`). */
  webhookUrl?: (provider: string) => string | undefined;
  /** While waiting for a webhook, the provider is still asked this often (a lost webhook costs no more). */
  webhookFallbackPollMs: number;
  /** The largest output file copied (PROVIDER_OUTPUT_MAX_BYTES); default `DEFAULT_OUTPUT_MAX_BYTES`. */
  maxOutputBytes?: number;
}

export interface RemoteJobContext {
  runId: string;
  /** Which request of the run (`image-1`, `story-0`, `video-0`): the key of the stored request. */
  slot: string;
  /** Aborts when the deadline passes (reason TimeoutError) or the run is stopped. */
  signal: AbortSignal;
  /** Told of each change of state (the run's stage and the provider's queue position). */
  onState?: (state: RemoteState) => void;
}

export interface RemoteFile {
  data: Buffer;
  contentType: string;
  requestId: string;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 500, maxMs: 8_000 };

/** Runs one request at a provider to its output bytes. */
export async function runRemoteJob(api: RemoteApi, input: RemoteInput, ctx: RemoteJobContext, deps: RemoteJobDeps): Promise<RemoteFile> {
  // The request's signal: its deadline, and the person's cancel of the run.
  const { signal } = ctx;
  const log = deps.logger.child({ provider: api.name, runId: ctx.runId, slot: ctx.slot });
  const startedAt = Date.now();
  const stopped = () => {
    const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
    return timedOut ? new ProviderTimeoutError(api.name, Math.round((Date.now() - startedAt) / 1000)) : new ProviderCanceledError(api.name);
  };
  if (signal.aborted) throw stopped();
  const lease = await deps.limiter.acquire(api.name, api.limit, signal).catch((error: unknown) => {
    throw signal.aborted ? stopped() : error;
  });
  let ref: RemoteRef | undefined;
  // The provider's queue wait and making time, noted on the run's step of this call (issue 44).
  const waits = new ProviderWaits();
  const timed: RemoteJobContext = { ...ctx, onState: (state) => (waits.observe(state), ctx.onState?.(state)) };
  try {
    const webhookUrl = api.supportsWebhooks ? deps.webhookUrl?.(api.name) : undefined;
    const started = await startOrResume(api, { ...input, ...(webhookUrl ? { webhookUrl } : {}) }, timed, deps, log);
    ref = started.ref;
    const outcome = 'outcome' in started ? started.outcome : await follow(api, started.ref, started.state, Boolean(webhookUrl), timed, deps, log);
    if (outcome.kind === 'moderated') throw new ModeratedError(api.name, outcome.reason);
    const file = 'data' in outcome ? { data: outcome.data, contentType: outcome.contentType } : await download(api, outcome, signal, deps.retry, deps.maxOutputBytes ?? DEFAULT_OUTPUT_MAX_BYTES);
    if (!file) {
      // The output's URL expired before we fetched it: the next attempt submits again.
      await deps.store.forget(ctx.runId, ctx.slot);
      throw new TransientProviderError(`${api.name}: the output of ${ref.requestId} was no longer available`);
    }
    return { ...file, requestId: ref.requestId };
  } catch (error) {
    if (!signal.aborted) throw error;
    if (ref) await cancelQuietly(api, ref, log);
    const failure = stopped();
    log.warn({ requestId: ref?.requestId }, failure instanceof ProviderTimeoutError ? 'provider deadline passed: canceled at the provider' : 'run stopped: canceled at the provider');
    throw failure;
  } finally {
    noteOnStep({ model: api.model, ...(ref ? { 'provider.request_id': ref.requestId } : {}), ...waits.facts() });
    await lease.release();
  }
}

/** How long a request waited in the provider's queue and how long it was being made, from its states. */
class ProviderWaits {
  private state: RemoteState['state'] | undefined;
  private since = 0;
  private readonly ms = { queued: 0, running: 0 };

  observe(next: RemoteState): void {
    this.close();
    this.state = next.state;
    this.since = performance.now();
  }

  facts(): Record<string, number> {
    this.close();
    this.state = undefined;
    const seen = Object.entries(this.ms).filter(([, ms]) => ms > 0);
    return Object.fromEntries(seen.map(([state, ms]) => [state === 'queued' ? 'provider.queue_ms' : 'provider.run_ms', Math.round(ms)]));
  }

  private close(): void {
    if (this.state === 'queued' || this.state === 'running') this.ms[this.state] += performance.now() - this.since;
  }
}

type Started = { ref: RemoteRef; state: RemoteState } | { ref: RemoteRef; outcome: RemoteOutcome };

/** The slot's stored request when it is still alive at the provider, else a new submission. */
async function startOrResume(api: RemoteApi, input: RemoteInput, ctx: RemoteJobContext, deps: RemoteJobDeps, log: Logger): Promise<Started> {
  const stored = await deps.store.find(ctx.runId, ctx.slot);
  if (stored && stored.provider === api.name && isRef(stored.ref)) {
    const state = await call(() => api.status(stored.ref as RemoteRef, ctx.signal), deps, api, 'other', ctx.signal);
    if (state.state !== 'expired' && !(state.state === 'failed' && state.transient) && state.state !== 'canceled') {
      log.info({ requestId: stored.ref.requestId, state: state.state }, 'resuming the stored provider request');
      return { ref: stored.ref, state };
    }
    await deps.store.forget(ctx.runId, ctx.slot);
  }
  const submitted = await call(() => api.submit(input, ctx.signal), deps, api, 'submit', ctx.signal);
  await deps.store.record({ runId: ctx.runId, slot: ctx.slot, provider: api.name, requestId: submitted.ref.requestId, ref: { ...submitted.ref } });
  log.info({ requestId: submitted.ref.requestId }, 'submitted to the provider');
  return submitted;
}

/** Follows a request to its outcome: by polling, or by its webhook with a slow poll behind it. */
async function follow(
  api: RemoteApi,
  ref: RemoteRef,
  first: RemoteState,
  webhooks: boolean,
  ctx: RemoteJobContext,
  deps: RemoteJobDeps,
  log: Logger,
): Promise<RemoteOutcome> {
  let state = first;
  let reported = '';
  let lastPoll = Date.now();
  for (;;) {
    const key = JSON.stringify(state);
    if (key !== reported) {
      reported = key;
      ctx.onState?.(state);
    }
    switch (state.state) {
      case 'succeeded':
        return call(() => api.result(ref, ctx.signal), deps, api, 'other', ctx.signal);
      case 'moderated':
        return { kind: 'moderated', reason: state.reason };
      case 'failed':
        await deps.store.forget(ctx.runId, ctx.slot);
        if (state.transient) throw new TransientProviderError(`${api.name}: ${state.message}`);
        throw new PermanentProviderError(`the AI service could not make this image: ${state.message}`, api.name, 422, state.message);
      case 'expired':
        await deps.store.forget(ctx.runId, ctx.slot);
        throw new TransientProviderError(`${api.name} no longer knows request ${ref.requestId}`);
      case 'canceled':
        await deps.store.forget(ctx.runId, ctx.slot);
        throw new ProviderCanceledError(api.name);
      default:
        break;
    }
    await sleep(api.pollIntervalMs, undefined, { signal: ctx.signal });
    if (webhooks) {
      const delivered = await webhookReading(api, ref, ctx, deps, log);
      if (delivered) {
        if (delivered.outcome) return delivered.outcome;
        state = delivered.state;
        continue;
      }
      if (Date.now() - lastPoll < deps.webhookFallbackPollMs) continue;
    }
    lastPoll = Date.now();
    state = await call(() => api.status(ref, ctx.signal), deps, api, 'other', ctx.signal);
  }
}

/** The slot's delivered webhook, read by the provider's client; undefined while none came. */
async function webhookReading(api: RemoteApi, ref: RemoteRef, ctx: RemoteJobContext, deps: RemoteJobDeps, log: Logger) {
  const row = await deps.store.find(ctx.runId, ctx.slot);
  if (!row?.webhook || !api.readWebhook) return undefined;
  try {
    const reading = api.readWebhook(row.webhook);
    if (reading.requestId !== ref.requestId) return undefined;
    if (reading.state.state === 'succeeded' && !reading.outcome) return { state: reading.state, outcome: await call(() => api.result(ref, ctx.signal), deps, api, 'other', ctx.signal) };
    return reading;
  } catch (error) {
    log.warn({ err: error }, 'unreadable webhook body: polling the provider instead');
    return undefined;
  }
}

/**
 * One provider call under the rate limit, retried while its failure is transient: exponential
 * backoff with full jitter, or the provider's Retry-After when it sent one.
 */
export async function call<T>(
  fn: () => Promise<T>,
  deps: Pick<RemoteJobDeps, 'limiter' | 'retry'>,
  api: Pick<RemoteApi, 'name' | 'limit'>,
  kind: 'submit' | 'other',
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await deps.limiter.throttle(api.name, api.limit, kind, signal);
    try {
      // Each try of a submission is a span of its own: a 503 then a success shows as two, the first failed.
      return await (kind === 'submit' ? inSpan('provider.submit', { provider: api.name, try: attempt }, fn) : fn());
    } catch (error) {
      if (!(error instanceof ProviderHttpError)) throw error;
      if (!error.transient || attempt >= deps.retry.attempts) throw toRunError(error);
      const backoff = Math.min(deps.retry.maxMs, deps.retry.baseMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      await sleep(error.retryAfterMs ?? backoff, undefined, { signal });
    }
  }
}

/**
 * Copies an output from the provider's (short-lived) URL; undefined when the URL has expired.
 * Only the provider's result hosts over https, never a private address, at most `maxBytes`
 * (output-download.ts): anything else fails the run without fetching.
 */
async function download(api: RemoteApi, outcome: { url: string; contentType?: string }, signal: AbortSignal, retry: RetryPolicy, maxBytes: number) {
  return call<{ data: Buffer; contentType: string } | undefined>(
    async () => {
      let response: FetchedOutput;
      try {
        response = await fetchOutput(outcome.url, { hosts: api.outputHosts ?? [], maxBytes, signal });
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        if (error instanceof OutputRefusedError) throw new PermanentProviderError('The AI service returned an output we cannot accept', api.name, 502, error.message);
        throw new ProviderHttpError(api.name, 0, `output download failed: ${(error as Error).message}`, true);
      }
      if (!response.data) {
        if (response.status < 500 && response.status !== 429 && response.status !== 408) return undefined;
        throw new ProviderHttpError(api.name, response.status, `output download answered ${response.status}`, true);
      }
      return { data: response.data, contentType: outcome.contentType ?? response.contentType ?? 'application/octet-stream' };
    },
    // Output files are not API calls: no provider limit applies to them.
    { limiter: unlimited, retry },
    api,
    'other',
    signal,
  );
}

async function cancelQuietly(api: RemoteApi, ref: RemoteRef, log: Logger): Promise<void> {
  try {
    await api.cancel(ref, AbortSignal.timeout(5_000));
  } catch (error) {
    log.warn({ err: error, requestId: ref.requestId }, 'provider cancel failed');
  }
}

function isRef(value: unknown): value is RemoteRef {
  return typeof value === 'object' && value !== null && typeof (value as RemoteRef).requestId === 'string';
}
