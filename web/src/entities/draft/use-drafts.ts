import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { deleteDraft, type Draft, getUserDrafts } from './drafts-api';

export interface DraftsState {
  drafts: Draft[];
  status: 'loading' | 'ready' | 'error';
  reload: () => void;
  remove: (id: string) => Promise<void>;
}

const newestFirst = (drafts: readonly Draft[]) => [...drafts].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** The person's drafts, newest first; a saved or deleted draft invalidates `queryKeys.drafts()`. */
export function useDrafts(enabled: boolean): DraftsState {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.drafts(),
    queryFn: async ({ signal }) => newestFirst((await getUserDrafts(signal)).drafts ?? []),
    enabled,
  });
  const removal = useMutation({
    mutationFn: (id: string) => deleteDraft(id),
    onSuccess: (_answer, id) => {
      client.setQueryData<Draft[]>(queryKeys.drafts(), (list) => list?.filter((draft) => draft.id !== id));
      void client.invalidateQueries({ queryKey: queryKeys.drafts() });
    },
  });
  return {
    drafts: query.data ?? [],
    // A failed reload keeps the list it had.
    status: query.data ? 'ready' : query.isError ? 'error' : 'loading',
    reload: () => void query.refetch(),
    remove: async (id) => {
      await removal.mutateAsync(id);
    },
  };
}
