import { useEffect, useState } from 'react';
import { fetchTrending } from './feed-api';
import type { FeedItem } from './feed-item';

/** GET getTrending once (a failure only leaves the strip out). */
export function useTrending(refreshKey: unknown = null): FeedItem[] {
  const [items, setItems] = useState<FeedItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchTrending(undefined, controller.signal)
      .then(setItems)
      .catch(() => {});
    return () => controller.abort();
  }, [refreshKey]);
  return items;
}
