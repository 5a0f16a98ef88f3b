import { moderationReasonLabel, REPORT_REASON_LABELS, REPORT_REASONS, type ResolveAction, type ReviewEntry } from '@app/shared/api/reports';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { BusyButton } from '../../../components/form/busy-button';
import { FormMessage } from '../../../components/form/form-message';
import type { Tone } from '../admin-rules';
import { useReviewQueue } from '../use-admin-data';
import { AdminEmpty, AdminLoading, formatDate, TonePill } from './tone';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';
import '../../../styles/surface-card.css';

const STATE_LABEL: Record<ReviewEntry['moderation']['state'], { text: string; tone: Tone }> = {
  clear: { text: 'Live', tone: 'grey' },
  review: { text: 'Screening: review', tone: 'yellow' },
  held: { text: 'Screening: held', tone: 'red' },
  hidden: { text: 'Hidden', tone: 'red' },
};

/**
 * Reports (issue 42): what waits for review, most urgent first (reported as showing a minor,
 * then held by the screening, then most reports, then the longest waiting), each with Keep, Hide
 * and Delete, and "and ban the owner".
 */
export function ReportsTab() {
  const queue = useReviewQueue();
  if (queue.status === 'loading') return <AdminLoading />;
  if (queue.status === 'error') return <AdminEmpty>The review queue could not be loaded.</AdminEmpty>;
  if (queue.entries.length === 0) return <AdminEmpty>Nothing waits for review: no open reports, nothing held by the screening.</AdminEmpty>;
  return (
    <div className="admin-reports stack">
      <p className="admin-faint">
        {queue.entries.length === 1 ? '1 item waits' : `${queue.entries.length} items wait`} for review, most urgent first: a minor, then held by the screening, then most reports, then the
        longest waiting.
      </p>
      <ul className="admin-reports__list stack">
        {queue.entries.map((entry) => (
          <ReviewCard
            key={entry.mediaId}
            entry={entry}
            busy={queue.busy === entry.mediaId}
            failed={queue.failed === entry.mediaId}
            onResolve={(action, banOwner) => queue.resolve(entry.mediaId, action, banOwner)}
          />
        ))}
      </ul>
    </div>
  );
}

function ReviewCard({
  entry,
  busy,
  failed,
  onResolve,
}: {
  entry: ReviewEntry;
  busy: boolean;
  failed: boolean;
  onResolve: (action: ResolveAction, banOwner: boolean) => Promise<void>;
}) {
  const [banOwner, setBanOwner] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [acting, setActing] = useState<ResolveAction | null>(null);
  const state = STATE_LABEL[entry.moderation.state];
  const reasons = REPORT_REASONS.filter((reason) => (entry.reasons[reason] ?? 0) > 0);
  const scores = Object.entries(entry.screening?.scores ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  const owner = entry.owner;
  const act = async (action: ResolveAction) => {
    setActing(action);
    await onResolve(action, banOwner && owner !== null && !owner.banned);
    setActing(null);
  };
  const title = entry.prompt?.trim() || 'No prompt';

  return (
    <li className="admin-review surface-card" data-testid="review-entry" data-media-id={entry.mediaId} aria-label={`Review: ${title}`}>
      <div className="admin-review__thumb">
        {entry.thumbnailUrl ? <img src={entry.thumbnailUrl} alt={title} loading="lazy" /> : <span className="admin-faint place-center">No preview</span>}
      </div>

      <div className="admin-review__body stack">
        <div className="admin-review__head cluster">
          <TonePill tone={state.tone}>{state.text}</TonePill>
          {entry.moderation.reason && <span className="admin-faint">{moderationReasonLabel(entry.moderation.reason)}</span>}
          <span className="admin-review__count">
            {entry.openReports === 0 ? 'No reports' : entry.openReports === 1 ? '1 open report' : `${entry.openReports} open reports`}
          </span>
        </div>
        <p className="admin-review__prompt line-clamp">{title}</p>
        <p className="admin-review__meta">
          {owner ? (
            <>
              by {owner.name ?? owner.username ?? 'Unnamed'}
              {owner.username && <span className="admin-mono"> @{owner.username}</span>}
              {owner.banned && <span className="admin-review__banned"> · banned</span>}
            </>
          ) : (
            'by a guest'
          )}
          {' · '}
          {entry.isPublic ? 'public' : 'private'}
          {' · '}
          {entry.firstReportedAt ? `first reported ${formatDate(entry.firstReportedAt)}` : `made ${formatDate(entry.createdAt)}`}
        </p>

        {reasons.length > 0 && (
          <ul className="admin-review__reasons cluster" aria-label="Reasons">
            {reasons.map((reason) => (
              <li key={reason} className={`admin-review__reason${reason === 'minor' ? ' is-urgent' : ''}`}>
                {REPORT_REASON_LABELS[reason]} <strong>{entry.reasons[reason]}</strong>
              </li>
            ))}
          </ul>
        )}

        {entry.screening && (
          <p className="admin-review__scores">
            <span className="caps-label">Screening</span> {entry.screening.classifier}, {entry.screening.verdict}
            {entry.screening.providerFlagged ? ', flagged by the engine' : ''}:{' '}
            {scores.map(([name, score]) => `${name} ${Math.round(score * 100)}%`).join(' · ') || 'no scores'}
          </p>
        )}

        {entry.notes.length > 0 && (
          <ul className="admin-review__notes stack" aria-label="Notes">
            {entry.notes.map((note) => (
              <li key={`${note.createdAt}-${note.note}`}>
                <q>{note.note}</q> <span className="admin-faint">— {REPORT_REASON_LABELS[note.reason as keyof typeof REPORT_REASON_LABELS] ?? note.reason}</span>
              </li>
            ))}
          </ul>
        )}

        <div className="admin-review__actions cluster">
          <BusyButton type="button" className="button button--small" onClick={() => void act('keep')} busy={acting === 'keep'} disabled={busy}>
            Keep
          </BusyButton>
          <BusyButton type="button" className="button button--small" onClick={() => void act('hide')} busy={acting === 'hide'} disabled={busy}>
            Hide
          </BusyButton>
          <button type="button" className="button button--small button--danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Delete
          </button>
          {owner && !owner.banned && (
            <label className="admin-review__ban row">
              <input type="checkbox" checked={banOwner} onChange={(event) => setBanOwner(event.target.checked)} disabled={busy} />
              and ban the owner
            </label>
          )}
        </div>
        {failed && <FormMessage tone="error">That did not go through. Please try again.</FormMessage>}
      </div>

      <ConfirmDialog
        open={confirmDelete}
        tone="danger"
        title="Delete this creation?"
        message={banOwner ? 'Its files and reports are removed for good, and its owner is banned.' : 'Its files and reports are removed for good.'}
        confirmLabel="Delete"
        busy={acting === 'delete'}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void act('delete').then(() => setConfirmDelete(false))}
      />
    </li>
  );
}
