import { Router } from 'express';
import { devOutboxQuery } from '@app/shared/api/dev-outbox';
import { isLocalCaller } from '@app/shared/server/access';
import { parseInput } from '../http/validation';
import type { DevOutboxService } from '../services/dev-outbox.service';

/**
 * GET /api/dev/outbox?email=: the mail "sent" to an address by the development outbox,
 * newest first. Mounted only when SMTP_URL is unset and NODE_ENV is not production, and it
 * answers only clients on this machine: it shows anyone's sign-in codes. Behind a reverse proxy
 * on this host every socket peer is loopback, so the client `trust proxy` yields must be too.
 */
export function devOutboxRoutes(outbox: DevOutboxService): Router {
  const router = Router();
  router.get('/api/dev/outbox', async (req, res, next) => {
    // Anyone else gets the same JSON 404 as when the outbox is not mounted at all.
    if (!isLocalCaller(req)) return next();
    const { email } = parseInput(devOutboxQuery, req.query);
    res.json(await outbox.delivered(email));
  });
  return router;
}
