import { type Creator, getCreatorCall } from '@app/shared/api/creators';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { type MediaPages, useMediaPages } from '../../entities/media/use-media-pages';
import { useAuth } from '../../state/use-auth';

export interface CreatorPage extends Omit<MediaPages<unknown>, 'first'> {
  creator: Creator | null;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * GET get-creator?username=: the creator and their public creations, a page at a time by cursor.
 * Asked with the session, if any, so it says whether the viewer follows them (keyed by viewer).
 */
export function useCreatorPage(username: string): CreatorPage {
  const key = username.toLowerCase();
  const { isAuthenticated, user } = useAuth();
  const viewerId = isAuthenticated ? (user?.id ?? '') : '';
  const { first, ...pages } = useMediaPages({
    queryKey: [...queryKeys.creator(key), viewerId],
    fetchPage: (cursor, signal) => callApiData(getCreatorCall, { auth: viewerId ? 'session' : 'none', signal, query: { username: key, ...(cursor ? { cursor } : {}) } }),
    isNotFound,
  });
  return { ...pages, creator: first?.creator ?? null };
}
