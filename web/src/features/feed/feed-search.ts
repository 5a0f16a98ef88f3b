import { FEED_SEARCH_MAX_LENGTH, publicFeedQuery } from '@app/shared/api/feed';
import { safeParse } from 'zod/mini';
import type { FeedFilter } from './feed-api';

export type FeedSearch = Pick<FeedFilter, 'q' | 'tag'>;

/**
 * Search text as the server takes it: one line, spaces collapsed, at most FEED_SEARCH_MAX_LENGTH
 * characters (never half an emoji); null when nothing is left.
 */
export function cleanSearch(text: string): string | null {
  let clean = text.replace(/[\p{Cc}\s]+/gu, ' ').trim().slice(0, FEED_SEARCH_MAX_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(clean)) clean = clean.slice(0, -1);
  return clean.trimEnd() || null;
}

/** The tag `text` names (lowercase, by the contract's rule), or null when it is no tag. */
export function asTag(text: string): string | null {
  const parsed = safeParse(publicFeedQuery.shape.tag, text);
  return parsed.success && parsed.data ? parsed.data : null;
}

/**
 * What a search box's text asks of the feed: `#word` is that tag (the tag pages' set); anything
 * else is words to match in prompts, tags and looks. A bare word stays a search: it already finds
 * every item tagged with it, and more.
 */
export function searchToFilter(text: string): FeedSearch {
  const clean = cleanSearch(text);
  if (!clean || clean === '#') return { q: null, tag: null };
  const tag = /^#\S+$/.test(clean) ? asTag(clean.slice(1)) : null;
  return tag ? { q: null, tag } : { q: clean, tag: null };
}

/** The text a search box shows for the feed's search: the words, or `#tag`. */
export function searchTextOf({ q, tag }: FeedSearch): string {
  return q ?? (tag ? `#${tag}` : '');
}
