/**
 * Notifications (issue 46 §3): the bell's list of what happened to a person's runs, creations and
 * account, newest first, and marking them read. New ones reach an open page over the run-event
 * stream as a `notification` event carrying the unread count (`notificationEventSchema`).
 */
import { z } from 'zod/mini';
import { answer, defineCall } from './define-call';
import { pageCursor, pageLimit } from './paging';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The likers a grouped like names ("Mira and 3 others"); the rest are counted. */
export const NOTIFICATION_ACTORS_SHOWN = 2;

export const notificationKindSchema = z.enum(['run_done', 'run_failed', 'like', 'follow', 'media_hidden', 'referral']);
export type NotificationKind = z.output<typeof notificationKindSchema>;

export const notificationActorSchema = z.object({ name: z.string(), username: z.nullable(z.string()), avatar: z.nullable(z.string()) });
export type NotificationActor = z.output<typeof notificationActorSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** When it happened (a grouped like: its latest like). */
  createdAt: z.string(),
  read: z.boolean(),
  /** Who did it, latest first: the likers a like names, the follower, the friend of a referral. */
  actors: z.array(notificationActorSchema),
  /** Everyone behind it (a grouped like's likers), of whom `actors` names the first. */
  actorCount: z.number().check(z.int(), z.nonnegative()),
  /** The creation it is about, when there is one. */
  media: z.nullable(z.object({ id: z.string(), thumbnailUrl: z.nullable(z.string()) })),
  runId: z.nullable(z.string()),
  /** The bell's words: `actor` in bold, then "and N others" when `others` > 0, then `action`. */
  text: z.object({ actor: z.nullable(z.string()), others: z.number().check(z.int(), z.nonnegative()), action: z.string() }),
  /** The same as one sentence (the e-mail digest, screen readers). */
  message: z.string(),
  /** Where it leads in the web: the creation (/m/<id>) or the person (/u/<username>); null for nowhere. */
  href: z.nullable(z.string()),
});
export type Notification = z.output<typeof notificationSchema>;

export const getNotificationsQuery = z.object({ cursor: pageCursor, limit: pageLimit(NOTIFICATIONS_PAGE_SIZE) });
export const getNotificationsAnswerSchema = answer({
  items: z.array(notificationSchema),
  hasMore: z.boolean(),
  nextCursor: z.nullable(z.string()),
  unreadCount: z.number().check(z.int(), z.nonnegative()),
});
export type NotificationsAnswer = z.output<typeof getNotificationsAnswerSchema>;

/** GET get-notifications?cursor: the signed-in person's notifications, newest first, with the unread count. */
export const getNotificationsCall = defineCall({ name: 'get-notifications', method: 'GET', request: getNotificationsQuery, response: getNotificationsAnswerSchema });

/**
 * POST mark-notifications-read: `upTo` is a notification's id (it and everything older) or a time
 * (everything until then); `runId` marks that run's notification alone (the web's card of the run
 * was on screen when it ended: docs/decisions.md). Marking again changes nothing.
 */
export const markNotificationsReadRequest = z
  .object({
    upTo: z.optional(z.string().check(z.maxLength(64))),
    runId: z.optional(z.string().check(z.maxLength(100))),
  })
  .check(z.refine((body) => body.upTo !== undefined || body.runId !== undefined, { error: 'upTo: name a notification id or a time (or a runId)' }));
export const markNotificationsReadAnswerSchema = answer({ marked: z.number().check(z.int(), z.nonnegative()), unreadCount: z.number().check(z.int(), z.nonnegative()) });
export const markNotificationsReadCall = defineCall({
  name: 'mark-notifications-read',
  method: 'POST',
  request: markNotificationsReadRequest,
  response: markNotificationsReadAnswerSchema,
});

/** The run-event stream's event of a new notification: the person's unread count now. */
export const notificationEventSchema = z.object({ type: z.literal('notification'), unreadCount: z.number().check(z.int(), z.nonnegative()) });
export type NotificationEvent = z.output<typeof notificationEventSchema>;

/**
 * POST unsubscribe-digest?token=: turns the daily digest off for the person the token names,
 * without a sign-in (the digest's one-click link, RFC 8058: its body is
 * `List-Unsubscribe=One-Click`, not read). A GET of the same address does the same and answers a
 * short page (docs/api.md). A token it did not make is a 400.
 */
export const unsubscribeDigestQuery = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const unsubscribeDigestCall = defineCall({
  name: 'unsubscribe-digest',
  method: 'POST',
  request: unsubscribeDigestQuery,
  response: answer({ unsubscribed: z.literal(true) }),
});
