import { sql } from 'kysely';
import type { Db } from '../db';
import type { Media } from '../schema';
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

/** A feed item's columns (a FeedRow), for the repositories that list items of their own (collections). */
export const FEED_ROW_COLUMNS = FEED_COLUMNS;

/** The item's own part of publiclyListed: its owner made it public, it is complete, nothing holds it. */
const itemListed = sql<boolean>`media.is_public and media.status = 'completed' and media.moderation = 'clear'`;

/**
 * Public to strangers (issue 42): its owner made it public, nothing holds it (screening, review,
 * an admin's hide) and its owner is not banned. The one rule every public read uses; a ban or a
 * hide takes effect on the next query. The banned are read from their own small index
 * (users_banned_idx, migration 0020), never by a scan of every account.
 */
export const publiclyListed = sql<boolean>`(${itemListed}
  and not exists (select 1 from users as banned_owner where banned_owner.id = media.user_id and banned_owner.banned))`;

/**
 * publiclyListed in a query that has left-joined the item's owner as `users` (the feed's pages):
 * the owner's row, read anyway, answers the ban. As an anti-join the planner can estimate that
 * almost nothing is left (one creator, as on a fresh install, and all of the feed is theirs) and
 * sort the whole table instead of reading the feed's index: 0.15 → 280 ms for page 1 in the
 * bench's data (docs/performance.md, issue 42).
 */
const publiclyListedWithOwner = sql<boolean>`(${itemListed} and users.banned is not true)`;

export type FeedRow = Awaited<ReturnType<FeedRepository['page']>>[number];
/** An item's full still and its stored smaller copies (stillsOfFiles). */
export type FileStill = Pick<Media, 'final_url' | 'thumbnail_url' | 'width' | 'height' | 'variants'>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Where the worker stores an item's files (output-storage.ts) and the api its share image (share-image.service.ts). */
const ITEM_FILE = new RegExp(`^(?:users|guests)/[^/]+/media/(${UUID})/`);
const SHARE_FILE = new RegExp(`^share/m/(${UUID})-`);
/** A person's other files: uploads, avatar. */
const OWNER_FILE = new RegExp(`^users/(${UUID})/`);

/** The public feed: completed public media, newest first, by offset or by keyset cursor. */
export class FeedRepository {
  constructor(private readonly db: Db) {}

  private base(filter: FeedFilter) {
    let query = this.db
      .selectFrom('media')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select(FEED_COLUMNS)
      .where(publiclyListedWithOwner);
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
   * The Following feed (issue 46 §2): the listed items of the people `followerId` follows, newest
   * first (ties by id), by keyset cursor; a banned followee is left out (they own the items).
   * Two short seeks per followed creator in media_creator_listed_idx, whatever the page's depth:
   * first each one's newest item after the cursor, of which the `limit`-th newest is a floor (at
   * least `limit` items are that new, so the page is all at or above it); then each one's items
   * between the floor and the cursor, at most `limit` of them. The floor keeps the rows read near
   * the page's size where a plain top-`limit` per creator reads nearly all of every creator's
   * items (25 ms for 500 creators in bench/feed-depth.ts, against 2–5 ms).
   */
  followingPage(followerId: string, options: { limit: number; cursor?: FeedCursor }) {
    const { limit, cursor } = options;
    const before = cursor ? sql`and (media.created_at, media.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
    const page = sql<{ id: string; created_at: Date }>`(
      with followed as materialized (
        select follows.followee_id from follows
        where follows.follower_id = ${followerId}::uuid
          and not exists (select 1 from users as banned_followee where banned_followee.id = follows.followee_id and banned_followee.banned)
      ),
      -- Materialized, and joined rather than read in the seek's condition: there the planner
      -- counts its cost once per creator, which turns JIT on for a query of a few ms.
      floor as materialized (
        select coalesce((
          select newest.created_at from followed cross join lateral (
            select media.created_at from media
            where media.user_id = followed.followee_id and ${itemListed} ${before}
            order by media.created_at desc, media.id desc limit 1
          ) newest
          order by newest.created_at desc offset ${limit - 1} limit 1
        ), '-infinity'::timestamptz) as at
      )
      select picked.id, picked.created_at from floor cross join followed cross join lateral (
        select media.id, media.created_at from media
        where media.user_id = followed.followee_id and ${itemListed} ${before} and media.created_at >= floor.at
        order by media.created_at desc, media.id desc limit ${limit}
      ) picked
      order by picked.created_at desc, picked.id desc limit ${limit}
    )`;
    return this.db
      .selectFrom(page.as('page'))
      .innerJoin('media', 'media.id', 'page.id')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select(FEED_COLUMNS)
      .orderBy('media.created_at', 'desc')
      .orderBy('media.id', 'desc')
      .execute();
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
      .where((eb) => eb.or([publiclyListedWithOwner, eb('media.user_id', '=', userId)]))
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
        publiclyListedWithOwner.as('listed'),
      ])
      .where('media.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Of these storage keys, those that are files of someone's work a stranger may not see: a file
   * in an item's folder (`users/<owner>/media/<item>/…`, a guest's alike, or its cached share
   * image `share/m/<item>-…`) whose item is not publicly listed or is gone, and any other file of
   * a banned person (`users/<id>/…`: an upload, an avatar). A story shows only the others.
   */
  async unlistedFiles(keys: readonly string[]): Promise<Set<string>> {
    const itemOf = (key: string) => ITEM_FILE.exec(key)?.[1] ?? SHARE_FILE.exec(key)?.[1];
    const ownerOf = (key: string) => OWNER_FILE.exec(key)?.[1];
    const items = [...new Set(keys.map(itemOf).filter((id) => id !== undefined))];
    const owners = [...new Set(keys.filter((key) => itemOf(key) === undefined).map(ownerOf).filter((id) => id !== undefined))];
    const [listed, banned] = await Promise.all([
      items.length > 0 ? this.db.selectFrom('media').select('media.id').where('media.id', 'in', items).where(publiclyListed).execute() : [],
      owners.length > 0 ? this.db.selectFrom('users').select('id').where('id', 'in', owners).where('banned', '=', true).execute() : [],
    ]);
    const listedIds = new Set(listed.map((row) => row.id));
    const bannedIds = new Set(banned.map((row) => row.id));
    return new Set(
      keys.filter((key) => {
        const item = itemOf(key);
        if (item !== undefined) return !listedIds.has(item);
        const owner = ownerOf(key);
        return owner !== undefined && bannedIds.has(owner);
      }),
    );
  }

  /**
   * The stored sizes of the items whose full still a key is (a story's hero, issue 47), by that key:
   * read by the item's id, which the key names, so by the primary key. A key of any other file (a
   * thumbnail, a clip, an upload) has no entry.
   */
  async stillsOfFiles(keys: readonly string[]): Promise<Map<string, FileStill>> {
    const items = [...new Set(keys.map((key) => ITEM_FILE.exec(key)?.[1]).filter((id) => id !== undefined))];
    if (items.length === 0) return new Map();
    const rows = await this.db.selectFrom('media').select(['final_url', 'thumbnail_url', 'width', 'height', 'variants']).where('id', 'in', items).execute();
    const wanted = new Set(keys);
    return new Map(rows.flatMap((row) => (row.final_url !== null && wanted.has(row.final_url) ? [[row.final_url, row] as const] : [])));
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
