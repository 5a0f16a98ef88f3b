import {
  addToCollectionCall,
  createCollectionCall,
  deleteCollectionCall,
  getCollectionsCall,
  removeFromCollectionCall,
  updateCollectionCall,
} from '@app/shared/api/collections';
import type { CallRequest } from '@app/shared/api/define-call';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../state/use-auth';

/**
 * The signed-in person's collections (get-collections), with `mediaId`: whether each holds that
 * item (the viewer's ticks). Every change below reads them all again, and the pages of
 * collections shown (their items and counts moved).
 */
export function useMyCollections(options: { mediaId?: string; enabled?: boolean } = {}) {
  const { mediaId, enabled = true } = options;
  // Keyed by the person too: another account signed in on this tab never sees the last one's.
  const userId = useAuth().user?.id ?? '';
  return useQuery({
    queryKey: queryKeys.collections('mine', userId, ...(mediaId ? [mediaId] : [])),
    queryFn: ({ signal }) => callApiData(getCollectionsCall, { signal, query: mediaId ? { mediaId } : {} }),
    enabled: enabled && userId !== '',
  });
}

function useInvalidateCollections() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.collections() });
}

export function useCreateCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (body: CallRequest<typeof createCollectionCall>) => callApiData(createCollectionCall, { body }),
    onSettled: invalidate,
  });
}

/** Rename, or make public or private. */
export function useUpdateCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (body: CallRequest<typeof updateCollectionCall>) => callApiData(updateCollectionCall, { body }),
    onSettled: invalidate,
  });
}

export function useDeleteCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (collectionId: string) => callApiData(deleteCollectionCall, { body: { collectionId } }),
    onSettled: invalidate,
  });
}

/** Puts an item in a collection or takes it out (both idempotent on the server). */
export function useSetInCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: ({ collectionId, mediaId, inCollection }: { collectionId: string; mediaId: string; inCollection: boolean }) =>
      callApiData(inCollection ? addToCollectionCall : removeFromCollectionCall, { body: { collectionId, mediaId } }),
    onSettled: invalidate,
  });
}
