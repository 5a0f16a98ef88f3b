import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, type Draft, getUserDrafts } from './api/drafts-api';
import { DRAFT_SAVED_EVENT } from './draft-events';

export interface DraftsState {
  drafts: Draft[];
  status: 'loading' | 'ready' | 'error';
  reload: () => void;
  remove: (id: string) => Promise<void>;
}

/** The person's drafts, newest first; reloaded whenever a draft is saved anywhere in the app. */
export function useDrafts(enabled: boolean): DraftsState {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [status, setStatus] = useState<DraftsState['status']>('loading');
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    if (!enabled) return;
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    getUserDrafts(own.signal)
      .then((answer) => {
        if (own.signal.aborted) return;
        setDrafts([...(answer.drafts ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at)));
        setStatus('ready');
      })
      .catch(() => {
        if (!own.signal.aborted) setStatus((current) => (current === 'ready' ? current : 'error'));
      });
  }, [enabled]);

  useEffect(() => {
    reload();
    window.addEventListener(DRAFT_SAVED_EVENT, reload);
    return () => {
      window.removeEventListener(DRAFT_SAVED_EVENT, reload);
      controller.current?.abort();
    };
  }, [reload]);

  const remove = useCallback(async (id: string) => {
    await deleteDraft(id);
    setDrafts((list) => list.filter((draft) => draft.id !== id));
  }, []);

  return { drafts, status, reload, remove };
}
