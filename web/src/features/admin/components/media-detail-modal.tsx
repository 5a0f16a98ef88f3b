import type { AdminMediaRow } from '@app/shared/api/admin';
import { useState } from 'react';
import { Modal } from '../../../components/dialog/modal';
import { ImageIcon } from '../../../components/icons/line-icons';
import { mediaStatusTone } from '../admin-rules';
import { formatDate, TonePill } from './tone';
import { BusyButton } from '../../../components/form/busy-button';
import { RunTimeline } from './run-timeline';
import '../../../styles/stack.css';

type MediaDetailModalProps = {
  item: AdminMediaRow | null;
  onClose: () => void;
  /** Resolves true once the item is deleted. */
  onDelete: (item: AdminMediaRow) => Promise<boolean>;
};

/** Everything an admin media row holds, with Delete. */
export function MediaDetailModal({ item, onClose, onDelete }: MediaDetailModalProps) {
  const [deleting, setDeleting] = useState(false);
  if (!item) return null;

  const remove = async () => {
    setDeleting(true);
    const done = await onDelete(item);
    setDeleting(false);
    if (done) onClose();
  };

  const url = item.finalUrl ?? item.image_url;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!deleting}
      icon={<ImageIcon />}
      title="Media details"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={deleting}>
            Close
          </button>
          <BusyButton type="button" className="button button--danger" onClick={() => void remove()} busy={deleting}>
            Delete
          </BusyButton>
        </>
      }
    >
      <div className="admin-detail">
        <div className="admin-detail__side stack">
          <div className="admin-detail__preview place-center">
            {!url ? (
              <span className="admin-faint">No preview</span>
            ) : item.type === 'video' ? (
              <video src={item.finalUrl ?? url} poster={item.image_url ?? undefined} controls muted playsInline />
            ) : (
              <img src={url} alt={item.prompt ?? 'Media preview'} />
            )}
          </div>
          <details className="admin-detail__metadata" open>
            <summary>Metadata</summary>
            <pre>{JSON.stringify(item.metadata, null, 2)}</pre>
          </details>
        </div>
        <dl className="admin-facts admin-detail__facts">
          <dt>ID</dt>
          <dd className="admin-mono">{item.id}</dd>
          <dt>User</dt>
          <dd className="admin-mono">{item.user_id ?? 'Guest'}</dd>
          <dt>Type</dt>
          <dd>{item.type}</dd>
          <dt>Status</dt>
          <dd>
            <TonePill tone={mediaStatusTone(item.status)}>{item.status}</TonePill>
          </dd>
          <dt>Prompt</dt>
          <dd>{item.prompt || '—'}</dd>
          <dt>Look</dt>
          <dd className="admin-mono">{item.preset_type}</dd>
          <dt>Public</dt>
          <dd>{item.is_public ? 'Yes' : 'No'}</dd>
          <dt>Likes</dt>
          <dd>{item.likes_count}</dd>
          <dt>Created</dt>
          <dd>{formatDate(item.created_at)}</dd>
          <dt>Final URL</dt>
          <dd>
            <UrlValue url={item.finalUrl} />
          </dd>
          <dt>Image URL</dt>
          <dd>
            <UrlValue url={item.image_url} />
          </dd>
          <dt>Source URL</dt>
          <dd>
            <UrlValue url={item.source_url} />
          </dd>
        </dl>
      </div>
      {item.run_id && <RunTimeline runId={item.run_id} />}
    </Modal>
  );
}

function UrlValue({ url }: { url: string | null }) {
  if (!url) return <>—</>;
  return (
    <a className="inline-link admin-mono admin-break" href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
