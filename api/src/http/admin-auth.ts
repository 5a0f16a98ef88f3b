import type { Request, RequestHandler } from 'express';
import { ADMIN_SECRET_HEADER } from '@app/shared/api/admin';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import { type SecretGuessPacing, requireSharedSecret } from './shared-secret';

export const INVALID_ADMIN_SECRET = 'Invalid admin secret';
export const ADMIN_DISABLED = 'Admin is turned off on this server: ADMIN_SECRET is not set.';
export const ADMIN_SECRET_NOT_TEXT = 'adminSecret: send the admin secret as a string';

/** The secret of an admin-verify body: a string, or a 400 (never a 500) for anything else. */
export function adminSecretOfBody(req: Request): string | undefined {
  const body: unknown = req.body;
  const value = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { adminSecret?: unknown }).adminSecret : undefined;
  if (typeof value !== 'string') throw new InvalidInputError(ADMIN_SECRET_NOT_TEXT, 'BAD_REQUEST');
  return value;
}

/**
 * The admin secret of a request (by default the X-Admin-Secret header); admin is off without
 * ADMIN_SECRET. Wrong secrets are paced, never locked out, and each is told to `refused`.
 */
export function requireAdmin(
  secret: string | undefined,
  pacing: SecretGuessPacing,
  presented: (req: Request) => string | undefined = (req) => req.get(ADMIN_SECRET_HEADER),
  refused?: (req: Request, kind: string) => Promise<void>,
): RequestHandler {
  return requireSharedSecret(
    {
      kind: 'admin',
      secret,
      presented,
      invalid: { message: INVALID_ADMIN_SECRET, code: 'INVALID_ADMIN_SECRET' },
      disabled: { message: ADMIN_DISABLED, code: 'ADMIN_DISABLED' },
      ...(refused ? { refused } : {}),
    },
    pacing,
  );
}
