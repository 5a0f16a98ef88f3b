import { getNotificationsCall, markNotificationsReadCall } from '@app/shared/api/notifications';
import { callApiData } from '../../api/client';

/** GET get-notifications: a page of the person's notifications (newest first) and the unread count. */
export function fetchNotifications(cursor: string | null, signal?: AbortSignal) {
  return callApiData(getNotificationsCall, { signal, query: cursor ? { cursor } : {} });
}

/** POST mark-notifications-read: up to a notification (it and older), or one run's. */
export function markNotificationsRead(body: { upTo: string } | { runId: string }) {
  return callApiData(markNotificationsReadCall, { body });
}
