import { TRENDING_DECAY_DAYS, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import type { FeedCursor } from '@app/shared/server/repositories';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import type { MediaUrls } from '@app/shared/server/storage';
import { toFeedItem, toTrendingItem } from './media-presenter';
import type { RepositoryPorts } from './repository-ports';

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
    private readonly repos: RepositoryPorts<{ feed: 'page' | 'trending' }>,
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
