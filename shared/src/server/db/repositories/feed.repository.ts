import type { Db } from '../database';

export interface FeedFilter {
  presetType?: string;
  creatorId?: string;
}

export interface FeedCursor {
  createdAt: Date;
  id: string;
}

const FEED_COLUMNS = [
  'media.id',
  'media.user_id',
  'media.type',
  'media.preset_type',
  'media.preset_key',
  'media.prompt',
  'media.final_url',
  'media.thumbnail_url',
  'media.source_url',
  'media.width',
  'media.height',
  'media.likes_count',
  'media.metadata',
  'media.tags',
  'media.cloudinary_public_id',
  'media.created_at',
  'users.avatar_url',
  'users.tier',
  'users.name',
  'users.username',
] as const;

export type FeedRow = Awaited<ReturnType<FeedRepository['page']>>[number];

/** The public feed: completed public media, newest first, by offset or by keyset cursor. */
export class FeedRepository {
  constructor(private readonly db: Db) {}

  private base(filter: FeedFilter) {
    let query = this.db
      .selectFrom('media')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select(FEED_COLUMNS)
      .where('media.is_public', '=', true)
      .where('media.status', '=', 'completed');
    if (filter.presetType) query = query.where('media.preset_type', '=', filter.presetType);
    if (filter.creatorId) query = query.where('media.user_id', '=', filter.creatorId);
    return query;
  }

  /**
   * One page of the feed. With a cursor the query seeks in the (created_at, id) index, so
   * a deep page costs what the first one does; the offset form is kept for the spec's clients.
   */
  page(options: FeedFilter & { limit: number; offset?: number; cursor?: FeedCursor }) {
    let query = this.base(options);
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('media.created_at', 'media.id'), '<', eb.tuple(createdAt, id)));
    }
    return query
      .orderBy('media.created_at', 'desc')
      .orderBy('media.id', 'desc')
      .limit(options.limit)
      .$if(!options.cursor && (options.offset ?? 0) > 0, (q) => q.offset(options.offset ?? 0))
      .execute();
  }

  /** Trending: ordered by the time-invariant score ln(likes) + created/7 days, from its index. */
  trending(limit: number) {
    return this.base({})
      .where('media.trending_score', 'is not', null)
      .orderBy('media.trending_score', 'desc')
      .orderBy('media.id', 'desc')
      .limit(limit)
      .execute();
  }
}
