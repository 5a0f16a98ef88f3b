import type { NotificationsAnswer } from '@app/shared/api/notifications';
import type { User } from '@app/shared/server/db';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import { type DigestUnsubscribe, presentNotification } from '@app/shared/server/notifications';
import type { NotificationCursor } from '@app/shared/server/repositories';
import type { MediaUrls } from '@app/shared/server/storage';
import type { RepositoryPorts } from './repository-ports';

export const INVALID_NOTIFICATIONS_CURSOR = 'cursor: not a cursor of this list (pass the nextCursor of the page before)';
export const INVALID_UNSUBSCRIBE = 'token: this unsubscribe link is not one of ours (copy the whole link from the e-mail)';
export const INVALID_UP_TO = 'upTo: a notification id or a time (ISO 8601)';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** get-notifications and mark-notifications-read: the signed-in person's own notifications only. */
export class NotificationsService {
  constructor(
    private readonly repos: RepositoryPorts<{ notifications: 'list' | 'unreadCount' | 'markRead' | 'markRunRead' | 'setDigest' }>,
    private readonly urls: MediaUrls,
    private readonly unsubscribes: Pick<DigestUnsubscribe, 'verify'>,
  ) {}

  /** The digest's one-click link: off for the person the token names, signed in or not. */
  async unsubscribe(token: string) {
    const userId = this.unsubscribes.verify(token);
    if (!userId) throw new InvalidInputError(INVALID_UNSUBSCRIBE, 'BAD_REQUEST', [INVALID_UNSUBSCRIBE]);
    await this.repos.notifications.setDigest(userId, false);
    return { success: true as const, unsubscribed: true as const };
  }

  async list(user: User, query: { cursor?: string | undefined; limit: number }): Promise<NotificationsAnswer> {
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const [rows, unreadCount] = await Promise.all([
      this.repos.notifications.list(user.id, { limit: query.limit, ...(cursor ? { cursor } : {}) }),
      this.repos.notifications.unreadCount(user.id),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      success: true,
      items: page.map((row) => presentNotification(row, this.urls)),
      hasMore: rows.length > query.limit,
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
      unreadCount,
    };
  }

  /** Marks read up to a notification or a time, or one run's notification; the unread count after. */
  async markRead(user: User, body: { upTo?: string | undefined; runId?: string | undefined }) {
    let marked = 0;
    if (body.upTo !== undefined) marked += await this.repos.notifications.markRead(user.id, upToOf(body.upTo));
    if (body.runId !== undefined) marked += await this.repos.notifications.markRunRead(user.id, body.runId);
    return { success: true as const, marked, unreadCount: await this.repos.notifications.unreadCount(user.id) };
  }
}

function upToOf(upTo: string): { id: string } | { at: Date } {
  if (UUID.test(upTo)) return { id: upTo };
  const at = /^\d{4}-\d{2}-\d{2}T/.test(upTo) ? new Date(upTo) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw new InvalidInputError(INVALID_UP_TO, 'BAD_REQUEST', [INVALID_UP_TO]);
  return { at };
}

export function encodeCursor(cursor: NotificationCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): NotificationCursor {
  const [at, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !CURSOR_TIME.test(at) || !UUID.test(id) || Number.isNaN(Date.parse(at))) {
    throw new InvalidInputError(INVALID_NOTIFICATIONS_CURSOR, 'BAD_REQUEST', [INVALID_NOTIFICATIONS_CURSOR]);
  }
  return { at, id };
}
