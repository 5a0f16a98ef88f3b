import { sql } from 'kysely';
import type { Db } from '../db';
import type { Media, ModerationState, NewMedia, StoredVariant } from '../schema';
import { countRows } from './count-rows';
import { publiclyListed } from './feed.repository';

export class MediaRepository {
  constructor(private readonly db: Db) {}

  /** Writes a run's output once: a second write of the same (run, output index) keeps the first. */
  async insertRunOutput(media: NewMedia & { run_id: string; output_index: number }): Promise<void> {
    await this.db
      .insertInto('media')
      .values(media)
      // A retried run (retry-run) makes its output again: the same item takes the new files.
      .onConflict((oc) =>
        oc
          .columns(['run_id', 'output_index'])
          .where('run_id', 'is not', null)
          .doUpdateSet((eb) => ({
            type: eb.ref('excluded.type'),
            status: eb.ref('excluded.status'),
            final_url: eb.ref('excluded.final_url'),
            thumbnail_url: eb.ref('excluded.thumbnail_url'),
            storage_key: eb.ref('excluded.storage_key'),
            thumbnail_key: eb.ref('excluded.thumbnail_key'),
            width: eb.ref('excluded.width'),
            height: eb.ref('excluded.height'),
            metadata: eb.ref('excluded.metadata'),
            variants: eb.ref('excluded.variants'),
            tags: eb.ref('excluded.tags'),
            // The new output's screening; an item an admin hid stays hidden, and a held one goes private.
            moderation: sql<ModerationState>`case when media.moderation = 'hidden' then media.moderation else excluded.moderation end`,
            moderation_reason: sql<string | null>`case when media.moderation = 'hidden' then media.moderation_reason else excluded.moderation_reason end`,
            screening: eb.ref('excluded.screening'),
            is_public: sql<boolean>`case when excluded.moderation = 'held' then false else media.is_public end`,
            updated_at: new Date(),
          })),
      )
      .execute();
  }

  findById(id: string): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The admin's Media tab: every item, newest first. */
  /**
   * Who may read an item's files (the /media route): its owner, and everyone while it is publicly
   * listed (the feed's one predicate, so a made-private, held or hidden item's files close with it).
   */
  fileAccess(id: string): Promise<{ user_id: string | null; listed: boolean } | undefined> {
    return this.db.selectFrom('media').select(['user_id', publiclyListed.as('listed')]).where('id', '=', id).executeTakeFirst();
  }

  listForAdmin(query: { limit: number; offset: number }): Promise<Media[]> {
    return this.db.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute();
  }

  async deleteById(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A person's own media, newest (or oldest) first. */
  listForUser(userId: string, options: { limit: number; offset: number; order: 'asc' | 'desc' }): Promise<Media[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', options.order)
      .orderBy('id', options.order)
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  }

  countForUser(userId: string): Promise<number> {
    return countRows(this.db.selectFrom('media').where('user_id', '=', userId));
  }

  idsOfUser(userId: string): Promise<Array<{ id: string }>> {
    return this.db.selectFrom('media').select('id').where('user_id', '=', userId).execute();
  }

  findByRunId(runId: string): Promise<Media[]> {
    return this.db.selectFrom('media').selectAll().where('run_id', '=', runId).orderBy('output_index').execute();
  }

  /** Likes received on all of a person's media (never below zero). */
  async totalLikesReceived(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('media')
      .select(sql<number>`coalesce(sum(likes_count), 0)`.as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Math.max(0, Number(row.total));
  }

  /** Every stored object of a person's media and uploads, for removal with the account. */
  async storageKeysOfUser(userId: string): Promise<string[]> {
    const media = await this.db
      .selectFrom('media')
      .select(['storage_key', 'thumbnail_key'])
      .where('user_id', '=', userId)
      .execute();
    const uploads = await this.db.selectFrom('uploads').select('storage_key').where('user_id', '=', userId).execute();
    return [...media.flatMap((m) => [m.storage_key, m.thumbnail_key]), ...uploads.map((u) => u.storage_key)].filter(
      (key): key is string => Boolean(key),
    );
  }

  /** Publishes or hides one item of a person. */
  async setPublic(userId: string, id: string, isPublic: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ is_public: isPublic, updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** What holds the item back from the public (issue 42), and why; false when there is no such item. */
  async setModeration(id: string, moderation: ModerationState, reason: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ moderation, moderation_reason: reason, updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  countCompletedOfUser(userId: string): Promise<number> {
    return countRows(this.db.selectFrom('media').where('user_id', '=', userId).where('status', '=', 'completed'));
  }

  /** Guest media past their expiry, oldest first. */
  listExpired(now: Date, limit: number): Promise<Media[]> {
    return this.db.selectFrom('media').selectAll().where('expires_at', '<', now).orderBy('expires_at').limit(limit).execute();
  }

  /** Hands a guest's media to the account that signed in; they no longer expire. */
  async claimGuestMedia(guestId: string, userId: string): Promise<number> {
    const result = await this.db
      .updateTable('media')
      .set({ user_id: userId, guest_id: null, expires_at: null, updated_at: new Date() })
      .where('guest_id', '=', guestId)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Items whose variants were never made (stored before them), in id order after `afterId`. */
  withoutVariants(afterId: string | undefined, limit: number): Promise<Pick<Media, 'id' | 'type' | 'storage_key' | 'width' | 'metadata'>[]> {
    let query = this.db.selectFrom('media').select(['id', 'type', 'storage_key', 'width', 'metadata']).where('variants', 'is', null);
    if (afterId !== undefined) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(limit).execute();
  }

  async setVariants(id: string, variants: StoredVariant[]): Promise<void> {
    await this.db.updateTable('media').set({ variants: JSON.stringify(variants) }).where('id', '=', id).execute();
  }
}
