import { POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS } from '@app/shared';
import { ApiError } from '../../../api/api-error';
import { isAbortError, sleep, type Timers } from '../upload/scheduler';
import type { GenerationApi } from './generation-api';
import type { GenerationResult, MediaByRunIdAnswer, RunPoll } from './generation-types';
import { answerFromUserMedia, mediaOutputUrl, resultFromAnswer, timedOutResult } from './result-mapping';

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

/** Errors after which polling cannot succeed: signed out, no permission, no credits. */
function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && [401, 402, 403].includes(error.status);
}

async function fallbackAnswer(options: PollRunOptions): Promise<MediaByRunIdAnswer | null> {
  const userId = options.getUserId();
  if (!userId) return null;
  try {
    const media = await options.api.findUserMediaByRunId(userId, options.runId, options.signal);
    return media ? answerFromUserMedia(media) : null;
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    return null;
  }
}

/**
 * Spec 1 §4, §9: polls getMediaByRunId every 5 s, at most 72 times. A 404 means processing; a
 * passing error counts as an attempt (the getUserMedia fallback is tried then). Resolves with
 * the completed or failed result, the timeout ('Generation timed out. Please try again.'), or
 * null once the run is stale; rejects on abort and on a 401/402/403.
 */
export async function pollRun(options: PollRunOptions): Promise<GenerationResult | null> {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? POLL_MAX_ATTEMPTS;
  const { runId, signal } = options;

  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    await sleep(interval, { timers: options.timers, signal });
    if (!options.isCurrent()) return null;

    let poll: RunPoll;
    try {
      poll = await options.api.getMediaByRunId(runId, signal);
    } catch (error) {
      if (signal?.aborted || isAbortError(error) || isFinalError(error)) throw error;
      const fallback = await fallbackAnswer(options);
      if (fallback) return resultFromAnswer(fallback, runId);
      continue;
    }
    if (poll.kind === 'processing') continue;

    const result = await resultOfAnswer(poll.answer, options);
    if (result.status === 'processing') continue;
    return result;
  }
  return timedOutResult(runId);
}

/** An answer as a result; a failed one without its image gets it back by run id when kept. */
export async function resultOfAnswer(answer: MediaByRunIdAnswer, options: PollRunOptions): Promise<GenerationResult> {
  const result = resultFromAnswer(answer, options.runId);
  if (result.status === 'failed' && !mediaOutputUrl(answer.media)) {
    // The failed answer may have lost its image on the way: look for it by run id.
    const fallback = await fallbackAnswer(options);
    if (fallback?.media) return resultFromAnswer({ ...answer, media: fallback.media }, options.runId);
  }
  return result;
}
