import { sql } from 'kysely';
import type { Db } from '../db';
import { inTransaction } from '../transaction';
import { FEED_ROW_COLUMNS, type FeedCursor, publiclyListed } from './feed.repository';

/**
 * Who may see an item of a collection, `viewerId` (null: anyone) reading: completed and unexpired,
 * and publicly listed (the feed's rule: public, nothing holds it, its owner not banned) or the
 * viewer's own. Decided at every read, so an item made private or hidden leaves at once.
 */
function visibleTo(viewerId: string | null, now: Date) {
  const own = viewerId === null ? sql<boolean>`false` : sql<boolean>`media.user_id = ${viewerId}`;
  return sql<boolean>`(media.status = 'completed'
    and (media.expires_at is null or media.expires_at > ${now})
    and (${publiclyListed} or ${own}))`;
}

export type CollectionRow = Awaited<ReturnType<CollectionsRepository['byId']>> & {};
export type CollectionItemRow = Awaited<ReturnType<CollectionsRepository['items']>>[number];

/** Collections and their items (issue 46). */
export class CollectionsRepository {
  constructor(private readonly db: Db) {}

  /** A collection with its owner's public fields and whether the owner is banned; undefined when none. */
  byId(id: string) {
    return this.db
      .selectFrom('collections')
      .innerJoin('users', 'users.id', 'collections.user_id')
      .select([
        'collections.id',
        'collections.user_id',
        'collections.name',
        'collections.is_public',
        'collections.created_at',
        'collections.updated_at',
        'users.name as owner_name',
        'users.username as owner_username',
        'users.avatar_url as owner_avatar',
        'users.banned as owner_banned',
      ])
      .where('collections.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * A new collection, unless the person already holds `max`: their row is locked first, so two
   * creates at once cannot both pass the count. Undefined when at the limit.
   */
  async create(userId: string, values: { name: string; isPublic: boolean }, max: number) {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const { count } = await trx.selectFrom('collections').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (Number(count) >= max) return undefined;
      return trx
        .insertInto('collections')
        .values({ user_id: userId, name: values.name, is_public: values.isPublic })
        .returning(['id', 'user_id', 'name', 'is_public', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
    });
  }

  /** Renames and/or changes the visibility of the owner's collection; undefined when it is not theirs. */
  update(id: string, userId: string, changes: { name?: string; isPublic?: boolean }, now: Date) {
    return this.db
      .updateTable('collections')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.isPublic !== undefined ? { is_public: changes.isPublic } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['id', 'user_id', 'name', 'is_public', 'created_at', 'updated_at'])
      .executeTakeFirst();
  }

  /** Deletes the owner's collection (its items go with it); whether there was one. */
  async delete(id: string, userId: string): Promise<boolean> {
    const row = await this.db.deleteFrom('collections').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds an item (again: nothing changes) unless the collection holds `max` already. The
   * collection's row is locked so two adds at once cannot pass the count together; its
   * `updated_at` moves on a real add. 'added', 'present' or 'full'.
   */
  async add(collectionId: string, mediaId: string, max: number, now: Date): Promise<'added' | 'present' | 'full'> {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('collections').select('id').where('id', '=', collectionId).forUpdate().executeTakeFirst();
      const present = await trx.selectFrom('collection_items').select('media_id').where('collection_id', '=', collectionId).where('media_id', '=', mediaId).executeTakeFirst();
      if (present) return 'present';
      const { count } = await trx
        .selectFrom('collection_items')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return 'full';
      await trx
        .insertInto('collection_items')
        .values({ collection_id: collectionId, media_id: mediaId, added_at: now })
        .onConflict((oc) => oc.columns(['collection_id', 'media_id']).doNothing())
        .execute();
      await trx.updateTable('collections').set({ updated_at: now }).where('id', '=', collectionId).execute();
      return 'added';
    });
  }

