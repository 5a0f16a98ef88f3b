import { creditShortfallMessage } from '@app/shared';
import { useEffect, useState } from 'react';
import { WarningIcon } from '../../components/icons/line-icons';
import type { MediaItem } from '../../entities/media/media-item';
import { repeat } from '../../lib/scheduler';
import { useCredits } from '../../state/credits';
import { nextSecondIn, runText } from '../../state/run-reducer';
import { type RunCard, useRunCard } from '../../state/run-store';
import { getGenerationEngine } from '../generation';
import { CancelRunButton } from './cancel-run-button';
import { credits } from '../../lib/count-text';
import '../../styles/center-stack.css';
import './live-run-status.css';

/** Whether a card shows a run's live state (a run in progress, or one that failed here). */
export function showsLiveStatus(item: MediaItem): boolean {
  return !!item.runId && (item.pending === true || item.status === 'processing');
}

/** Milliseconds until a count in whole seconds from `since` (rounded, as the overlay's "12s") moves on. */
const elapsedSecondIn = (since: number, now: number) => 1000 - ((((now - since + 500) % 1000) + 1000) % 1000);

/**
 * The time now, moved on each time the card's counted-down wait shows its next second (it counts
 * down between the server's events; each event re-anchors it), and each second from `elapsedSince`
 * when a count of seconds since then is shown too.
 */
export function useNow(card: Pick<RunCard, 'etaSeconds' | 'etaAt'> | null | undefined, elapsedSince?: number): number {
  const [now, setNow] = useState(() => Date.now());
  const etaSeconds = card?.etaSeconds ?? null;
  const etaAt = card?.etaAt ?? null;
  useEffect(() => {
    if (etaSeconds === null && elapsedSince === undefined) return;
    setNow(Date.now());
    const nextIn = () => {
      const at = Date.now();
      const delays = [nextSecondIn({ etaSeconds, etaAt }, at), elapsedSince === undefined ? null : elapsedSecondIn(elapsedSince, at)];
      const due = delays.filter((ms) => ms !== null);
      return due.length > 0 ? Math.min(...due) : null;
    };
    return repeat(nextIn, () => setNow(Date.now()));
  }, [etaSeconds, etaAt, elapsedSince]);
  return now;
}

/** The line a processing card shows: the run's state, or the spec's "Creating…" before any. */
export function processingText(card: RunCard | null, now: number): string {
  if (!card || card.phase === 'starting') return 'Creating…';
  return runText(card, now);
}

/** Cancel a run from its card or the Creating overlay; Retry a failed or canceled one. */
export function useRunActions(runId: string) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    cancel: async () => {
      setBusy(true);
      try {
        await getGenerationEngine().cancelRun(runId);
      } finally {
        setBusy(false);
      }
    },
    // Following the run again can take minutes: the card shows its progress meanwhile.
    retry: () => void getGenerationEngine().retryRun(runId),
  };
}

/**
 * A run's state laid over its card (issue 16): "In queue · 3 ahead · about 40 s" counting down,
 * "Generating", "Checking likeness 2/3 (0.71, needs 0.75)", "Making videos 2/3" with Cancel;
 * "Canceling…" at once on Cancel; a failed or canceled run its reason with Retry.
 */
export function LiveRunStatus({ item }: { item: MediaItem }) {
  const runId = item.runId ?? '';
  const card = useRunCard(runId);
  const now = useNow(card);
  const actions = useRunActions(runId);
  const failed = card ? card.phase === 'failed' || card.phase === 'canceled' : item.status === 'failed';
  // A retry is charged what the run reserved (the server's number), shown before the tap.
  const retryCost = card?.cost ?? item.receipt?.creditsReserved ?? null;
  const { credits: balance } = useCredits(failed);
  const short = failed && retryCost !== null && balance !== null && balance < retryCost ? creditShortfallMessage('A retry', retryCost, balance) : null;

  if (failed) {
    return (
      <div className="media-status live-run live-run--failed center-stack" role="status" data-live-phase={card?.phase ?? 'failed'}>
        <WarningIcon />
        <span className="media-status__text live-run__text">{card ? runText(card, now) : 'Generation failed'}</span>
        {short && <span className="live-run__shortfall">{short}</span>}
        <button type="button" className="button button--small live-run__action" onClick={actions.retry} disabled={short !== null} data-testid="retry-run">
          {retryCost === null ? 'Retry' : `Retry · ${credits(retryCost)}`}
        </button>
      </div>
    );
  }

  return (
    // data-run-on-screen: the app tells whether the person watched the run end (app/run-notification-wiring.ts).
    <div className="media-status media-status--processing live-run center-stack" role="status" data-live-phase={card?.phase ?? 'processing'} data-run-on-screen={runId}>
      <span className="spinner" aria-hidden="true" />
      <span className="media-status__text live-run__text" aria-live="polite">
        {processingText(card, now)}
      </span>
      <CancelRunButton card={card} actions={actions} className="button button--small live-run__action" />
    </div>
  );
}
