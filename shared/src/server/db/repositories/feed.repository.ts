import { sql } from 'kysely';
import type { Db } from '../db';
import { countRows } from './count-rows';

export interface FeedFilter {
  presetType?: string;
  creatorId?: string;
  /** Items carrying this tag (the GIN index on media.tags). */
  tag?: string;
  /** A full-text query (`to_tsquery('simple', …)` syntax, made by the caller from plain words). */
  search?: string;
}

/** Where the newest-first order (and the liked collection) resumes: the last row's time and id. */
export interface FeedCursor {
  createdAt: Date;
  id: string;
}

/** Where the most-liked order resumes. */
export interface TopCursor {
  likes: number;
  createdAt: Date;
  id: string;
}

/** Where the trending order resumes: among the scored items, or (score null) among those with no likes. */
export type TrendingCursor = { score: number; id: string } | { score: null; createdAt: Date; id: string };

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
  'media.trending_score',
  'media.metadata',
  'media.variants',
  'media.tags',
  'media.cloudinary_public_id',
  'media.created_at',
  'users.avatar_url',
  'users.tier',
  'users.name',
  'users.username',
] as const;

/**
 * Public to strangers (issue 42): its owner made it public, nothing holds it (screening, review,
 * an admin's hide) and its owner is not banned. The one definition every public read uses, with
 * or without the users join; a ban or a hide takes effect on the next query.
 */
export const publiclyListed = sql<boolean>`(media.is_public and media.status = 'completed' and media.moderation = 'clear'
  and not exists (select 1 from users as banned_owner where banned_owner.id = media.user_id and banned_owner.banned))`;

export type FeedRow = Awaited<ReturnType<FeedRepository['page']>>[number];

/** The public feed: completed public media, newest first, by offset or by keyset cursor. */
export class FeedRepository {
  constructor(private readonly db: Db) {}

  private base(filter: FeedFilter) {
    let query = this.db
      .selectFrom('media')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select(FEED_COLUMNS)
      .where(publiclyListed);
    if (filter.presetType) query = query.where('media.preset_type', '=', filter.presetType);
    if (filter.creatorId) query = query.where('media.user_id', '=', filter.creatorId);
    if (filter.tag) query = query.where(sql<boolean>`media.tags @> array[${filter.tag}]::text[]`);
    if (filter.search) query = query.where(sql<boolean>`media.search_vector @@ to_tsquery('simple', ${filter.search})`);
    return query;
  }

  /** A creator's public work: how many items, and the likes they received. */
  async creatorStats(userId: string): Promise<{ creations: number; likes: number }> {
    const row = await this.db
      .selectFrom('media')
      .select((eb) => [eb.fn.countAll<string>().as('creations'), sql<string>`coalesce(sum(likes_count), 0)`.as('likes')])
      .where('user_id', '=', userId)
      .where(publiclyListed)
      .executeTakeFirstOrThrow();
    return { creations: Number(row.creations), likes: Math.max(0, Number(row.likes)) };
  }

  /** How many public items carry a tag. */
  countTagged(tag: string): Promise<number> {
    return countRows(
      this.db
        .selectFrom('media')
        .where(publiclyListed)
        .where(sql<boolean>`tags @> array[${tag}]::text[]`),
    );
  }

  /** The tags most often found beside `tag` on its newest public items (at most `sample` of them). */
  async relatedTags(tag: string, limit: number, sample = 500): Promise<Array<{ tag: string; count: number }>> {
    const rows = await sql<{ tag: string; count: string }>`
      select t.tag, count(*) as count
      from (
        select tags from media
        where ${publiclyListed} and tags @> array[${tag}]::text[]
        order by created_at desc
        limit ${sample}
      ) m, unnest(m.tags) as t(tag)
      where t.tag <> ${tag}
      group by t.tag
      order by count(*) desc, t.tag
      limit ${limit}
    `.execute(this.db);
    return rows.rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
  }

