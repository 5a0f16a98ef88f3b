import { FEED_MIN_INITIAL_LOADING_MS } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FeedFilter, type FeedPage, fetchFeedPage } from './feed-api';
import type { FeedItem } from './feed-item';

export interface FeedState {
  items: FeedItem[];
  /** 'loading': the first page of this filter (skeleton rows show). */
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  hasMore: boolean;
}

export interface UseFeed extends FeedState {
  /** The next page (ignored while one loads or at the end). */
  loadMore(): void;
  /** Asks for the first page again and puts what is new on top (the refreshFeed event). */
  refresh(): void;
  /** Shows the skeleton and loads from the start. */
  reload(): void;
  /** Puts an item on top (a new public creation); a repeat is ignored. */
  prepend(item: FeedItem): void;
  /** Changes one item in place (its like count). */
  update(id: string, patch: Partial<FeedItem>): void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logFailure(error: unknown): void {
  // Spec 1 §8: a feed failure is only logged.
  if ((error as { name?: string } | null)?.name !== 'AbortError') console.warn('Feed failed to load', error);
}

/**
 * The public feed (spec 1 §2, §9): pages of 50 by cursor, a first load that lasts at least
 * 1200 ms (skeleton rows), more on demand, and a quiet refresh.
 */
export function useFeed(filter: FeedFilter): UseFeed {
  const [state, setState] = useState<FeedState>({ items: [], status: 'loading', loadingMore: false, hasMore: false });
  const cursor = useRef<string | null>(null);
  const items = useRef<FeedItem[]>([]);
  const busy = useRef(false);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);
  /** The first load shows its skeleton until this moment (also across StrictMode's second mount). */
  const minimumUntil = useRef<number | null>(null);
  const { presetType, creatorId } = filter;

  const hasMore = useRef(false);
  const status = useRef<FeedState['status']>('loading');

  const apply = useCallback((next: FeedItem[], patch: Partial<FeedState>) => {
    items.current = next;
    if (patch.hasMore !== undefined) hasMore.current = patch.hasMore;
    if (patch.status !== undefined) status.current = patch.status;
    setState((current) => ({ ...current, ...patch, items: next }));
  }, []);

  const loadFirst = useCallback(() => {
    generation.current += 1;
    const mine = generation.current;
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    busy.current = true;
    cursor.current = null;
    apply([], { status: 'loading', loadingMore: false, hasMore: false });
    minimumUntil.current ??= Date.now() + FEED_MIN_INITIAL_LOADING_MS;
    const minimum = wait(Math.max(0, minimumUntil.current - Date.now()));
    Promise.all([fetchFeedPage({ filter: { presetType, creatorId }, signal: own.signal }), minimum])
      .then(([page]: [FeedPage, unknown]) => {
        if (mine !== generation.current) return;
        cursor.current = page.nextCursor;
        apply(page.items, { status: 'ready', hasMore: page.hasMore });
      })
      .catch((error: unknown) => {
        if (mine !== generation.current) return;
        logFailure(error);
        apply([], { status: 'error', hasMore: false });
      })
      .finally(() => {
        if (mine === generation.current) busy.current = false;
      });
  }, [apply, presetType, creatorId]);

  useEffect(() => {
    loadFirst();
    return () => controller.current?.abort();
  }, [loadFirst]);

  const loadMore = useCallback(() => {
    if (busy.current || !hasMore.current || status.current !== 'ready') return;
    const mine = generation.current;
    const loaded = items.current;
    busy.current = true;
    setState((current) => ({ ...current, loadingMore: true }));
    fetchFeedPage({
      cursor: cursor.current,
      offset: loaded.length,
      filter: { presetType, creatorId },
      seen: new Set(loaded.map((item) => item.id)),
      signal: controller.current?.signal,
    })
      .then((page) => {
        if (mine !== generation.current) return;
        cursor.current = page.nextCursor;
        apply([...items.current, ...page.items], { loadingMore: false, hasMore: page.hasMore });
      })
      .catch((error: unknown) => {
        if (mine !== generation.current) return;
        logFailure(error);
        setState((now) => ({ ...now, loadingMore: false }));
      })
      .finally(() => {
        if (mine === generation.current) busy.current = false;
      });
  }, [apply, presetType, creatorId]);

  const refresh = useCallback(() => {
    const mine = generation.current;
    if (status.current === 'loading') return;
    fetchFeedPage({ filter: { presetType, creatorId } })
      .then((page) => {
        if (mine !== generation.current) return;
        const fresh = new Map(page.items.map((item) => [item.id, item]));
        const known = new Set(items.current.map((item) => item.id));
        const added = page.items.filter((item) => !known.has(item.id));
        const kept = items.current.map((item) => {
          const update = fresh.get(item.id);
          return update ? { ...item, likes_count: update.likes_count } : item;
        });
        if (items.current.length === 0) cursor.current = page.nextCursor;
        apply([...added, ...kept], items.current.length === 0 ? { status: 'ready', hasMore: page.hasMore } : {});
      })
      .catch(logFailure);
  }, [apply, presetType, creatorId]);

  const prepend = useCallback(
    (item: FeedItem) => {
      if (items.current.some((existing) => existing.id === item.id)) return;
      if (presetType && item.presetType !== presetType) return;
      if (creatorId && item.userId !== creatorId) return;
      apply([item, ...items.current], {});
    },
    [apply, presetType, creatorId],
  );

  const update = useCallback(
    (id: string, patch: Partial<FeedItem>) => {
      if (!items.current.some((item) => item.id === id)) return;
      apply(
        items.current.map((item) => (item.id === id ? { ...item, ...patch } : item)),
        {},
      );
    },
    [apply],
  );

  return { ...state, loadMore, refresh, reload: loadFirst, prepend, update };
}
