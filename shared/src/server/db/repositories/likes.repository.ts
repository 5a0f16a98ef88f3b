import { sql } from 'kysely';
import type { Db } from '../db';
import { inTransaction } from '../transaction';

/** ln(likes) + created_epoch / 7 days: orders like likes × exp(−age_days / 7), independent of now. */
const trendingScore = (likes: ReturnType<typeof sql<number>>) =>
  sql<number | null>`case when ${likes} > 0 then ln(${likes}) + extract(epoch from created_at) / 604800 end`;

/** Likes: one per person and media; the count on the media moves in the same transaction. */
export class LikesRepository {
  constructor(private readonly db: Db) {}

  /** Likes or unlikes; returns the new state and count, or undefined when the media is gone. */
  async toggle(userId: string, mediaId: string): Promise<{ liked: boolean; likesCount: number } | undefined> {
    return inTransaction(this.db, async (trx) => {
      const added = await trx
        .insertInto('likes')
        .values({ user_id: userId, media_id: mediaId })
        .onConflict((oc) => oc.columns(['user_id', 'media_id']).doNothing())
        .returning('media_id')
        .executeTakeFirst();
      if (!added) await trx.deleteFrom('likes').where('user_id', '=', userId).where('media_id', '=', mediaId).execute();
      const next = added ? sql<number>`likes_count + 1` : sql<number>`greatest(likes_count - 1, 0)`;
      const row = await trx
        .updateTable('media')
        .set({ likes_count: next, trending_score: trendingScore(next), updated_at: new Date() })
        .where('id', '=', mediaId)
        .returning('likes_count')
        .executeTakeFirst();
      return row && { liked: Boolean(added), likesCount: row.likes_count };
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
