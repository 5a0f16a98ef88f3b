import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { getLikesStore, type Likeable } from './likes-store';

export interface UseLikes {
  isLiked(item: Pick<Likeable, 'id' | 'presetType'>): boolean;
  countOf(item: Likeable): number;
  /** A visitor is sent to /auth (spec 1 §6); a signed-in person likes or unlikes. */
  toggle(item: Likeable): void;
}

/** The signed-in person's likes (loaded once per user) and the like toggle. */
export function useLikes(): UseLikes {
  const store = getLikesStore();
  useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const userId = isAuthenticated ? (user?.id ?? null) : null;

  useEffect(() => {
    void store.load(userId);
  }, [store, userId]);

  const toggle = useCallback(
    (item: Likeable) => {
      if (!userId) {
        void navigate(paths.auth.getHref());
        return;
      }
      void store.toggle(item);
    },
    [navigate, store, userId],
  );

  return { isLiked: store.isLiked, countOf: store.countOf, toggle };
}
