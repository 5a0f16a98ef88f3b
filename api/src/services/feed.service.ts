import { TRENDING_DECAY_DAYS, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import { type Db, type FeedCursor, FeedRepository, type FeedRow } from '@app/shared/server';
import { badRequest } from '../http/errors';

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
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(query: FeedQuery) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    // One row more than asked tells whether another page exists.
    const rows = await new FeedRepository(this.db).page({
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
      items: items.map((row) => toFeedItem(row, query.viewerId)),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  async trending(limit = TRENDING_DEFAULT_LIMIT, viewerId?: string) {
    const rows = await new FeedRepository(this.db).trending(limit);
    const now = this.now().getTime();
    return {
      success: true as const,
      items: rows.map((row) => ({
        ...toFeedItem(row, viewerId),
        trendingScore: row.likes_count * Math.exp(-(now - row.created_at.getTime()) / 86_400_000 / TRENDING_DECAY_DAYS),
      })),
    };
  }
}

/**
 * `source_url` is the uploader's original photo (usually a face): the field stays, as the
 * spec names it, but it is filled only for the item's owner and null for everyone else.
 */
export function toFeedItem(row: FeedRow, viewerId?: string) {
  const metadata = row.metadata as Record<string, unknown>;
  return {
    id: row.id,
    user_id: row.user_id,
    user: { avatar: row.avatar_url, tier: row.tier ?? 'free', name: row.name ?? row.username ?? null },
    mediaType: row.type === 'video' ? 'video' : 'image',
    finalUrl: row.final_url,
    imageUrl: (metadata.imageUrl as string | undefined) ?? row.final_url,
    thumbnailUrl: row.thumbnail_url,
    prompt: row.prompt,
    presetKey: row.preset_key,
    type: row.preset_type,
    created_at: row.created_at.toISOString(),
    source_url: viewerId !== undefined && row.user_id === viewerId ? row.source_url : null,
    likes_count: row.likes_count,
    width: row.width,
    height: row.height,
    tags: row.tags,
    metadata: {
      videoResults: metadata.videoResults ?? [],
      totalVideos: metadata.totalVideos ?? 0,
      successfulVideos: metadata.successfulVideos ?? 0,
      ...(metadata.identity ? { identity: metadata.identity } : {}),
    },
    cloudinaryPublicId: row.cloudinary_public_id,
  };
}

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): FeedCursor {
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest('Invalid cursor');
  return { createdAt, id };
}
