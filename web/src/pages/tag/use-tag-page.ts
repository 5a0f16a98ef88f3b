import { getTagPageCall, type TagPage } from '@app/shared/api/stories';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type { TagPage };

/** GET getTagPage?tag= (spec 3 §7): a tag's public media, its count and the popular tags beside it. */
export function useTagPage(tag: string) {
  return useQuery({
    queryKey: queryKeys.tagPage(tag),
    queryFn: ({ signal }) => callApiData(getTagPageCall, { auth: 'none', signal, query: { tag } }),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** The error line of spec 3 §8: 'Tag not found' for a tag nothing carries, else 'Failed to load tag data'. */
export function tagPageError(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? 'Tag not found' : 'Failed to load tag data';
}
