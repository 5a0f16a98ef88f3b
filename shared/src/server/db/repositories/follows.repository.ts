import { sql } from 'kysely';
import type { Db } from '../db';

/** Where a list of follows resumes: the last row's follow time and the other person's id. */
export interface FollowCursor {
  createdAt: Date;
  id: string;
}

/** The other side of a follow, as get-following and get-followers list them. */
export interface FollowPerson {
  id: string;
  username: string | null;
  name: string | null;
  avatar_url: string | null;
  followed_at: Date;
}

/**
 * Who follows whom (migration 0024). A banned account's follows stay stored (a lifted ban brings
 * them back) but no count or list shows them: each read leaves out the banned other side, found
 * in users_banned_idx. A deleted account's follows go with it (on delete cascade).
 */
export class FollowsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Follows `followeeId` when they exist and are not banned: `created` tells a new follow from
   * one already there; `found` false when the followee is missing or banned (nothing written).
   */
  async follow(followerId: string, followeeId: string): Promise<{ found: boolean; created: boolean }> {
    const added = await sql<{ created_at: Date }>`
      insert into follows (follower_id, followee_id)
      select ${followerId}::uuid, users.id from users where users.id = ${followeeId}::uuid and not users.banned
      on conflict (follower_id, followee_id) do nothing
      returning created_at`.execute(this.db);
    if (added.rows.length > 0) return { found: true, created: true };
    const followee = await this.db.selectFrom('users').select('banned').where('id', '=', followeeId).executeTakeFirst();
    return { found: followee !== undefined && !followee.banned, created: false };
  }

  /** Stops following; true when a follow was removed. */
  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const row = await this.db.selectFrom('follows').select('created_at').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
    return row !== undefined;
  }

  /** How many follow `userId` and how many they follow, banned accounts left out (two index-only ranges). */
  async counts(userId: string): Promise<{ followers: number; following: number }> {
    const { rows } = await sql<{ followers: string; following: string }>`
      select
        (select count(*) from follows f where f.followee_id = ${userId}::uuid
          and not exists (select 1 from users b where b.id = f.follower_id and b.banned)) as followers,
        (select count(*) from follows f where f.follower_id = ${userId}::uuid
          and not exists (select 1 from users b where b.id = f.followee_id and b.banned)) as following`.execute(this.db);
    const row = rows[0];
    return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
  }

  /** Whom `userId` follows, newest follow first, by keyset cursor on (followed at, followee id). */
  following(userId: string, options: { limit: number; cursor?: FollowCursor }): Promise<FollowPerson[]> {
    let query = this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(['users.id', 'users.username', 'users.name', 'users.avatar_url', 'follows.created_at as followed_at'])
      .where('follows.follower_id', '=', userId)
      .where('users.banned', '=', false);
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('follows.created_at', 'follows.followee_id'), '<', eb.tuple(createdAt, id)));
    }
    return query.orderBy('follows.created_at', 'desc').orderBy('follows.followee_id', 'desc').limit(options.limit).execute();
  }

  /** Who follows `userId`, newest follow first, by keyset cursor on (followed at, follower id). */
  followers(userId: string, options: { limit: number; cursor?: FollowCursor }): Promise<FollowPerson[]> {
    let query = this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select(['users.id', 'users.username', 'users.name', 'users.avatar_url', 'follows.created_at as followed_at'])
      .where('follows.followee_id', '=', userId)
      .where('users.banned', '=', false);
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('follows.created_at', 'follows.follower_id'), '<', eb.tuple(createdAt, id)));
    }
    return query.orderBy('follows.created_at', 'desc').orderBy('follows.follower_id', 'desc').limit(options.limit).execute();
  }
}
