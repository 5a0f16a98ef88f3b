import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from '@app/shared/server/db';
import type { UsersRepository } from '@app/shared/server/repositories';
import type { SessionDenylist } from '../services/session-denylist';
import type { AccessClaims, TokenService } from '../services/tokens';
import { NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireUser`. */
    user?: User;
    /** Set by `requireSession`. */
    session?: AccessClaims;
    /** Set by `requireSessionAlongside`; read only through `inLiveSession`. */
    pendingSession?: PendingSession;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/**
 * The account of a valid session, if it may act: 401 when it is gone, 403 when banned. Whoever
 * authenticates with `requireSession` calls this on the account it read itself, on every request.
 */
export function accountInGoodStanding<T extends Pick<User, 'banned'>>(account: T | undefined): T {
  if (!account) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
  if (account.banned) throw new NotAllowedError('This account has been suspended.', 'ACCOUNT_SUSPENDED');
  return account;
}

type Users = Pick<UsersRepository, 'findById'>;

/** The bearer's access token; only one with three dot-separated parts is a JWT worth verifying (spec 1 §5). */
function bearerAccessToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const accessToken = header.slice('Bearer '.length).trim();
  return accessToken.split('.').length === 3 ? accessToken : null;
}

async function claimsOfToken(req: Request, tokens: TokenService): Promise<AccessClaims | null> {
  const accessToken = bearerAccessToken(req);
  return accessToken ? tokens.verifyAccessToken(accessToken) : null;
}

/**
 * The person a bearer token names, or undefined when there is no token or it is not (or no
 * longer) valid: expired, forged, of an ended session (the denylist), or of a deleted account.
 */
async function userOfToken(req: Request, tokens: TokenService, users: Users, denylist: SessionDenylist | undefined): Promise<User | undefined> {
  const claims = await claimsOfToken(req, tokens);
  if (!claims) return undefined;
  // Both asked at once (Redis and Postgres): one round trip's wait instead of two.
  const [denied, user] = await Promise.all([denylist ? denylist.isDenied(claims.sessionId) : false, users.findById(claims.userId)]);
  return denied ? undefined : user;
}

/**
 * Verifies the access token on every call and loads the person; banned accounts are refused.
 * Tokens of a session that ended (logout, revoked family) are refused through `denylist`.
 */
export function requireUser(tokens: TokenService, users: Users, denylist?: SessionDenylist): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      req.user = accountInGoodStanding(await userOfToken(req, tokens, users, denylist));
    } catch (error) {
      return next(error);
    }
    next();
  };
}

/**
 * For a hot call that reads the account itself in its own first query (unified-generate): verifies
 * the token and the session's denylist and sets `req.session`; the handler must pass the account it
 * reads to `accountInGoodStanding`, so bans and deletions still take effect at once.
 */
export function requireSession(tokens: TokenService, denylist: SessionDenylist): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const claims = await claimsOfToken(req, tokens);
    if (!claims || (await denylist.isDenied(claims.sessionId))) return next(new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED'));
    req.session = claims;
    next();
  };
}

/** A verified token whose session's denylist entry is being read. */
interface PendingSession {
  claims: AccessClaims;
  denied: Promise<boolean>;
}

/**
 * For a hot read that reads the account in its own first query (getMediaByRunId): verifies the
 * token and starts reading the session's denylist without waiting for it; the handler reaches the
 * session only through `inLiveSession`, which waits for both, so the Redis and Postgres round trips
 * overlap as in `requireUser`.
 */
export function requireSessionAlongside(tokens: TokenService, denylist: SessionDenylist): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const claims = await claimsOfToken(req, tokens);
    if (!claims) return next(new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED'));
    const denied = denylist.isDenied(claims.sessionId);
    denied.catch(() => undefined); // awaited by `inLiveSession`; unheard until then
    req.pendingSession = { claims, denied };
    next();
  };
}

/**
 * Runs `work` for the session `requireSessionAlongside` verified while its denylist entry is read:
 * an ended session is a 401 whatever `work` answered. `work` must pass the account it reads to
 * `accountInGoodStanding`, so bans and deletions still take effect at once.
 */
export async function inLiveSession<T>(req: Request, work: (claims: AccessClaims) => Promise<T>): Promise<T> {
  const pending = req.pendingSession;
  if (!pending) throw new Error('inLiveSession() used on a route without requireSessionAlongside');
  const [denied, outcome] = await Promise.all([pending.denied, work(pending.claims).then((value) => ({ value }), (error: unknown) => ({ error }))]);
  if (denied) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** The session `requireSession` verified; a route without that middleware is a programming error. */
export function currentSession(req: Request): AccessClaims {
  if (!req.session) throw new Error('currentSession() used on a route without requireSession');
  return req.session;
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
