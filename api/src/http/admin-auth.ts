import type { Request, RequestHandler } from 'express';
import { ADMIN_SECRET_HEADER } from '@app/shared/api/admin';
import type { RateLimits } from './rate-limits';
import { requireSharedSecret } from './shared-secret';

export const INVALID_ADMIN_SECRET = 'Invalid admin secret';
export const ADMIN_DISABLED = 'Admin is turned off on this server: ADMIN_SECRET is not set.';

/** The admin secret of a request (by default the X-Admin-Secret header); admin is off without ADMIN_SECRET. */
export function requireAdmin(
  secret: string | undefined,
  limits: Pick<RateLimits, 'consume' | 'assertNotExhausted'>,
  presented: (req: Request) => string | undefined = (req) => req.get(ADMIN_SECRET_HEADER),
): RequestHandler {
  return requireSharedSecret(
    {
      kind: 'admin',
      secret,
      presented,
      invalid: { message: INVALID_ADMIN_SECRET, code: 'INVALID_ADMIN_SECRET' },
      disabled: { message: ADMIN_DISABLED, code: 'ADMIN_DISABLED' },
    },
    limits,
  );
}
