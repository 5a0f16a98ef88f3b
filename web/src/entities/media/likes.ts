import { LIKE_FAILED_MESSAGE, likeKey } from '@app/shared';
import { getUserLikesCall, toggleLikeCall } from '@app/shared/api/media';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { showSignUpPrompt } from '../../components/signup-prompt/signup-prompt-store';
import { toast } from '../../components/toast/toast-store';
import { createStore, type Store, useStore } from '../../lib/create-store';
import { useAuth } from '../../state/use-auth';
import type { MediaItem } from './media-item';

/** What a like needs of an item. */
export type Likeable = Pick<MediaItem, 'id' | 'presetType' | 'likes_count'>;

type LikedMap = Readonly<Record<string, boolean>>;
type Counts = Readonly<Record<string, number>>;

/** The preset kind an item's like is keyed by (a custom prompt when the item has none). */
export function likeTypeOf(item: Pick<Likeable, 'presetType'>): string {
  return (item.presetType ?? 'custom_prompt').replace(/-/g, '_');
}

/** `{preset kind}:{id}`, the key of getUserLikes' map (spec 1 §3). */
export function likeKeyOf(item: Pick<Likeable, 'id' | 'presetType'>): string {
  return likeKey(likeTypeOf(item), item.id);
}

/** The like flipped at once: the map and the item's count, and what to roll back to. */
export function flipLike(liked: LikedMap, counts: Counts, item: Likeable) {
  const key = likeKeyOf(item);
  const was = liked[key] === true;
  const before = counts[item.id] ?? item.likes_count;
  return {
    was,
    before,
    liked: { ...liked, [key]: !was },
    counts: { ...counts, [item.id]: Math.max(0, before + (was ? -1 : 1)) },
  };
}

/**
 * Like counts changed in this tab since the items were loaded, by media id: the feed, the
 * viewer and the library show the same number without refetching every list.
 */
const likeCounts = createStore<Counts>({});

async function fetchUserLikes(): Promise<LikedMap> {
  return (await callApiData(getUserLikesCall)).likes;
}

function likesKey(userId: string | null) {
  return [...queryKeys.likes(), userId] as const;
}

export interface ToggleLikeDeps {
  send: (item: Likeable) => Promise<{ liked: boolean; likesCount: number }>;
  counts: Store<Counts>;
  notifyFailure: () => void;
}

const appDeps: ToggleLikeDeps = {
  send: (item) => callApiData(toggleLikeCall, { body: { mediaId: item.id, mediaType: likeTypeOf(item) } }),
  counts: likeCounts,
  notifyFailure: () => toast.error(LIKE_FAILED_MESSAGE),
};

/**
 * The like toggle of `userId`: the heart and the count change at once, the server's answer is
 * kept, and a refusal rolls both back with 'Failed to update like'. Trending (ranked by likes)
 * is refreshed after.
 */
export function toggleLikeMutation(client: QueryClient, userId: string | null, deps: ToggleLikeDeps = appDeps) {
  const key = likesKey(userId);
  return {
    mutationFn: deps.send,
    onMutate: async (item: Likeable) => {
      await client.cancelQueries({ queryKey: key });
      const flipped = flipLike(client.getQueryData<LikedMap>(key) ?? {}, deps.counts.get(), item);
      client.setQueryData<LikedMap>(key, flipped.liked);
      deps.counts.set(flipped.counts);
      return flipped;
    },
    onSuccess: (answer: { liked: boolean; likesCount: number }, item: Likeable) => {
      client.setQueryData<LikedMap>(key, (map = {}) => ({ ...map, [likeKeyOf(item)]: answer.liked }));
      deps.counts.set((now) => ({ ...now, [item.id]: Math.max(0, answer.likesCount) }));
    },
    onError: (_error: unknown, item: Likeable, context: ReturnType<typeof flipLike> | undefined) => {
      if (context) {
        client.setQueryData<LikedMap>(key, (map = {}) => ({ ...map, [likeKeyOf(item)]: context.was }));
        deps.counts.set((now) => ({ ...now, [item.id]: context.before }));
      }
      deps.notifyFailure();
    },
    // Trending is ranked by likes; the liked collection lists them.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.trending() }), client.invalidateQueries({ queryKey: queryKeys.likedMedia() })]),
  };
}

export interface UseLikes {
  isLiked(item: Pick<Likeable, 'id' | 'presetType'>): boolean;
  /** Unliked in this tab since the likes were read (the liked collection drops it at once). */
  wasUnliked(item: Pick<Likeable, 'id' | 'presetType'>): boolean;
  countOf(item: Likeable): number;
  /** A visitor sees the sign-up prompt (spec 1 §6); a signed-in person likes or unlikes at once. */
  toggle(item: Likeable): void;
}

/**
 * The signed-in person's likes (getUserLikes, once per person) and the like toggle: optimistic,
 * rolled back with 'Failed to update like' when the server refuses.
 */
export function useLikes(): UseLikes {
  const { isAuthenticated, user } = useAuth();
  const userId = isAuthenticated ? (user?.id ?? null) : null;
  const client = useQueryClient();
  const { data: liked = {} } = useQuery({ queryKey: likesKey(userId), queryFn: fetchUserLikes, enabled: userId !== null, staleTime: Infinity });
  const counts = useStore(likeCounts);
  const mutation = useMutation(toggleLikeMutation(client, userId));

  const isLiked = useCallback((item: Pick<Likeable, 'id' | 'presetType'>) => liked[likeKeyOf(item)] === true, [liked]);
  const wasUnliked = useCallback((item: Pick<Likeable, 'id' | 'presetType'>) => liked[likeKeyOf(item)] === false, [liked]);
  const countOf = useCallback((item: Likeable) => counts[item.id] ?? item.likes_count, [counts]);
  const { mutate, isPending, variables } = mutation;
  const toggle = useCallback(
    (item: Likeable) => {
      if (!userId) {
        showSignUpPrompt('save');
        return;
      }
      if (isPending && variables?.id === item.id) return;
      mutate(item);
    },
    [userId, mutate, isPending, variables],
  );
  return { isLiked, wasUnliked, countOf, toggle };
}
