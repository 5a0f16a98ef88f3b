import { Router } from 'express';
import { devOutboxQuery } from '@app/shared/api/dev-outbox';
import { parseInput } from '../http/validation';
import type { DevOutboxService } from '../services/dev-outbox.service';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

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
