import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type { MediaItem } from '../../entities/media/media-item';
import { fetchTrending } from './feed-api';

const NONE: MediaItem[] = [];

/** GET getTrending (a failure only leaves the strip out). */
export function useTrending(): MediaItem[] {
  const { data } = useQuery({ queryKey: queryKeys.trending(), queryFn: ({ signal }) => fetchTrending(signal) });
  return data ?? NONE;
}
