import { Router } from 'express';
import { waitlistSignupCall } from '@app/shared/api/waitlist';
import { type RateLimits, byIp } from '../http/rate-limits';
import { parseInput } from '../http/validation';
import type { WaitlistService } from '../services/waitlist.service';

/** waitlist-signup: idempotent per e-mail, same answer whether new or already listed. */
export function waitlistRoutes(waitlist: WaitlistService, limits: RateLimits): Router {
  const router = Router();
  router.post('/waitlist-signup', limits.limit({ rule: 'codeRequestsPerIp', key: byIp }), async (req, res) => {
    res.json(await waitlist.join(parseInput(waitlistSignupCall.request, req.body)));
  });
  return router;
}
