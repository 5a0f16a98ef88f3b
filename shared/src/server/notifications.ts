import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Notification, NotificationActor, NotificationKind } from '../api/notifications';
import type { OutgoingMail } from './db/repositories/mail-outbox.repository';
import type { NotificationActorRow, NotificationRow, NotificationsRepository } from './db/repositories/notifications.repository';
import type { EndedRun } from './generation/settle-run';
import type { Logger } from './logger';
import { notificationDigestMail } from './mail/templates';
import type { RedisClient } from './redis/redis';
import type { MediaUrls } from './storage/media-urls';

/**
 * "Something new for this person": published on one Redis channel after a notification is
 * written, by whichever process wrote it (an api's like, a worker's settlement), and heard by
 * every api process with streams open, which tells that person's open pages (issue 46 §3).
 * A signal carries only the person's id; the count is read from the database where it is sent.
 */
export class NotificationSignals {
  readonly channel: string;

  constructor(
    private readonly redis: Pick<RedisClient, 'publish'>,
    prefix: string,
  ) {
    this.channel = `${prefix}:notifications`;
  }

  /** Tells the api processes; a lost signal only delays the count to the page's next poll. */
  async tell(userId: string): Promise<void> {
    await this.redis.publish(this.channel, userId);
  }

  /**
   * Listens on a connection of its own (a subscribed connection can do nothing else) until the
   * returned function is called.
   */
  static async listen(connection: RedisClient, channel: string, heard: (userId: string) => void, logger: Pick<Logger, 'warn' | 'debug'>): Promise<() => void> {
    // It reconnects (and resubscribes) by itself after a Redis restart.
    connection.on('error', (error) => logger.debug({ err: error }, 'notifications subscriber connection error'));
    connection.on('message', (from: string, userId: string) => {
      if (from === channel) heard(userId);
    });
    // Subscribed before the first stream is answered: a like just after it opened is heard.
    await connection.subscribe(channel).catch((error: unknown) => logger.warn({ err: error }, 'notifications: not subscribed'));
    return () => {
      connection.disconnect();
    };
  }
}

export interface NotifierDeps {
  notifications: Pick<NotificationsRepository, 'runEnded' | 'followed' | 'mediaHidden' | 'referralCredited'>;
  signals?: Pick<NotificationSignals, 'tell'>;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Writes the notifications of what happens outside a like (a like writes its own, in its
 * transaction): a run's end, a follow, a moderator's hide, a referral's reward. Each is told
 * after what it tells of: a failure here is logged, never the action's.
 */
export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  /** A run's end listener (`settleRun`): done or failed is told; a cancel is the person's own doing. */
  readonly runEnded = async ({ run, status, stage, referralRewarded }: EndedRun): Promise<void> => {
    if (stage === 'canceled') return;
    await this.safely(run.user_id, async () => {
      await this.deps.notifications.runEnded({ userId: run.user_id, runId: run.run_id, kind: status === 'done' ? 'run_done' : 'run_failed' });
    });
    if (referralRewarded) await this.referralCredited(referralRewarded, run.user_id);
  };

  /** The follows service's listener (issue 46 §3). */
  readonly followed = async (followerId: string, followeeId: string): Promise<void> => {
    if (followerId === followeeId) return;
    await this.safely(followeeId, () => this.deps.notifications.followed(followerId, followeeId));
  };

  /** A creation hidden by a moderator, told to its owner. */
  async mediaHidden(mediaId: string): Promise<void> {
    try {
      const owner = await this.deps.notifications.mediaHidden(mediaId);
      if (owner) await this.signal(owner);
    } catch (error) {
      this.deps.logger.warn({ err: error, mediaId }, 'notification not written');
    }
  }

  async referralCredited(referrerId: string, friendId: string): Promise<void> {
    await this.safely(referrerId, () => this.deps.notifications.referralCredited(referrerId, friendId));
  }

  /** Tells the person's open pages (a like's writer calls it after the like committed). */
  async signal(userId: string): Promise<void> {
    try {
      await this.deps.signals?.tell(userId);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'notification signal not sent');
    }
  }

  private async safely(userId: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.deps.logger.warn({ err: error, userId }, 'notification not written');
      return;
    }
    await this.signal(userId);
  }
}

function actorOf(row: NotificationActorRow, urls: MediaUrls): NotificationActor {
  return { name: row.name?.trim() || row.username || 'Someone', username: row.username, avatar: urls.url(row.avatar_url) };
}

