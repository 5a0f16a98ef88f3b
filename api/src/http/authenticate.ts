import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type Db, type User, UsersRepository } from '@app/shared/server';
import type { TokenService } from '../services/tokens';
import { HttpError } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireUser`. */
    user?: User;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** Only a token with three dot-separated parts is a JWT worth verifying (spec 1 §5). */
function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.split('.').length === 3 ? token : null;
}

/** Verifies the access token on every call and loads the person; banned accounts are refused. */
export function requireUser(tokens: TokenService, db: Db): RequestHandler {
  const users = new UsersRepository(db);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    const userId = token ? await tokens.verifyAccessToken(token) : null;
    if (!userId) return next(new HttpError(401, SIGN_IN_REQUIRED, 'UNAUTHORIZED'));
    const user = await users.findById(userId);
    if (!user) return next(new HttpError(401, SIGN_IN_REQUIRED, 'UNAUTHORIZED'));
    if (user.banned) return next(new HttpError(403, 'This account has been suspended.', 'ACCOUNT_SUSPENDED'));
    req.user = user;
    next();
  };
}

/** The person `requireUser` loaded; a route without that middleware is a programming error. */
export function currentUser(req: Request): User {
  if (!req.user) throw new Error('currentUser() used on a route without requireUser');
  return req.user;
}
