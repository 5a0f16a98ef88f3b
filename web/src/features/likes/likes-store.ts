import { LIKE_FAILED_MESSAGE, likeKey } from '@app/shared';
import { toast } from '../../components/toast/toast-store';
import { type ToggleLikeAnswer, fetchUserLikes, postToggleLike } from './likes-api';

/** What a like needs of an item. */
export interface Likeable {
  id: string;
  presetType: string | null;
  likes_count: number;
}

export interface LikesState {
  /** Whose likes are loaded (null: nobody's). */
  userId: string | null;
  /** Keyed likeKey(presetType, id) (spec 1 §3). */
  liked: Readonly<Record<string, boolean>>;
  /** Counts changed here since the item was loaded, by media id. */
  counts: Readonly<Record<string, number>>;
}

export interface LikesDeps {
  fetchLikes: (signal?: AbortSignal) => Promise<Record<string, boolean>>;
  toggle: (mediaId: string, mediaType: string) => Promise<ToggleLikeAnswer>;
  notifyFailure: () => void;
}

/** The preset type an item's like is keyed by (a custom prompt when the item has none). */
export function presetTypeOfLike(item: Pick<Likeable, 'presetType'>): string {
  return (item.presetType ?? 'custom_prompt').replace(/-/g, '_');
}

export function keyOf(item: Pick<Likeable, 'id' | 'presetType'>): string {
  return likeKey(presetTypeOfLike(item), item.id);
}

/**
 * The signed-in person's likes, shared by the feed and the viewer: loaded once per user,
 * toggled optimistically and rolled back with 'Failed to update like' when the server refuses.
 */
export function createLikesStore(deps: LikesDeps) {
  let state: LikesState = { userId: null, liked: {}, counts: {} };
  let controller: AbortController | null = null;
  const pending = new Set<string>();
  const listeners = new Set<() => void>();

  const set = (patch: Partial<LikesState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the likes of `userId` (null forgets them: signed out). */
    async load(userId: string | null): Promise<void> {
      if (userId === state.userId) return;
      controller?.abort();
      controller = null;
      set({ userId, liked: {}, counts: {} });
      if (!userId) return;
      const own = new AbortController();
      controller = own;
      try {
        const liked = await deps.fetchLikes(own.signal);
        if (controller === own) set({ liked: { ...liked, ...state.liked } });
      } catch {
        // Not knowing the likes only shows empty hearts.
      }
    },
    isLiked: (item: Pick<Likeable, 'id' | 'presetType'>) => state.liked[keyOf(item)] === true,
    countOf: (item: Likeable) => state.counts[item.id] ?? item.likes_count,
    /** Flips the like now, then asks the server; resolves with whether it stuck. */
    async toggle(item: Likeable): Promise<boolean> {
      const key = keyOf(item);
      if (pending.has(key)) return false;
      pending.add(key);
      const was = state.liked[key] === true;
      const before = state.counts[item.id] ?? item.likes_count;
      set({
        liked: { ...state.liked, [key]: !was },
        counts: { ...state.counts, [item.id]: Math.max(0, before + (was ? -1 : 1)) },
      });
      try {
        const answer = await deps.toggle(item.id, presetTypeOfLike(item));
        if (!answer.success) throw new Error('Like not saved');
        set({
          liked: { ...state.liked, [key]: answer.liked },
          counts: { ...state.counts, [item.id]: Math.max(0, answer.likesCount) },
        });
        return true;
      } catch {
        set({ liked: { ...state.liked, [key]: was }, counts: { ...state.counts, [item.id]: before } });
        deps.notifyFailure();
        return false;
      } finally {
        pending.delete(key);
      }
    },
  };
}

export type LikesStore = ReturnType<typeof createLikesStore>;

let store: LikesStore | null = null;

export function getLikesStore(): LikesStore {
  store ??= createLikesStore({
    fetchLikes: fetchUserLikes,
    toggle: postToggleLike,
    notifyFailure: () => toast.error(LIKE_FAILED_MESSAGE),
  });
  return store;
}
