import { errorText, failedNotice, IDENTITY_CHECK_FAILED_NOTICE, MEDIA_READY_NOTICE } from '@app/shared';
import { queryKeys } from '../../api/query-keys';
import { credits } from '../../lib/count-text';
import { fromRunMedia } from '../../entities/media/media-item';
import { chargedOf } from '../../state/run-reducer';
import type { RunCard } from '../../state/run-store';
import type { EngineContext, Run } from './engine-context';
import { dispatchErrorNotice, failedRunNotice, isInsufficientCredits } from './error-notices';
import {
  REFRESH_AFTER_COMPLETION_MS,
  STATE_REFRESH_AFTER_FAILURE_MS,
  STATE_REFRESH_AFTER_SUCCESS_MS,
} from './generation-timing';
import type { GenerateOutcome } from './generation-types';

/**
 * Spec 1 §4 Completion, after either outcome: the composer's options are cleared (its photos
 * stay for the next run); the feed and the profile refresh after 500 ms; the state (and the
 * credits) 3 s after a success, 1 s after a failure.
 */
function afterCompletion(context: EngineContext, runId: string, success: boolean): void {
  const deps = context.deps();
  context.announce('clear-composer-state', { runId, reason: 'completed' });
  deps.composer?.clear('completed');
  context.later(REFRESH_AFTER_COMPLETION_MS, () => {
    context.announce('refreshFeed', { runId });
    context.announce('userMediaUpdated', { runId });
    context.announce('refreshUserMedia', { runId });
    deps.invalidate?.(queryKeys.feed());
    deps.invalidate?.(queryKeys.library());
    deps.invalidate?.(queryKeys.trending());
  });
  context.later(success ? STATE_REFRESH_AFTER_SUCCESS_MS : STATE_REFRESH_AFTER_FAILURE_MS, () => {
    deps.invalidate?.(queryKeys.quota());
    deps.invalidate?.(queryKeys.drafts());
  });
}

export const FINISHED_BEFORE_CANCEL = 'Finished before it could be canceled';
const chargedText = (n: number) => `${credits(n)} charged`;

/** The run's card ended (done, possibly without passing the identity check; failed; canceled). */
export function finishRun(context: EngineContext, run: Run, card: RunCard): GenerateOutcome {
  const { runId, mode } = run;
  context.release(runId);
  const media = card.phase === 'done' ? card.media : null;
  const item = media ? fromRunMedia(media) : null;
  const completed = item !== null;
  const passed = completed && media?.status !== 'failed';
  const error = completed ? (passed ? null : IDENTITY_CHECK_FAILED_NOTICE.message) : card.phase === 'canceled' ? 'Canceled' : (card.error ?? 'Generation failed');
  context.announce('generation:done', {
    runId,
    status: completed ? 'completed' : 'failed',
    success: passed,
    error: completed ? null : error,
    resultUrl: item?.url ?? null,
  });
  context.announce('clear-generating-state', { runId });

  if (!item) {
    const notice = failedRunNotice(error);
    context.announce('generation-error', { message: notice.message, mode, runId });
    // A cancel says what happened on its card; a failure also toasts.
    if (card.phase === 'failed') context.toast('error', notice);
    afterCompletion(context, runId, false);
    return card.phase === 'canceled' ? { status: 'canceled', runId } : { status: 'failed', runId, error: error ?? 'Generation failed' };
  }
  context.announce('generation-complete', { record: item, resultUrl: item.url ?? '' });
  run.onComplete?.(item);
  if (passed) {
    context.announce('generation-success', { message: MEDIA_READY_NOTICE.title, mode, thumbUrl: item.thumbnailUrl ?? item.url ?? '' });
    // A cancel that came too late is said, with what the run cost.
    const notice = card.cancelRequested ? { title: FINISHED_BEFORE_CANCEL, message: `${chargedText(chargedOf(card))} · Tap to open` } : MEDIA_READY_NOTICE;
    context.toast('ready', notice, () => run.onOpen(item));
  } else {
    context.toast('ready', IDENTITY_CHECK_FAILED_NOTICE, () => run.onOpen(item));
  }
  afterCompletion(context, runId, passed);
  return { status: 'completed', runId, item, passed };
}

/** A stale run's late end is ignored, except running out of credits (spec 1 §4). */
export function staleEnd(context: EngineContext, error: unknown): void {
  if (isInsufficientCredits(error)) context.toast('error', dispatchErrorNotice(error));
}

/** The run could not be followed (a network failure, a refused poll): its card says so. */
export function failRun(context: EngineContext, run: Run, error: unknown): GenerateOutcome {
  const { runId, mode } = run;
  const notice = dispatchErrorNotice(error);
  if (!context.isCurrent(runId)) {
    staleEnd(context, error);
    return { status: 'stale', runId };
  }
  const message = errorText(error) || notice.message;
  context.store.dispatch({ type: 'event', event: { type: 'run.failed', runId, error: message, refunded: 0 } });
  context.release(runId);
  context.announce('generation:done', { runId, status: 'failed', success: false, error: message, resultUrl: null });
  context.announce('clear-generating-state', { runId });
  context.announce('generation-error', { message: notice.message, mode, runId });
  // A 202 / processing answer mistaken for an error is handled quietly (spec 1 §8).
  if (failedNotice(error) !== null) context.toast('error', notice);
  afterCompletion(context, runId, false);
  return { status: 'failed', runId, error: message };
}