/** What the bell says of each kind, after the actor's name where there is one. */
const ACTIONS: Record<NotificationKind, string> = {
  run_done: 'Your creation is ready',
  run_failed: 'Your run failed. Your credits were refunded.',
  like: 'liked your creation',
  follow: 'started following you',
  media_hidden: 'One of your creations was hidden by moderation',
  referral: 'made their first creation: your invitation earned you credits',
};

/** A row as the bell (and the digest) shows it: its people, its creation's thumbnail, its words and where it leads. */
export function presentNotification(row: NotificationRow, urls: MediaUrls): Notification {
  const actors = (row.kind === 'like' ? row.likers : row.actor ? [row.actor] : []).map((a) => actorOf(a, urls));
  const actorCount = row.kind === 'like' ? row.liker_count : actors.length;
  const first = actors[0];
  const others = Math.max(0, actorCount - 1);
  const action = ACTIONS[row.kind];
  const actor = first && (row.kind === 'like' || row.kind === 'follow' || row.kind === 'referral') ? first.name : null;
  const message = actor ? `${actor}${others > 0 ? ` and ${others} other${others === 1 ? '' : 's'}` : ''} ${action}` : action;
  const media = row.media_id ? { id: row.media_id, thumbnailUrl: thumbnailOf(row, urls) } : null;
  const href = media ? `/m/${media.id}` : first?.username ? `/u/${first.username}` : null;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
    actors,
    actorCount,
    media,
    runId: row.run_id,
    text: { actor, others: actor ? others : 0, action },
    message,
    href,
  };
}

/** The smallest still of the owner's creation: signed unless it is public (only its owner reads it). */
function thumbnailOf(row: NotificationRow, urls: MediaUrls): string | null {
  const ref = row.variants?.[0]?.key ?? row.thumbnail_url ?? (row.media_type === 'image' ? row.final_url : null);
  return urls.urlFor(ref, row.media_public === true);
}

/**
 * The digest's one-click unsubscribe (issue 46 §3): `<userId>.<HMAC>` under the signing secret,
 * so the link works without a sign-in and names nobody else. It never expires: turning the
 * digest on again is the person's own doing.
 */
export class DigestUnsubscribe {
  constructor(private readonly secret: string) {}

  token(userId: string): string {
    return `${userId}.${this.mac(userId)}`;
  }

  /** The person a token unsubscribes, or undefined for a token it did not make. */
  verify(token: string): string | undefined {
    const [userId, mac, extra] = token.split('.');
    if (!userId || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(userId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
  }

  private mac(userId: string): string {
    return createHmac('sha256', this.secret).update(`digest-unsubscribe:${userId}`).digest('base64url');
  }
}

/** The notifications a digest lists by sentence; the rest it counts (up to DIGEST_COUNTED). */
export const DIGEST_LINES = 10;
const DIGEST_COUNTED = 50;
const DIGEST_BATCH = 200;

export interface DigestDeps {
  notifications: Pick<NotificationsRepository, 'digestRecipients' | 'unreadSince' | 'markDigested'>;
  /** Queues one message through the outbox (a row, then a send-email job with its id). */
  send(mail: OutgoingMail): Promise<void>;
  unsubscribe: DigestUnsubscribe;
  urls: MediaUrls;
  /** The web's address (PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
}

/**
 * Mails each person who turned the digest on the unread notifications since their last one (at
 * most one a day: the recipients' query leaves out anyone digested in the last 20 hours, so a
 * second run the same day sends nothing). Answers how many were mailed.
 */
export async function sendNotificationDigests(deps: DigestDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const recipients = await deps.notifications.digestRecipients(DIGEST_BATCH);
    if (recipients.length === 0) return sent;
    for (const person of recipients) {
      const at = deps.now?.() ?? new Date();
      const rows = await deps.notifications.unreadSince(person.id, person.since, DIGEST_COUNTED);
      if (rows.length > 0) {
        const lines = rows.slice(0, DIGEST_LINES).map((row) => presentNotification(row, deps.urls).message);
        const link = `${deps.publicUrl.replace(/\/$/, '')}/api/unsubscribe-digest?token=${encodeURIComponent(deps.unsubscribe.token(person.id))}`;
        await deps.send(notificationDigestMail(person.email, lines, rows.length, deps.publicUrl, link));
        sent += 1;
      }
      // Marked even with nothing listed (all of it hidden since): the person leaves this run's batches.
      await deps.notifications.markDigested(person.id, at);
    }
  }
}
