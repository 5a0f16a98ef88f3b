import { useEffect, useState } from 'react';
import { CancelRunButton, processingText, useNow, useRunActions } from '../../features/live-run';
import type { RunCard } from '../../state/run-store';
import '../../styles/stack.css';
import '../../styles/cluster.css';

/**
 * 'Creating Your Media' (spec 2 §2): over the gallery while a generation runs. It can be
 * tucked away into a small pill; a new run brings it back.
 */
export function CreatingOverlay({ runs }: { runs: readonly RunCard[] }) {
  const [minimised, setMinimised] = useState(false);
  const newest = runs[0];
  const now = useNow(newest, newest?.startedAt);
  const actions = useRunActions(newest?.runId ?? '');

  useEffect(() => setMinimised(false), [newest?.runId]);

  if (!newest) return null;
  const seconds = Math.max(0, Math.round((now - newest.startedAt) / 1000));
  const line = processingText(newest, now);

  if (minimised) {
    return (
      <button type="button" className="creating-pill inline-row" data-run-on-screen={newest.runId} onClick={() => setMinimised(false)} aria-label="Show progress: Creating Your Media">
        <span className="button__spinner" aria-hidden="true" />
        {line}
      </button>
    );
  }

  return (
    <div className="creating-overlay" role="status" aria-live="polite" data-run-on-screen={newest.runId}>
      <div className="creating-overlay__card stack">
        <div className="creating-overlay__orb" aria-hidden="true">
          <span />
        </div>
        <h2 className="creating-overlay__title">Creating Your Media</h2>
        <p className="creating-overlay__text line-clamp">
          {newest.look ? newest.look : newest.prompt ? `"${newest.prompt}"` : 'Your new look is being rendered.'}
        </p>
        <p className="creating-overlay__live" data-live-phase={newest.phase} aria-live="polite">
          {line}
        </p>
        <p className="creating-overlay__meta">
          {runs.length > 1 ? `${runs.length} creations in progress · ` : ''}
          {seconds}s · it will appear here when it's ready
        </p>
        <div className="creating-overlay__actions cluster">
          <button type="button" className="button button--small" onClick={() => setMinimised(true)}>
            Keep Browsing
          </button>
          <CancelRunButton card={newest} actions={actions} className="button button--small button--ghost-danger" />
        </div>
      </div>
    </div>
  );
}
