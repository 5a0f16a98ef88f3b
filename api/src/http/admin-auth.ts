import type { Request, RequestHandler } from 'express';
import { ADMIN_SECRET_HEADER } from '@app/shared/api/admin';
import { sameSecret } from '@app/shared/server/access';
import { NotAuthenticatedError, UnavailableError } from '@app/shared/server/domain-errors';
import { type RateLimits, byIp } from './rate-limits';

export const INVALID_ADMIN_SECRET = 'Invalid admin secret';
export const ADMIN_DISABLED = 'Admin is turned off on this server: ADMIN_SECRET is not set.';

/**
 * Checks the admin secret of a request (by default the X-Admin-Secret header) in constant time.
 * Admin is off when ADMIN_SECRET is unset (503). A client that sent too many wrong secrets is
 * refused for a while, the right secret included, so guessing stays slow from any one address.
 */
export function requireAdmin(
  secret: string | undefined,
  limits: Pick<RateLimits, 'consume' | 'assertNotExhausted'>,
  presented: (req: Request) => string | undefined = (req) => req.get(ADMIN_SECRET_HEADER),
): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (secret === undefined) throw new UnavailableError(ADMIN_DISABLED, 'ADMIN_DISABLED');
      await limits.assertNotExhausted('adminFailuresPerIp', byIp(req));
      const given = presented(req);
      if (!sameSecret(given, secret)) {
        // Only a secret sent counts as a guess; a call without one is refused without a cost.
        if (given) await limits.consume('adminFailuresPerIp', byIp(req));
        throw new NotAuthenticatedError(INVALID_ADMIN_SECRET, 'INVALID_ADMIN_SECRET');
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
