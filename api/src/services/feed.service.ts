import { TRENDING_DECAY_DAYS, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import type { FeedCursor } from '@app/shared/server/repositories';
import { InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import type { MediaUrls } from '@app/shared/server/storage';
import { toFeedItem, toTrendingItem } from './media-presenter';
import type { RepositoryPorts } from './repository-ports';

export const MEDIA_ITEM_NOT_FOUND = 'Creation not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FeedQuery {
  limit: number;
  offset?: number;
  cursor?: string;
  presetType?: string;
  creatorId?: string;
  /** The signed-in person looking, if any: only they see the source photos of their items. */
  viewerId?: string;
}

/** The public feed and trending, as the spec's "feed item as received". */
export class FeedService {
  constructor(
    private readonly repos: RepositoryPorts<{ feed: 'page' | 'trending' | 'byId' | 'liked' }>,
    private readonly urls: MediaUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(query: FeedQuery) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    // One row more than asked tells whether another page exists.
    const rows = await this.repos.feed.page({
      limit: query.limit + 1,
      ...(query.offset ? { offset: query.offset } : {}),
      ...(cursor ? { cursor } : {}),
      ...(query.presetType ? { presetType: query.presetType } : {}),
      ...(query.creatorId ? { creatorId: query.creatorId } : {}),
    });
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
  async liked(userId: string, query: { limit: number; cursor?: string }) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.repos.feed.liked(userId, { limit: query.limit + 1, now: this.now(), ...(cursor ? { cursor } : {}) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => ({ ...toFeedItem(row, this.urls, userId), likedAt: row.liked_at.toISOString() })),
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
    return { success: true as const, item: toFeedItem(row, this.urls, viewerId) };
  }

  /** The row of an item `viewerId` (none: anyone) may see, with its storage keys; else NotFoundError. */
  async visible(id: string, viewerId?: string) {
    // An id that is not a UUID names nothing (and must not reach a uuid column).
    const row = UUID.test(id) ? await this.repos.feed.byId(id) : undefined;
    const live = row && row.status === 'completed' && (!row.expires_at || row.expires_at > this.now());
    const allowed = row && (row.is_public || (viewerId !== undefined && row.user_id === viewerId));
    if (!row || !live || !allowed) throw new NotFoundError(MEDIA_ITEM_NOT_FOUND, 'MEDIA_NOT_FOUND');
    return row;
  }

  async trending(limit = TRENDING_DEFAULT_LIMIT, viewerId?: string) {
    const rows = await this.repos.feed.trending(limit);
    const now = this.now();
    return { success: true as const, items: rows.map((row) => toTrendingItem(row, this.urls, now, TRENDING_DECAY_DAYS, viewerId)) };
  }
}

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): FeedCursor {
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new InvalidInputError('Invalid cursor', 'BAD_REQUEST');
  return { createdAt, id };
}
