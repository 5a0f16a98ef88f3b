import { TRENDING_DECAY_DAYS, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import type { FeedKind, FeedPeriod, FeedSort } from '@app/shared/api/feed';
import { InvalidInputError, NotAuthenticatedError, NotFoundError } from '@app/shared/server/domain-errors';
import { SIGN_IN_REQUIRED } from './account-standing';
import type { MediaUrls } from '@app/shared/server/storage';
import { cursorAfter, decodeCursor, decodeTopCursor, decodeTrendingCursor, encodeCursor } from './feed-cursors';
import { toFeedItem, toTrendingItem } from '@app/shared/server/media/media-presenter';
import type { RepositoryPorts } from './repository-ports';

export const MEDIA_ITEM_NOT_FOUND = 'Creation not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page of the feed; a filter left out, undefined or empty does not filter (the route passes the query on as parsed). */
export interface FeedQuery {
  limit: number;
  /** The spec's paging, for the newest-first order only; every order pages by cursor. */
  offset?: number | undefined;
  cursor?: string | undefined;
  sort?: FeedSort | undefined;
  /** How far back the most-liked order looks. */
  period?: FeedPeriod | undefined;
  /** Words matched against prompts, tags and the preset kind (whole words, all of them). */
  q?: string | undefined;
  tag?: string | undefined;
  presetType?: string | undefined;
  creatorId?: string | undefined;
  /** The signed-in person looking, if any: only they see the source photos of their items. */
  viewerId?: string | undefined;
  /** `following`: only the creations of the people the viewer follows (a viewer is required). */
  feed?: FeedKind | undefined;
}

/** The public feed and trending, as the spec's "feed item as received". */
export class FeedService {
  constructor(
    private readonly repos: RepositoryPorts<{ feed: 'page' | 'top' | 'trendingPage' | 'trending' | 'byId' | 'liked' | 'followingPage' }>,
    private readonly urls: MediaUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(query: FeedQuery) {
    if (query.feed === 'following') return this.following(query);
    const sort = query.sort ?? 'new';
    if (query.offset && sort !== 'new') throw new InvalidInputError('offset pages the newest-first order only; page the others by cursor', 'BAD_REQUEST');
    const filter = {
      ...(query.presetType ? { presetType: query.presetType } : {}),
      ...(query.creatorId ? { creatorId: query.creatorId } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(query.q && searchQuery(query.q) ? { search: searchQuery(query.q) } : {}),
    };
    // One row more than asked tells whether another page exists.
    const limit = query.limit + 1;
    const rows =
      sort === 'top'
        ? await this.repos.feed.top({ ...filter, limit, ...periodStart(query.period, this.now()), ...cursorOf(query.cursor, decodeTopCursor) })
        : sort === 'trending'
          ? await this.repos.feed.trendingPage({ ...filter, limit, ...cursorOf(query.cursor, decodeTrendingCursor) })
          : await this.repos.feed.page({ ...filter, limit, ...(query.offset ? { offset: query.offset } : {}), ...cursorOf(query.cursor, decodeCursor) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => toFeedItem(row, this.urls, query.viewerId)),
      hasMore,
      nextCursor: hasMore && last ? cursorAfter(sort, last) : null,
    };
  }

  /**
   * The Following feed: the viewer's follows' listed creations, newest first, by cursor only.
   * It has one order and no narrowing: a filter that would be ignored is refused instead.
   */
  private async following(query: FeedQuery) {
    if (!query.viewerId) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
    if ((query.sort ?? 'new') !== 'new' || (query.period ?? 'all') !== 'all') throw new InvalidInputError('feed=following is newest first only: leave out sort and period', 'BAD_REQUEST');
    if (query.offset) throw new InvalidInputError('feed=following pages by cursor only: leave out offset', 'BAD_REQUEST');
    if (query.q || query.tag || query.presetType || query.creatorId) throw new InvalidInputError('feed=following takes no q, tag, type or creator', 'BAD_REQUEST');
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.repos.feed.followingPage(query.viewerId, { limit: query.limit + 1, ...(cursor ? { cursor } : {}) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => toFeedItem(row, this.urls, query.viewerId)),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  /** What `userId` liked, newest like first (get-liked-media); the cursor is the last like's time and item. */
  async liked(userId: string, query: { limit: number; cursor?: string | undefined }) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.repos.feed.liked(userId, { limit: query.limit + 1, now: this.now(), ...(cursor ? { cursor } : {}) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => ({ ...toFeedItem(row, this.urls, userId, row.listed), likedAt: row.liked_at.toISOString() })),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.liked_at, id: last.id }) : null,
    };
  }

  /**
   * One creation (its page, /m/<id>): completed and unexpired, public, or private to its owner
   * looking. Anything else is not found, so a stranger cannot tell a private item from none.
   */
  async item(id: string, viewerId?: string) {
    const row = await this.visible(id, viewerId);
    const item = toFeedItem(row, this.urls, viewerId, row.listed);
    // What holds it back is told to its owner only (a stranger never sees such an item at all).
    const held = row.moderation !== 'clear' && viewerId !== undefined && row.user_id === viewerId;
    return { success: true as const, item: held ? { ...item, moderation: { state: row.moderation, reason: row.moderation_reason } } : item };
  }

  /** The row of an item `viewerId` (none: anyone) may see, with its storage keys; else NotFoundError. */
  async visible(id: string, viewerId?: string) {
    // An id that is not a UUID names nothing (and must not reach a uuid column).
    const row = UUID.test(id) ? await this.repos.feed.byId(id) : undefined;
    const live = row && row.status === 'completed' && (!row.expires_at || row.expires_at > this.now());
    const allowed = row && (row.listed || (viewerId !== undefined && row.user_id === viewerId));
    if (!row || !live || !allowed) throw new NotFoundError(MEDIA_ITEM_NOT_FOUND, 'MEDIA_NOT_FOUND');
    return row;
  }

  async trending(limit = TRENDING_DEFAULT_LIMIT, viewerId?: string) {
    const rows = await this.repos.feed.trending(limit);
    const now = this.now();
    return { success: true as const, items: rows.map((row) => toTrendingItem(row, this.urls, now, TRENDING_DECAY_DAYS, viewerId)) };
  }
}

const PERIOD_MS: Record<Exclude<FeedPeriod, 'all'>, number> = { day: 86_400_000, week: 7 * 86_400_000 };

function periodStart(period: FeedPeriod | undefined, now: Date): { since?: Date } {
  return period && period !== 'all' ? { since: new Date(now.getTime() - PERIOD_MS[period]) } : {};
}

function cursorOf<T>(raw: string | undefined, decode: (raw: string) => T): { cursor?: T } {
  return raw ? { cursor: decode(raw) } : {};
}

/**
 * A search's words as a full-text query: letters and digits only (nothing of tsquery's syntax
 * gets through), whole words, all required; at most 8 words. None: no search. Whole words, not
 * prefixes: Postgres estimates a rare whole word as rare and finds it through the GIN index,
 * where a prefix gets a flat guess that walks the whole newest-first index (docs/decisions.md).
 */
export function searchQuery(q: string): string | undefined {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length > 0 ? words.join(' & ') : undefined;
}
