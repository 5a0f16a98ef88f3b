import { apiRequest } from '../../api/client';

export interface ToggleLikeAnswer {
  success: boolean;
  liked: boolean;
  likesCount: number;
}

/** POST toggleLike {mediaId, mediaType}: the item's preset type goes as mediaType (spec 1 §7). */
export function postToggleLike(mediaId: string, mediaType: string): Promise<ToggleLikeAnswer> {
  return apiRequest<ToggleLikeAnswer>('toggleLike', { body: { mediaId, mediaType } });
}

/** GET getUserLikes: a map keyed '<preset type>:<id>' (likeKey). */
export async function fetchUserLikes(signal?: AbortSignal): Promise<Record<string, boolean>> {
  const answer = await apiRequest<{ likes?: Record<string, unknown> }>('getUserLikes', { signal });
  const likes: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(answer.likes ?? {})) if (value === true) likes[key] = true;
  return likes;
}
