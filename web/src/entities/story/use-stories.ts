import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { fetchStories, fetchStory, type Story } from './story-api';

/** The published stories in the server's order (featured first, then newest). */
export function useStories() {
  return useQuery({
    queryKey: queryKeys.stories(),
    queryFn: ({ signal }) => fetchStories(signal),
  });
}

/**
 * One published story. A story already in the archive's list is shown at once (spec 3 §2:
 * pre-loaded data is used when its slug matches) and refreshed in the background.
 */
export function useStory(slug: string) {
  const client = useQueryClient();
  const preloaded = () => client.getQueryData<Story[]>(queryKeys.stories())?.find((story) => story.slug === slug);
  return useQuery({
    queryKey: queryKeys.stories(slug),
    queryFn: ({ signal }) => fetchStory(slug, signal),
    initialData: preloaded,
    initialDataUpdatedAt: () => client.getQueryState(queryKeys.stories())?.dataUpdatedAt,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
