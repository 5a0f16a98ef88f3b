import type { Request, RequestHandler } from 'express';
import { sameSecret } from '@app/shared/server/access';
import { NotAuthenticatedError, UnavailableError } from '@app/shared/server/domain-errors';
import { type RateLimits, byIp } from './rate-limits';

export interface SharedSecretGate {
  /** Which secret (`admin`, `story-editor`): wrong guesses are counted per kind and client. */
  kind: string;
  /** The configured secret; unset turns the feature off (503 with `disabled`). */
  secret: string | undefined;
  presented: (req: Request) => string | undefined;
  invalid: { message: string; code: string };
  disabled: { message: string; code: string };
}

/**
 * Checks a secret shared by the operators (the admin secret, the story editor's token) in
 * constant time. A client that sent ten wrong ones is refused for 15 minutes, the right one
 * included, so guessing stays slow from any one address; a call without any secret costs nothing.
 */
export function requireSharedSecret(gate: SharedSecretGate, limits: Pick<RateLimits, 'consume' | 'assertNotExhausted'>): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (gate.secret === undefined) throw new UnavailableError(gate.disabled.message, gate.disabled.code);
      const client = `${gate.kind}:${byIp(req)}`;
      await limits.assertNotExhausted('secretFailuresPerIp', client);
      const given = gate.presented(req);
      if (!sameSecret(given, gate.secret)) {
        if (given) await limits.consume('secretFailuresPerIp', client);
        throw new NotAuthenticatedError(gate.invalid.message, gate.invalid.code);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}
