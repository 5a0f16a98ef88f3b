import { errorText, failedNotice, IDENTITY_CHECK_FAILED_NOTICE, MEDIA_READY_NOTICE } from '@app/shared';
import { queryKeys } from '../../../api/query-keys';
import type { EngineContext, Run } from './engine-context';
import { dispatchErrorNotice, failedRunNotice, isInsufficientCredits } from './error-notices';
import {
  REFRESH_AFTER_COMPLETION_MS,
  STATE_REFRESH_AFTER_FAILURE_MS,
  STATE_REFRESH_AFTER_SUCCESS_MS,
} from './generation-timing';
import type { GenerateOutcome, GenerationResult } from './generation-types';
import { failedResult, toViewerItem } from './result-mapping';

/**
 * Spec 1 §4 Completion, after either outcome: the composer is cleared; the feed and the profile
 * refresh after 500 ms; the state (and the credits) 3 s after a success, 1 s after a failure.
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
    context.store.set((state) =>
      state.runId === runId && !state.isGenerating ? { ...state, phase: 'idle', isNavigating: false, error: null } : state,
    );
    deps.invalidate?.(queryKeys.quota());
    deps.invalidate?.(queryKeys.drafts());
  });
}

/** The run ended with a result (completed, possibly without passing the identity check, or failed). */
export function finishRun(context: EngineContext, run: Run, result: GenerationResult): GenerateOutcome {
  const { runId, mode } = run;
  if (!context.release(runId)) {
    // A stale run's late result is ignored, except running out of credits.
    if (!result.success && isInsufficientCredits(result.error)) context.toast('error', failedRunNotice(result.error));
    return { status: 'stale', runId };
  }
  const completed = result.status === 'completed';
  context.store.set((state) => ({
    ...state,
    isGenerating: false,
    running: null,
    lastFinished: state.running ? { run: state.running, outcome: completed ? 'completed' : result.canceled ? 'canceled' : 'failed' } : state.lastFinished,
    phase: completed ? 'completed' : 'failed',
    error: result.success ? null : result.error,
  }));
  context.announce('generation:done', {
    runId,
    status: completed ? 'completed' : 'failed',
    success: result.success,
    error: completed ? null : result.error,
    resultUrl: completed ? result.outputUrl : null,
    result,
  });
  context.announce('clear-generating-state', { runId });

  if (!completed) {
    const notice = failedRunNotice(result.error);
    context.announce('generation-error', { message: notice.message, mode, runId });
    if (!result.canceled) context.toast('error', notice);
    afterCompletion(context, runId, false);
    return { status: 'failed', runId, result };
  }
  const item = toViewerItem(result, run.request, context.deps().now());
  context.announce('generation-complete', { record: item, resultUrl: item.url });
  run.onComplete?.(item);
  if (result.success) {
    context.announce('generation-success', { message: MEDIA_READY_NOTICE.title, mode, thumbUrl: item.thumbnailUrl });
    context.toast('ready', MEDIA_READY_NOTICE, () => run.onOpen(item));
  } else {
    context.toast('ready', IDENTITY_CHECK_FAILED_NOTICE, () => run.onOpen(item));
  }
  afterCompletion(context, runId, result.success);
  return { status: 'completed', runId, result, item };
}

/** The run could not be dispatched or followed (no credits, a refused request, a network failure). */
export function failRun(context: EngineContext, run: Run, error: unknown): GenerateOutcome {
  const { runId, mode } = run;
  const notice = dispatchErrorNotice(error);
  if (!context.release(runId)) {
    if (isInsufficientCredits(error)) context.toast('error', notice);
    return { status: 'stale', runId };
  }
  const message = errorText(error) || notice.message;
  const result = failedResult(runId, message);
  context.store.set((state) => ({
    ...state,
    isGenerating: false,
    running: null,
    lastFinished: state.running ? { run: state.running, outcome: 'failed' } : state.lastFinished,
    phase: 'failed',
    error: message,
  }));
  context.announce('generation:done', { runId, status: 'failed', success: false, error: message, resultUrl: null, result });
  context.announce('clear-generating-state', { runId });
  context.announce('generation-error', { message: notice.message, mode, runId });
  // A 202 / processing answer mistaken for an error is handled quietly (spec 1 §8).
  if (failedNotice(error) !== null) context.toast('error', notice);
  afterCompletion(context, runId, false);
  return { status: 'failed', runId, result };
}
