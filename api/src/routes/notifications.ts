import { type RequestHandler, Router } from 'express';
import { getNotificationsCall, markNotificationsReadCall, unsubscribeDigestCall } from '@app/shared/api/notifications';
import { escapeMarkup } from '@app/shared/server/escape-markup';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { NotificationsService } from '../services/notifications.service';

/** get-notifications and mark-notifications-read (issue 46 §3): signed in, one's own only; unsubscribe-digest by its signed link. */
export function notificationRoutes(notifications: NotificationsService, signedIn: RequestHandler): Router {
  const router = Router();

  router.get(`/${getNotificationsCall.name}`, signedIn, async (req, res) => {
    const query = parseInput(getNotificationsCall.request, req.query);
    res.json(await notifications.list(currentUser(req), query));
  });

  router.post(`/${markNotificationsReadCall.name}`, signedIn, async (req, res) => {
    const body = parseInput(markNotificationsReadCall.request, req.body ?? {});
    res.json(await notifications.markRead(currentUser(req), body));
  });

  // The digest's link: POST is the mail client's one-click (RFC 8058), GET a person's click.
  router.post(`/${unsubscribeDigestCall.name}`, async (req, res) => {
    res.json(await notifications.unsubscribe(parseInput(unsubscribeDigestCall.request, req.query).token));
  });
  router.get(`/${unsubscribeDigestCall.name}`, async (req, res) => {
    await notifications.unsubscribe(parseInput(unsubscribeDigestCall.request, req.query).token);
    const message = 'You will no longer get the daily notifications e-mail. You can turn it on again in your account settings.';
    res.type('html').send(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribed</title><p>${escapeMarkup(message)}</p>`);
  });

  return router;
}
