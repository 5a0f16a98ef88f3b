import type { ClientMode } from '@app/shared';
import { useState } from 'react';
import { WarningIcon } from '../../../components/icons/line-icons';
import type { MediaItem } from '../../../entities/media/media-item';
import { useGenerationStatus } from '../../../state/generation-store';
import { getGenerationEngine } from './generation-service';
import { isCancelable, liveRunText, type LiveRun, useLiveRun } from './run-live-state';
import '../../../styles/center-stack.css';
import './live-run-status.css';

/** Whether a card shows a run's live state (a run in progress, or one that failed here). */
export function showsLiveStatus(item: MediaItem): boolean {
  return !!item.runId && (item.pending === true || item.status === 'processing');
}

function isFailure(live: LiveRun | null): boolean {
  return live?.phase === 'failed' || live?.phase === 'canceled';
}

/** The line a processing card shows: the live state, or the spec's "Creating…" without a stream. */
export function processingText(live: LiveRun | null): string {
  if (!live || live.phase === 'done') return 'Creating…';
  return liveRunText(live);
}

/** Cancel a run from its card or the Creating overlay. */
export function useRunActions(runId: string) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    cancel: () => run(() => getGenerationEngine().cancelRun(runId)),
    retry: (info: { mode?: ClientMode | null; prompt?: string | null }) => {
      // Following the run again can take minutes: the card is busy only until the server agrees.
      void getGenerationEngine().retryRun(runId, info);
    },
  };
}

/**
 * A run's state laid over its card (issue 16): "In queue · 3 ahead · about 40 s", "Generating",
 * "Checking likeness 2/3 (0.71, needs 0.75)", "Making videos 2/3" with Cancel; a failed or
 * canceled run its reason with Retry.
 */
export function LiveRunStatus({ item }: { item: MediaItem }) {
  const runId = item.runId ?? '';
  const live = useLiveRun(runId);
  const ended = useGenerationStatus((status) => (status.lastFinished?.run.runId === runId ? status : null));
  const actions = useRunActions(runId);
  const failed = isFailure(live) || (item.status === 'failed' && live?.phase !== 'queued');

  if (failed) {
    const reason = live && isFailure(live) ? liveRunText(live) : (ended?.error ?? 'Generation failed');
    return (
      <div className="media-status live-run live-run--failed center-stack" role="status" data-live-phase={live?.phase ?? 'failed'}>
        <WarningIcon />
        <span className="media-status__text live-run__text">{reason}</span>
        <button
          type="button"
          className="button button--small live-run__action"
          onClick={() => actions.retry({ mode: ended?.lastFinished?.run.mode ?? null, prompt: ended?.lastFinished?.run.prompt ?? item.prompt })}
        >
          Retry
        </button>
      </div>
    );
  }

  return (
    <div className="media-status media-status--processing live-run center-stack" role="status" data-live-phase={live?.phase ?? 'processing'}>
      <span className="spinner" aria-hidden="true" />
      <span className="media-status__text live-run__text" aria-live="polite">
        {processingText(live)}
      </span>
      {isCancelable(live) && (
        <button type="button" className="button button--small live-run__action" onClick={() => void actions.cancel()} disabled={actions.busy}>
          Cancel
        </button>
      )}
    </div>
  );
}
