import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from '@app/shared/server/db';
import type { UsersRepository } from '@app/shared/server/repositories';
import type { SessionDenylist } from '../services/session-denylist';
import type { TokenService } from '../services/tokens';
import { NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireUser`. */
    user?: User;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

type Users = Pick<UsersRepository, 'findById'>;

/** The bearer's access token; only one with three dot-separated parts is a JWT worth verifying (spec 1 §5). */
function bearerAccessToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const accessToken = header.slice('Bearer '.length).trim();
  return accessToken.split('.').length === 3 ? accessToken : null;
}

/**
 * The person a bearer token names, or undefined when there is no token or it is not (or no
 * longer) valid: expired, forged, of an ended session (the denylist), or of a deleted account.
 */
async function userOfToken(req: Request, tokens: TokenService, users: Users, denylist: SessionDenylist | undefined): Promise<User | undefined> {
  const accessToken = bearerAccessToken(req);
  const claims = accessToken ? await tokens.verifyAccessToken(accessToken) : null;
  if (!claims) return undefined;
  if (denylist && (await denylist.isDenied(claims.sessionId))) return undefined;
  return users.findById(claims.userId);
}

/**
 * Verifies the access token on every call and loads the person; banned accounts are refused.
 * Tokens of a session that ended (logout, revoked family) are refused through `denylist`.
 */
export function requireUser(tokens: TokenService, users: Users, denylist?: SessionDenylist): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const user = await userOfToken(req, tokens, users, denylist);
    if (!user) return next(new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED'));
    if (user.banned) return next(new NotAllowedError('This account has been suspended.', 'ACCOUNT_SUSPENDED'));
    req.user = user;
    next();
  };
}

/**
 * For public calls that show more to the owner: sets `req.user` for a valid token of an
 * account in good standing and otherwise carries on anonymously (never a 401).
 */
export function optionalUser(tokens: TokenService, users: Users, denylist?: SessionDenylist): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const user = await userOfToken(req, tokens, users, denylist);
    if (user && !user.banned) req.user = user;
    next();
  };
}

/** The person `requireUser` loaded; a route without that middleware is a programming error. */
export function currentUser(req: Request): User {
  if (!req.user) throw new Error('currentUser() used on a route without requireUser');
  return req.user;
}
