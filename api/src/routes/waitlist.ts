import { Router } from 'express';
import { waitlistRequest } from '@app/shared';
import { WaitlistRepository, type Db } from '@app/shared/server';
import { type RateLimits, byIp } from '../http/rate-limits';
import { parseInput } from '../http/validation';

/** waitlist-signup: idempotent per e-mail, same answer whether new or already listed. */
export function waitlistRoutes(db: Db, limits: RateLimits): Router {
  const router = Router();
  const waitlist = new WaitlistRepository(db);
  router.post('/waitlist-signup', limits.limit({ rule: 'codeRequestsPerIp', key: byIp }), async (req, res) => {
    const { email, referrerEmail, source } = parseInput(waitlistRequest, req.body);
    await waitlist.add({ email, referrerEmail: referrerEmail ?? null, ...(source ? { source } : {}) });
    res.json({ success: true, message: "You're on the list! We'll email you when your spot opens." });
  });
  return router;
}
