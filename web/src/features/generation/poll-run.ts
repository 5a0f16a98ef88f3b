import { GENERATION_TIMEOUT_MESSAGE, POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS } from '@app/shared';
import { ApiError } from '../../api/api-error';
import { isAbortError, sleep, type Timers } from '../../lib/scheduler';
import type { GenerationApi } from './generation-api';
import type { RunPoll, TerminalRunEvent } from './generation-types';

export interface PollRunOptions {
  runId: string;
  api: GenerationApi;
  timers: Timers;
  signal?: AbortSignal;
  /** Polling stops (returning null) once the run is no longer the latest. */
  isCurrent: () => boolean;
  getUserId: () => string | null;
  intervalMs?: number;
  maxAttempts?: number;
}

/** Spec 1 §9: 72 polls without an answer end the run with the timeout message. */
export function timedOut(runId: string): TerminalRunEvent {
  return { type: 'run.failed', runId, error: GENERATION_TIMEOUT_MESSAGE, refunded: 0 };
}

/** A fallback's end with the balance the server has now (getUserMedia does not say it), when it could be read. */
async function balanced(event: TerminalRunEvent, options: PollRunOptions): Promise<TerminalRunEvent> {
  try {
    const balance = await options.api.getQuota(options.signal);
    return balance === null ? event : { ...event, balance };
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    return event;
  }
}

/** Errors after which polling cannot succeed: signed out, no permission, no credits. */
function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && [401, 402, 403].includes(error.status);
}

/** The getUserMedia fallback: the run's item, when the library has it (rendered, or kept). */
async function fallbackEvent(options: PollRunOptions): Promise<TerminalRunEvent | null> {
  const userId = options.getUserId();
  if (!userId) return null;
  try {
    const media = await options.api.findUserMediaByRunId(userId, options.runId, options.signal);
    if (!media || media.status === 'processing' || !(media.finalUrl ?? media.url)) return null;
    return { type: 'run.done', runId: options.runId, media, charged: media.receipt?.creditsCharged };
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    return null;
  }
}

/** One check of the run (a 404 is null); a failed answer that lost its image gets it back by run id. */
export async function checkRun(options: PollRunOptions): Promise<TerminalRunEvent | null> {
  const poll: RunPoll = await options.api.getMediaByRunId(options.runId, options.signal);
  if (poll.kind === 'processing') return null;
  if (poll.event.type !== 'run.failed') return poll.event;
  const found = await fallbackEvent(options);
  return found ? balanced(found, options) : poll.event;
}

/**
 * Spec 1 §4, §9: polls getMediaByRunId every 5 s, at most 72 times. A 404 means processing; a
 * passing error counts as an attempt (the getUserMedia fallback is tried then). Resolves with
 * the run's end as its event (the timeout as a failed one), or null once the run is stale;
 * rejects on abort and on a 401/402/403.
 */
export async function pollRun(options: PollRunOptions): Promise<TerminalRunEvent | null> {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? POLL_MAX_ATTEMPTS;
  const { signal } = options;

  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    await sleep(interval, { timers: options.timers, signal });
    if (!options.isCurrent()) return null;
    try {
      const ended = await checkRun(options);
      if (ended) return ended;
    } catch (error) {
      if (signal?.aborted || isAbortError(error) || isFinalError(error)) throw error;
      const fallback = await fallbackEvent(options);
      if (fallback) return balanced(fallback, options);
    }
  }
  return timedOut(options.runId);
}
