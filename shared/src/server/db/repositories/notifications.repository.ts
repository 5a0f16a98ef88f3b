import { sql } from 'kysely';
import type { Db } from '../db';
import type { NotificationKind, StoredVariant } from '../schema';

/** One person seen in a notification: a liker, a follower, a friend. */
export interface NotificationActorRow {
  name: string | null;
  username: string | null;
  avatar_url: string | null;
}

/** A notification as the list reads it, with what it names (its likers counted when read). */
export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  created_at: Date;
  /** created_at to the microsecond, for the keyset cursor. */
  cursor_at: string;
  read_at: Date | null;
  run_id: string | null;
  media_id: string | null;
  media_type: 'image' | 'video' | null;
  media_public: boolean | null;
  final_url: string | null;
  thumbnail_url: string | null;
  variants: StoredVariant[] | null;
  /** The follower, the friend of a referral; for a like, its likers (latest first) in `likers`. */
  actor: NotificationActorRow | null;
  likers: NotificationActorRow[];
  liker_count: number;
}

export interface NotificationCursor {
  at: string;
  id: string;
}

/** Likers a like shows by name; the others are counted. */
const LIKERS_NAMED = 2;

/**
 * Notifications: written where things happen (a like in its own transaction, a run's settlement,
 * a follow, a moderator's hide, a referral's reward) and read by their owner. A like or a follow
 * folds into the unread row of the same creation or follower (the partial unique indexes of
 * migration 0025), so each is one INSERT. What a row names is read with it: a liker or follower
 * who is banned is never shown, and a like row whose likers are all gone is no notification.
 */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** A follow told to the person followed (one unread row per follower). */
  async followed(followerId: string, followeeId: string): Promise<boolean> {
    if (followerId === followeeId) return false;
    const { rows } = await sql<{ id: string }>`
      insert into notifications (user_id, kind, actor_id) values (${followeeId}, 'follow', ${followerId})
      on conflict (user_id, actor_id) where kind = 'follow' and read_at is null
      do update set created_at = now()
      returning id`.execute(this.db);
    return rows.length > 0;
  }

  /** A run that ended told to its owner, with its creation (a failed run's kept image too). */
  async runEnded(input: { userId: string; runId: string; kind: 'run_done' | 'run_failed' }): Promise<void> {
    await sql`
      insert into notifications (user_id, kind, run_id, media_id)
      values (${input.userId}, ${input.kind}, ${input.runId},
        (select id from media where run_id = ${input.runId} order by output_index nulls first, created_at limit 1))`.execute(this.db);
  }

  /** A creation hidden by moderation told to its owner; the owner told, or undefined (a guest's). */
  async mediaHidden(mediaId: string): Promise<string | undefined> {
    const { rows } = await sql<{ user_id: string }>`
      insert into notifications (user_id, kind, media_id)
      select m.user_id, 'media_hidden', m.id from media m where m.id = ${mediaId} and m.user_id is not null
      returning user_id`.execute(this.db);
    return rows[0]?.user_id;
  }

  /** The inviter's reward for `friendId`'s first creation told to the inviter. */
  async referralCredited(referrerId: string, friendId: string): Promise<void> {
    await this.db.insertInto('notifications').values({ user_id: referrerId, kind: 'referral', actor_id: friendId }).execute();
  }

  /** The owner's notifications after `cursor`, newest first: `limit` + 1 rows tell whether more follow. */
  async list(userId: string, options: { cursor?: NotificationCursor; limit: number }): Promise<NotificationRow[]> {
    const after = options.cursor ? sql`and (n.created_at, n.id) < (${options.cursor.at}::timestamptz, ${options.cursor.id}::uuid)` : sql``;
    const { rows } = await sql<NotificationRow>`
      select n.id, n.kind, n.created_at, n.read_at, n.run_id, n.media_id,
        to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
        m.type as media_type, (m.is_public and m.moderation = 'clear') as media_public,
        m.final_url, m.thumbnail_url, m.variants,
        case when a.id is null then null else json_build_object('name', a.name, 'username', a.username, 'avatar_url', a.avatar_url) end as actor,
        coalesce(lk.likers, '[]'::json) as likers, coalesce(lk.liker_count, 0) as liker_count
      from notifications n
      left join users a on a.id = n.actor_id and n.kind <> 'like'
      left join media m on m.id = n.media_id
      ${likersOf()}
      where n.user_id = ${userId} and ${visible()} ${after}
      order by n.created_at desc, n.id desc
      limit ${options.limit + 1}`.execute(this.db);
    return rows.map((row) => ({ ...row, liker_count: Number(row.liker_count) }));
  }

  /** How many of the owner's notifications are unread (those the list would show). */
  async unreadCount(userId: string): Promise<number> {
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from notifications n
      left join users a on a.id = n.actor_id and n.kind <> 'like'
      ${likersOf()}
      where n.user_id = ${userId} and n.read_at is null and ${visible()}`.execute(this.db);
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Marks read the owner's notifications up to a notification (it and older) or a time; the
   * number marked. A notification id of someone else's is nothing to mark up to.
   */
  async markRead(userId: string, upTo: { id: string } | { at: Date }): Promise<number> {
    const until =
      'id' in upTo
        ? sql`(n.created_at, n.id) <= (select created_at, id from notifications where id = ${upTo.id}::uuid and user_id = ${userId})`
        : sql`n.created_at <= ${upTo.at}`;
    const { rows } = await sql<{ id: string }>`
      update notifications n set read_at = now()
      where n.user_id = ${userId} and n.read_at is null and ${until}
      returning n.id`.execute(this.db);
    return rows.length;
  }

  /** Marks read the owner's notification of one run (its card was on screen when it ended). */
  async markRunRead(userId: string, runId: string): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('run_id', '=', runId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** People who asked for the daily digest and have unread notifications since their last one. */
  async digestRecipients(limit: number): Promise<Array<{ id: string; email: string; since: Date | null }>> {
    const { rows } = await sql<{ id: string; email: string; since: Date | null }>`
      select u.id, u.email, u.notification_digest_at as since from users u
      where u.notification_digest and not u.banned
        and exists (select 1 from notifications n where n.user_id = u.id and n.read_at is null
          and n.created_at > coalesce(u.notification_digest_at, '-infinity'::timestamptz))
        and coalesce(u.notification_digest_at, '-infinity'::timestamptz) < now() - interval '20 hours'
      order by u.id
      limit ${limit}`.execute(this.db);
    return rows;
  }

  /** The unread notifications a digest tells: newer than the last digest, newest first. */
  async unreadSince(userId: string, since: Date | null, limit: number): Promise<NotificationRow[]> {
    const rows = await this.list(userId, { limit: limit * 2 });
    return rows.filter((row) => row.read_at === null && (since === null || row.created_at > since)).slice(0, limit);
  }

  /** Records what a digest covered, so the next one starts after it. */
  async markDigested(userId: string, at: Date): Promise<void> {
    await this.db.updateTable('users').set({ notification_digest_at: at }).where('id', '=', userId).execute();
  }

  /** Turns the daily digest on or off. */
  async setDigest(userId: string, on: boolean): Promise<void> {
    await this.db.updateTable('users').set({ notification_digest: on }).where('id', '=', userId).execute();
  }
}

/**
 * A like told to the creation's owner, unless it is theirs: the INSERT the like's own statement
 * runs (`LikesRepository.toggle`), over `media` rows (`id`, `user_id`) it names. It folds into the
 * creation's unread like row (its latest like moves it to the top); returns the owner told.
 */
export function likeNotificationFrom(media: string, likerId: string) {
  return sql`
    insert into notifications (user_id, kind, actor_id, media_id)
    select m.user_id, 'like', ${likerId}, m.id from ${sql.table(media)} m
    where m.user_id is not null and m.user_id <> ${likerId}
    on conflict (user_id, media_id) where kind = 'like' and read_at is null
    do update set created_at = now(), actor_id = excluded.actor_id
    returning user_id`;
}

/** A like row's likers since it started, the owner and banned people left out, latest first. */
function likersOf() {
  return sql`left join lateral (
    select count(*) as liker_count,
      (select json_agg(json_build_object('name', t.name, 'username', t.username, 'avatar_url', t.avatar_url) order by t.created_at desc)
       from (select u2.name, u2.username, u2.avatar_url, l2.created_at from likes l2 join users u2 on u2.id = l2.user_id
             where l2.media_id = n.media_id and l2.created_at >= n.since and l2.user_id <> n.user_id and not u2.banned
             order by l2.created_at desc limit ${LIKERS_NAMED}) t) as likers
    from likes l join users u on u.id = l.user_id
    where n.kind = 'like' and l.media_id = n.media_id and l.created_at >= n.since and l.user_id <> n.user_id and not u.banned
  ) lk on true`;
}

/**
 * What the owner is shown: a like with a liker left; a follow or a referral whose person is still
 * there and not banned; the rest (runs, takedowns) always.
 */
function visible() {
  return sql`(case when n.kind = 'like' then lk.liker_count > 0
    when n.kind in ('follow', 'referral') then a.id is not null and not a.banned
    else true end)`;
}
