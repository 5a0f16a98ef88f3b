import { useState } from 'react';
import { DocumentIcon, PenIcon, TrashIcon } from '../../../components/icons/line-icons';
import type { Draft } from '../../../entities/draft/drafts-api';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** '4/5' or '1.25' or '4:5' as a number; the 4/3 default otherwise. */
export function draftAspectRatio(draft: Pick<Draft, 'aspect_ratio' | 'width' | 'height'>): number {
  const match = /^(\d+(?:\.\d+)?)[/:](\d+(?:\.\d+)?)$/.exec(draft.aspect_ratio ?? '');
  if (match) {
    const ratio = Number(match[1]) / Number(match[2]);
    if (Number.isFinite(ratio) && ratio > 0) return ratio;
  }
  if (draft.width > 0 && draft.height > 0) return draft.width / draft.height;
  return 4 / 3;
}

type DraftCardProps = { draft: Draft; onEdit: () => void; onDelete: () => void };

/** One draft: its media with a 'Draft' badge; Edit and Delete appear on hover or focus. */
export function DraftCard({ draft, onEdit, onDelete }: DraftCardProps) {
  const [broken, setBroken] = useState(false);
  const date = new Date(draft.updated_at || draft.created_at);
  return (
    <article className="draft-card" data-draft-id={draft.id}>
      <div className="draft-card__frame" style={{ aspectRatio: String(draftAspectRatio(draft)) }}>
        {broken ? (
          <div className="media-preview media-preview--empty place-center cover" aria-hidden="true">
            <DocumentIcon />
          </div>
        ) : draft.media_type === 'video' ? (
          <video className="media-preview cover" src={draft.media_url} muted playsInline preload="metadata" onError={() => setBroken(true)} />
        ) : (
          <img className="media-preview cover" src={draft.media_url} alt={draft.prompt} loading="lazy" onError={() => setBroken(true)} />
        )}
        <span className="draft-card__badge inline-row">Draft</span>
        <div className="draft-card__actions row">
          <button type="button" className="button button--small button--primary" onClick={onEdit}>
            <PenIcon />
            Edit
          </button>
          <button type="button" className="button button--small draft-card__delete" onClick={onDelete}>
            <TrashIcon />
            Delete
          </button>
        </div>
      </div>
      <div className="media-card__caption stack">
        <p className="media-card__prompt line-clamp" title={draft.prompt}>
          {draft.prompt}
        </p>
        <p className="media-card__meta">{Number.isNaN(date.getTime()) ? '' : `Saved ${DATE.format(date)}`}</p>
      </div>
    </article>
  );
}
