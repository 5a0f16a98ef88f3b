import type { MediaItem } from '../../entities/media/media-item';

/** How many creators the empty Following feed suggests. */
const SUGGESTED = 6;

export interface Suggestion {
  id: string;
  username: string;
  name: string;
  avatar: string | null;
}

/**
 * The creators of what is trending now, each once, in its order, without oneself: people whose
 * work others like this week are the likeliest to be worth following (docs/decisions.md).
 */
export function suggestedCreators(items: ReadonlyArray<Pick<MediaItem, 'userId' | 'creator'>>, selfId: string | null, count = SUGGESTED): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const item of items) {
    const username = item.creator?.username;
    if (!item.userId || !username || item.userId === selfId || seen.has(item.userId)) continue;
    seen.add(item.userId);
    out.push({ id: item.userId, username, name: item.creator?.name ?? `@${username}`, avatar: item.creator?.avatar ?? null });
    if (out.length === count) break;
  }
  return out;
}
