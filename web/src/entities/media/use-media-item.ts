import { getMediaItemCall } from '@app/shared/api/feed';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { fromFeedItem, type MediaItem } from './media-item';

/** GET get-media-item: a public creation, or the signed-in person's own private one; null when it cannot be shown. */
async function fetchMediaItem(id: string, signal?: AbortSignal): Promise<MediaItem | null> {
  const answer = await callApiData(getMediaItemCall, { signal, query: { id } });
  return fromFeedItem(answer.item);
}

/** One creation by id (its page, /m/<id>). A 404 is an answer (not found), not retried. */
export function useMediaItem(id: string) {
  return useQuery({
    queryKey: queryKeys.mediaItem(id),
    queryFn: ({ signal }) => fetchMediaItem(id, signal),
    retry: (count, error) => count < 1 && !isMissing(error),
  });
}

/** The server says no such creation (private, deleted, expired) or the id is not one. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
