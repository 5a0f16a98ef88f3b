import { MEDIA_PAGE_SIZE } from '@app/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getUserMedia, getUserMediaRange } from './api/media-api';
import { type ActiveRun, useGenerationActivity } from './generation-activity';
import type { LibraryItem } from './media-item';
import { isFailedGeneration, MEDIA_EVENTS, promptOf, runIdOf } from './media-events';

/**
 * The signed-in person's media (spec 2 §4): loading, then empty or populated; pages of 20
 * appended on demand; background refreshes; local stand-ins for runs in progress and for runs
 * that failed; items hidden at once when deleted.
 */
export interface MediaLibrary {
  /** What the grid shows: failed and running stand-ins first, then the server's items. */
  items: LibraryItem[];
  /** The server's count of this person's media. */
  total: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  loadMore: () => void;
  /** Reloads what is shown, in the background. */
  refresh: () => void;
  refreshAfter: (ms: number) => void;
  /** Hides items at once (deleted, or a failed stand-in dismissed). */
  hide: (ids: readonly string[]) => void;
  update: (id: string, patch: Partial<LibraryItem>) => void;
}

interface State {
  items: LibraryItem[];
  total: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
}

const INITIAL: State = { items: [], total: 0, hasMore: false, status: 'loading', loadingMore: false };

function standIn(run: ActiveRun, status: 'processing' | 'failed'): LibraryItem {
  return {
    id: `${status === 'failed' ? 'failed' : 'pending'}-${run.key}`,
    userId: null,
    runId: run.runId,
    mediaType: 'photo',
    presetType: null,
    presetKey: null,
    finalUrl: null,
    thumbnailUrl: null,
    prompt: run.prompt,
    status,
    createdAt: new Date(run.startedAt).toISOString(),
    isPublic: false,
    likes: 0,
    expiresAt: null,
    width: null,
    height: null,
    videoResults: [],
    identity: null,
    pending: true,
  };
}

function merge(current: LibraryItem[], next: LibraryItem[]): LibraryItem[] {
  const seen = new Set(current.map((item) => item.id));
  return [...current, ...next.filter((item) => !seen.has(item.id))];
}

