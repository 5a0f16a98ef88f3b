import { Router } from 'express';
import { devOutboxQuery } from '@app/shared/api/dev-outbox';
import { isLoopbackAddress } from '@app/shared/server/access';
import { parseInput } from '../http/validation';
import type { DevOutboxService } from '../services/dev-outbox.service';

/**
 * GET /api/dev/outbox?email=: the mail "sent" to an address by the development outbox,
 * newest first. Mounted only when SMTP_URL is unset and NODE_ENV is not production, and it
 * answers only clients on this machine: it shows anyone's sign-in codes. The socket's peer
 * decides, never req.ip, which a forged X-Forwarded-For can set when a proxy is trusted.
 */
export function devOutboxRoutes(outbox: DevOutboxService): Router {
  const router = Router();
  router.get('/api/dev/outbox', async (req, res, next) => {
    // Anyone else gets the same JSON 404 as when the outbox is not mounted at all.
    if (!isLoopbackAddress(req.socket.remoteAddress)) return next();
    const { email } = parseInput(devOutboxQuery, req.query);
    res.json(await outbox.delivered(email));
  });
  return router;
}