  /** Takes an item out (absent: nothing changes); whether it was there. */
  async remove(collectionId: string, mediaId: string, now: Date): Promise<boolean> {
    const row = await this.db.deleteFrom('collection_items').where('collection_id', '=', collectionId).where('media_id', '=', mediaId).returning('media_id').executeTakeFirst();
    if (row) await this.db.updateTable('collections').set({ updated_at: now }).where('id', '=', collectionId).execute();
    return row !== undefined;
  }

  /**
   * A person's collections, newest first (public ones only with `publicOnly`), each with how many
   * items `viewerId` may see in it and, with `mediaId`, whether it holds that item.
   */
  async list(userId: string, options: { viewerId: string | null; publicOnly: boolean; mediaId?: string; now: Date }) {
    const visible = visibleTo(options.viewerId, options.now);
    const holds = options.mediaId
      ? sql<boolean>`exists (select 1 from collection_items held where held.collection_id = collections.id and held.media_id = ${options.mediaId})`
      : sql<boolean>`false`;
    return this.db
      .selectFrom('collections')
      .select([
        'collections.id',
        'collections.user_id',
        'collections.name',
        'collections.is_public',
        'collections.created_at',
        'collections.updated_at',
        sql<string>`(select count(*) from collection_items ci join media on media.id = ci.media_id where ci.collection_id = collections.id and ${visible})`.as('item_count'),
        holds.as('has_item'),
      ])
      .where('collections.user_id', '=', userId)
      // Another person's list: their public ones, and none while they are banned.
      .$if(options.publicOnly, (q) =>
        q.where('collections.is_public', '=', true).where(sql<boolean>`not exists (select 1 from users as banned_owner where banned_owner.id = collections.user_id and banned_owner.banned)`),
      )
      .orderBy('collections.created_at', 'desc')
      .orderBy('collections.id', 'desc')
      .execute();
  }

  /** How many of a collection's items `viewerId` may see. */
  async countVisible(collectionId: string, viewerId: string | null, now: Date): Promise<number> {
    const { count } = await this.db
      .selectFrom('collection_items')
      .innerJoin('media', 'media.id', 'collection_items.media_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('collection_items.collection_id', '=', collectionId)
      .where(visibleTo(viewerId, now))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The newest item `viewerId` may see in each of these collections (their covers), as feed rows. */
  covers(collectionIds: readonly string[], viewerId: string | null, now: Date) {
    if (collectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('collection_items')
      .innerJoin('media', 'media.id', 'collection_items.media_id')
      .leftJoin('users', 'users.id', 'media.user_id')
      .distinctOn('collection_items.collection_id')
      .select([...FEED_ROW_COLUMNS, 'collection_items.collection_id', publiclyListed.as('listed')])
      .where('collection_items.collection_id', 'in', collectionIds)
      .where(visibleTo(viewerId, now))
      .orderBy('collection_items.collection_id')
      .orderBy('collection_items.added_at', 'desc')
      .orderBy('collection_items.media_id', 'desc')
      .execute();
  }

  /** A page of what `viewerId` may see in a collection, newest addition first, by keyset cursor on (added at, media id). */
  items(collectionId: string, options: { viewerId: string | null; limit: number; cursor?: FeedCursor; now: Date }) {
    let query = this.db
      .selectFrom('collection_items')
      .innerJoin('media', 'media.id', 'collection_items.media_id')
      .leftJoin('users', 'users.id', 'media.user_id')
      .select([...FEED_ROW_COLUMNS, 'collection_items.added_at', publiclyListed.as('listed')])
      .where('collection_items.collection_id', '=', collectionId)
      .where(visibleTo(options.viewerId, options.now));
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('collection_items.added_at', 'collection_items.media_id'), '<', eb.tuple(createdAt, id)));
    }
    return query.orderBy('collection_items.added_at', 'desc').orderBy('collection_items.media_id', 'desc').limit(options.limit).execute();
  }
}
