import { sql } from 'kysely';
import type { Db } from '../db';
import { inTransaction } from '../transaction';
import { likeNotificationFrom } from './notifications.repository';

/** ln(likes) + created_epoch / 7 days: orders like likes × exp(−age_days / 7), independent of now. */
const trendingScore = (likes: ReturnType<typeof sql<number>>) =>
  sql<number | null>`case when ${likes} > 0 then ln(${likes}) + extract(epoch from created_at) / 604800 end`;

/** Likes: one per person and media; the count on the media moves in the same transaction. */
export class LikesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Likes or unlikes; returns the new state and count, or undefined when the media is gone. A like
   * is told to the creation's owner in the same statement as its count (`notified`: who), so a like
   * with its notification costs the round trips a like did before (issue 46 §3, bench/feed-depth.ts).
   */
  async toggle(userId: string, mediaId: string): Promise<{ liked: boolean; likesCount: number; notified?: string } | undefined> {
    return inTransaction(this.db, async (trx) => {
      const added = await trx
        .insertInto('likes')
        .values({ user_id: userId, media_id: mediaId })
        .onConflict((oc) => oc.columns(['user_id', 'media_id']).doNothing())
        .returning('media_id')
        .executeTakeFirst();
      if (!added) await trx.deleteFrom('likes').where('user_id', '=', userId).where('media_id', '=', mediaId).execute();
      if (added) {
        const next = sql<number>`likes_count + 1`;
        const { rows } = await sql<{ likes_count: number; notified: string | null }>`
          with counted as (
            update media set likes_count = ${next}, trending_score = ${trendingScore(next)}, updated_at = now()
            where id = ${mediaId} returning id, user_id, likes_count
          ), told as (${likeNotificationFrom('counted', userId)})
          select counted.likes_count, (select user_id from told) as notified from counted`.execute(trx);
        const [row] = rows;
        return row && { liked: true, likesCount: row.likes_count, ...(row.notified ? { notified: row.notified } : {}) };
      }
      const next = sql<number>`greatest(likes_count - 1, 0)`;
      const row = await trx
        .updateTable('media')
        .set({ likes_count: next, trending_score: trendingScore(next), updated_at: new Date() })
        .where('id', '=', mediaId)
        .returning('likes_count')
        .executeTakeFirst();
      return row && { liked: false, likesCount: row.likes_count };
    });
  }

  /** The media a person likes, with their preset types (for the likes map of spec 1 §3). */
  likedBy(userId: string) {
    return this.db
      .selectFrom('likes')
      .innerJoin('media', 'media.id', 'likes.media_id')
      .select(['media.id', 'media.preset_type'])
      .where('likes.user_id', '=', userId)
      .orderBy('likes.created_at', 'desc')
      .execute();
  }
}
