import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../api/api-error';
import { Modal } from '../../../components/dialog/modal';
import { DocumentIcon, TrashIcon } from '../../../components/icons/line-icons';
import { PanelEmpty } from '../../../components/page/panel-empty';
import { Panel } from '../../../components/page/panel';
import { toast } from '../../../components/toast/toast-store';
import { paths } from '../../../config/paths';
import type { Draft } from '../../../entities/draft/drafts-api';
import { useDrafts } from '../../../entities/draft/use-drafts';
import { DraftCard } from './draft-card';
import { BusyButton } from '../../../components/form/busy-button';
import '../../../styles/panels.css';
import '../../../entities/media/media.css';
import '../drafts.css';

/** What / receives to open a draft in the composer (spec 1 §2). */
export interface EditDraftState {
  editUrl: string;
  editPrompt: string;
}

/**
 * The Drafts tab (spec 2 §2): a grid of drafts, each with a 'Draft' badge; Edit opens it in the
 * composer on /, Delete asks first.
 */
export function DraftsTab() {
  const navigate = useNavigate();
  const { drafts, status, reload, remove } = useDrafts(true);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (draft: Draft) => {
    const state: EditDraftState = { editUrl: draft.media_url, editPrompt: draft.prompt };
    void navigate(paths.home.getHref(), { state });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting.id);
      toast.success('Draft Deleted', 'The draft was removed');
      setDeleting(null);
    } catch (error) {
      toast.error('Delete Failed', errorMessage(error, 'Could not delete the draft. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      className="drafts"
      title="Drafts"
      subtitle={
        status === 'ready'
          ? `${drafts.length} saved ${drafts.length === 1 ? 'draft' : 'drafts'} · pick one up where you left off`
          : 'Media and prompts you saved for later'
      }
    >

      {status === 'loading' && (
        <div className="drafts-grid" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="skeleton-card" style={{ aspectRatio: '4 / 3' }} />
          ))}
        </div>
      )}

      {status === 'error' && (
        <PanelEmpty icon={<DocumentIcon />} title="Could not load your drafts">
          <button type="button" className="button button--small" onClick={reload}>
            Try Again
          </button>
        </PanelEmpty>
      )}

      {status === 'ready' && drafts.length === 0 && (
        <PanelEmpty icon={<DocumentIcon />} title="No drafts found" text="Your draft media will appear here" />
      )}

      {status === 'ready' && drafts.length > 0 && (
        <div className="drafts-grid" role="list">
          {drafts.map((draft) => (
            <div role="listitem" key={draft.id}>
              <DraftCard draft={draft} onEdit={() => edit(draft)} onDelete={() => setDeleting(draft)} />
            </div>
          ))}
        </div>
      )}

      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        dismissible={!busy}
        tone="danger"
        role="alertdialog"
        icon={<TrashIcon />}
        title="Delete Draft"
        description="This draft and its prompt will be removed. This cannot be undone."
        footer={
          <>
            <button type="button" className="button" onClick={() => setDeleting(null)} disabled={busy} data-autofocus>
              Cancel
            </button>
            <BusyButton type="button" className="button button--danger" onClick={() => void confirmDelete()} busy={busy}>
              Delete
            </BusyButton>
          </>
        }
      />
    </Panel>
  );
}