  /** Tags of public items, most used first (the sitemap). */
  async topTags(limit: number): Promise<string[]> {
    const rows = await sql<{ tag: string }>`
      select t.tag from media, unnest(media.tags) as t(tag)
      where ${publiclyListed}
      group by t.tag order by count(*) desc, t.tag limit ${limit}
    `.execute(this.db);
    return rows.rows.map((r) => r.tag);
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

  /** Most liked first (ties: newest, then id), since `since` when given, by keyset cursor (media_top_idx). */
  top(options: FeedFilter & { limit: number; since?: Date; cursor?: TopCursor }) {
    let query = this.base(options);
    if (options.since) query = query.where('media.created_at', '>=', options.since);
    if (options.cursor) {
      const { likes, createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('media.likes_count', 'media.created_at', 'media.id'), '<', eb.tuple(likes, createdAt, id)));
    }
    return query.orderBy('media.likes_count', 'desc').orderBy('media.created_at', 'desc').orderBy('media.id', 'desc').limit(options.limit).execute();
  }

  /**
   * The trending order as a feed: the scored items by score (media_trending_idx), then those
   * nobody liked yet, newest first (media_feed_idx). Two seeks rather than one sort with nulls
   * last, so a page deep down costs what the first does.
   */
  async trendingPage(options: FeedFilter & { limit: number; cursor?: TrendingCursor }): Promise<FeedRow[]> {
    const { cursor } = options;
    let rows: FeedRow[] = [];
    if (!cursor || cursor.score !== null) {
      let scored = this.base(options).where('media.trending_score', 'is not', null);
      if (cursor) scored = scored.where((eb) => eb(eb.refTuple('media.trending_score', 'media.id'), '<', eb.tuple(cursor.score, cursor.id)));
      rows = await scored.orderBy('media.trending_score', 'desc').orderBy('media.id', 'desc').limit(options.limit).execute();
      if (rows.length >= options.limit) return rows;
    }
    let unscored = this.base(options).where('media.trending_score', 'is', null);
    if (cursor?.score === null) {
      unscored = unscored.where((eb) => eb(eb.refTuple('media.created_at', 'media.id'), '<', eb.tuple(cursor.createdAt, cursor.id)));
    }
    const rest = await unscored.orderBy('media.created_at', 'desc').orderBy('media.id', 'desc').limit(options.limit - rows.length).execute();
    return [...rows, ...rest];
  }

  /**
   * What a person liked, newest like first, by keyset cursor on (liked at, media id): items
   * still completed and unexpired that are public or their own. An item its owner made private
   * since leaves the collection of everyone else.
   */
  liked(userId: string, options: { limit: number; cursor?: FeedCursor; now: Date }) {
    let query = this.db
      .selectFrom('likes')
      .innerJoin('media', 'media.id', 'likes.media_id')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select([...FEED_COLUMNS, 'likes.created_at as liked_at', publiclyListed.as('listed')])
      .where('likes.user_id', '=', userId)
      .where('media.status', '=', 'completed')
      .where((eb) => eb.or([publiclyListed, eb('media.user_id', '=', userId)]))
      .where((eb) => eb.or([eb('media.expires_at', 'is', null), eb('media.expires_at', '>', options.now)]));
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('likes.created_at', 'likes.media_id'), '<', eb.tuple(createdAt, id)));
    }
    return query.orderBy('likes.created_at', 'desc').orderBy('likes.media_id', 'desc').limit(options.limit).execute();
  }

  /**
   * One item with its creator, whatever its visibility (the caller decides who may see it),
   * and the storage keys of its files (its share image is made from them).
   */
  byId(id: string) {
    return this.db
      .selectFrom('media')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select([
        ...FEED_COLUMNS,
        'media.is_public',
        'media.status',
        'media.expires_at',
        'media.storage_key',
        'media.thumbnail_key',
        'media.moderation',
        'media.moderation_reason',
        publiclyListed.as('listed'),
      ])
      .where('media.id', '=', id)
      .executeTakeFirst();
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
