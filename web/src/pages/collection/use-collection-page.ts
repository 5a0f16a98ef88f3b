import { type Collection, getCollectionCall } from '@app/shared/api/collections';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { type MediaPages, useMediaPages } from '../../entities/media/use-media-pages';
import { useAuth } from '../../state/use-auth';

export interface CollectionPage extends Omit<MediaPages<unknown>, 'first'> {
  collection: Collection | null;
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * GET get-collection?id=: the collection and what the reader may see in it, a page at a time by
 * cursor. Sent with the session when there is one, so the owner reads their private collection.
 */
export function useCollectionPage(id: string): CollectionPage {
  // What a reader sees depends on who they are (an owner sees their private items).
  const viewerId = useAuth().user?.id ?? '';
  const { first, ...pages } = useMediaPages({
    queryKey: queryKeys.collections('page', id, viewerId),
    fetchPage: (cursor, signal) => callApiData(getCollectionCall, { signal, query: { id, ...(cursor ? { cursor } : {}) } }),
    isNotFound,
  });
  return { ...pages, collection: first?.collection ?? null };
}