export function useMediaLibrary(userId: string | null, refreshAfterGenerationMs: number): MediaLibrary {
  const [state, setState] = useState<State>(INITIAL);
  const [failedRuns, setFailedRuns] = useState<LibraryItem[]>([]);
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);
  /** Items hidden since the last load: a refresh asks for them too, so nothing drops off the end. */
  const hiddenSinceLoad = useRef(0);
  const refreshTimer = useRef<number | undefined>(undefined);
  const { runs } = useGenerationActivity();
  const runsRef = useRef(runs);
  runsRef.current = runs;

  const loadFirst = useCallback(async () => {
    if (!userId) return;
    const mine = ++generation.current;
    setState((s) => ({ ...s, status: s.items.length > 0 ? s.status : 'loading' }));
    try {
      const page = await getUserMedia(userId, { offset: 0, limit: MEDIA_PAGE_SIZE });
      if (mine !== generation.current) return;
      hiddenSinceLoad.current = 0;
      setState({ items: page.items, total: page.total, hasMore: page.hasMore, status: 'ready', loadingMore: false });
    } catch {
      if (mine !== generation.current) return;
      setState((s) => ({ ...s, status: s.items.length > 0 ? 'ready' : 'error', loadingMore: false }));
    }
  }, [userId]);

  const refresh = useCallback(() => {
    if (!userId) return;
    const { items, status } = stateRef.current;
    if (status !== 'ready' || items.length === 0) {
      void loadFirst();
      return;
    }
    const mine = ++generation.current;
    void getUserMediaRange(userId, items.length + hiddenSinceLoad.current)
      .then((page) => {
        if (mine !== generation.current) return;
        hiddenSinceLoad.current = 0;
        setState({ items: page.items, total: page.total, hasMore: page.hasMore, status: 'ready', loadingMore: false });
      })
      .catch(() => {
        // A background refresh that fails leaves the list as it was.
        if (mine === generation.current) setState((s) => ({ ...s, loadingMore: false }));
      });
  }, [userId, loadFirst]);

  const refreshAfter = useCallback(
    (ms: number) => {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(refresh, ms);
    },
    [refresh],
  );

  const loadMore = useCallback(() => {
    const { items, hasMore, loadingMore, status } = stateRef.current;
    if (!userId || !hasMore || loadingMore || status !== 'ready') return;
    const mine = generation.current;
    setState((s) => ({ ...s, loadingMore: true }));
    void getUserMedia(userId, { offset: items.length, limit: MEDIA_PAGE_SIZE })
      .then((page) => {
        if (mine !== generation.current) return;
        setState((s) => ({ ...s, items: merge(s.items, page.items), total: page.total, hasMore: page.hasMore, loadingMore: false }));
      })
      .catch(() => {
        if (mine === generation.current) setState((s) => ({ ...s, loadingMore: false }));
      });
  }, [userId]);

  const hide = useCallback((ids: readonly string[]) => {
    const gone = new Set(ids);
    setFailedRuns((list) => list.filter((item) => !gone.has(item.id)));
    hiddenSinceLoad.current += stateRef.current.items.filter((item) => gone.has(item.id)).length;
    setState((s) => {
      const items = s.items.filter((item) => !gone.has(item.id));
      return { ...s, items, total: Math.max(0, s.total - (s.items.length - items.length)) };
    });
  }, []);

  const update = useCallback((id: string, patch: Partial<LibraryItem>) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) }));
  }, []);

  useEffect(() => {
    setState(INITIAL);
    setFailedRuns([]);
    void loadFirst();
    return () => {
      generation.current += 1;
      window.clearTimeout(refreshTimer.current);
    };
  }, [loadFirst]);

  // The engine's events: a finished run refreshes after a delay; a failed one leaves a stand-in.
  useEffect(() => {
    const onDone = (event: Event) => {
      if (!isFailedGeneration(event)) refreshAfter(refreshAfterGenerationMs);
    };
    const onComplete = () => refreshAfter(refreshAfterGenerationMs);
    const onError = (event: Event) => {
      const runId = runIdOf(event);
      const known = runId ? runsRef.current.find((run) => run.runId === runId) : undefined;
      const run: ActiveRun = known ?? { key: runId ?? `${Date.now()}`, runId, prompt: promptOf(event), startedAt: Date.now() };
      const failed = standIn(run, 'failed');
      setFailedRuns((list) => [failed, ...list.filter((item) => item.id !== failed.id)]);
    };
    const onUpdated = () => refreshAfter(0);
    window.addEventListener(MEDIA_EVENTS.generationDone, onDone);
    window.addEventListener(MEDIA_EVENTS.generationComplete, onComplete);
    window.addEventListener(MEDIA_EVENTS.generationError, onError);
    window.addEventListener(MEDIA_EVENTS.userMediaUpdated, onUpdated);
    window.addEventListener(MEDIA_EVENTS.refreshUserMedia, onUpdated);
    return () => {
      window.removeEventListener(MEDIA_EVENTS.generationDone, onDone);
      window.removeEventListener(MEDIA_EVENTS.generationComplete, onComplete);
      window.removeEventListener(MEDIA_EVENTS.generationError, onError);
      window.removeEventListener(MEDIA_EVENTS.userMediaUpdated, onUpdated);
      window.removeEventListener(MEDIA_EVENTS.refreshUserMedia, onUpdated);
    };
  }, [refreshAfter, refreshAfterGenerationMs]);

  const items = useMemo(() => {
    const known = new Set(state.items.map((item) => item.runId).filter(Boolean));
    const running = runs.filter((run) => !run.runId || !known.has(run.runId)).map((run) => standIn(run, 'processing'));
    return [...failedRuns, ...running.reverse(), ...state.items];
  }, [failedRuns, runs, state.items]);

  return {
    items,
    total: state.total,
    hasMore: state.hasMore,
    status: state.status,
    loadingMore: state.loadingMore,
    loadMore,
    refresh,
    refreshAfter,
    hide,
    update,
  };
}
