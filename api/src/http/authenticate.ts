import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from '@app/shared/server/db';
import type { UsersRepository } from '@app/shared/server/repositories';
import { NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { SIGN_IN_REQUIRED, accountInGoodStanding } from '../services/account-standing';
import type { SessionDenylist } from '../services/session-denylist';
import type { AccessClaims, TokenService } from '../services/tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate({ require: 'user' })` (always) and `{ require: 'none' }` (for a good token). */
    user?: User;
    /** Set by `authenticate({ require: 'session' })`. */
    session?: AccessClaims;
    /** Set by `authenticate({ require: 'session', alongside: true })`; read only through `inLiveSession`. */
    pendingSession?: PendingSession;
  }
}

/** What authentication reads: the token's signature, the account, the ended sessions. */
export interface AuthenticationSources {
  tokens: Pick<TokenService, 'verifyAccessToken'>;
  users: Pick<UsersRepository, 'findById'>;
  denylist: Pick<SessionDenylist, 'isDenied'>;
}

/**
 * What a route asks of the bearer. Every mode verifies the access token on every call and refuses
 * a token of a session that ended (logout, revoked family) through the denylist.
 */
export type Authentication =
  /**
   * A signed-in person: the account is loaded and put on `req.user` (read with `currentUser`).
   * 401 without a valid token or when the account is gone, 403 when it is banned.
   */
  | { require: 'user' }
  /**
   * For a hot call that reads the account itself in its own first query (unified-generate): only
   * the token and the denylist are checked (401), and the claims go on `req.session` (read with
   * `currentSession`). The handler must pass the account it reads to `accountInGoodStanding`, so
   * bans and deletions still take effect at once.
   *
   * With `alongside`, for a hot read (getMediaByRunId): the denylist read is started, not waited
   * for; the handler reaches the session only through `inLiveSession`, which waits for both, so the
   * Redis and Postgres round trips overlap as in `require: 'user'`. Only a bad token is refused here.
   */
  | { require: 'session'; alongside?: boolean }
  /**
   * For public calls that show more to the owner: `req.user` is set for a valid token of an account
   * in good standing; anything else carries on anonymously (never a 401).
   */
  | { require: 'none' };

/** The bearer's access token; only one with three dot-separated parts is a JWT worth verifying (spec 1 §5). */
function bearerAccessToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const accessToken = header.slice('Bearer '.length).trim();
  return accessToken.split('.').length === 3 ? accessToken : null;
}

async function claimsOfToken(req: Request, tokens: AuthenticationSources['tokens']): Promise<AccessClaims | null> {
  const accessToken = bearerAccessToken(req);
  return accessToken ? tokens.verifyAccessToken(accessToken) : null;
}

/**
 * The person a bearer token names, or undefined when there is no token or it is not (or no
 * longer) valid: expired, forged, of an ended session (the denylist), or of a deleted account.
 */
async function userOfToken(req: Request, { tokens, users, denylist }: AuthenticationSources): Promise<User | undefined> {
  const claims = await claimsOfToken(req, tokens);
  if (!claims) return undefined;
  // Both asked at once (Redis and Postgres): one round trip's wait instead of two.
  const [denied, user] = await Promise.all([denylist.isDenied(claims.sessionId), users.findById(claims.userId)]);
  return denied ? undefined : user;
}

/**
 * The person a bearer token names when their account is in good standing, else undefined: for a
 * route that asks only when it must (the /media files of an owner's private items).
 */
export async function signedInViewer(req: Request, sources: AuthenticationSources): Promise<User | undefined> {
  const user = await userOfToken(req, sources);
  return user && !user.banned ? user : undefined;
}

/** Sets on the request what `how` asks for, or throws the 401 / 403 it calls for. */
async function admit(req: Request, how: Authentication, sources: AuthenticationSources): Promise<void> {
  switch (how.require) {
    case 'user':
      req.user = accountInGoodStanding(await userOfToken(req, sources));
      return;
    case 'none': {
      const user = await signedInViewer(req, sources);
      if (user) req.user = user;
      return;
    }
    case 'session': {
      const claims = await claimsOfToken(req, sources.tokens);
      if (!claims) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
      if (how.alongside) {
        const denied = sources.denylist.isDenied(claims.sessionId);
        denied.catch(() => undefined); // awaited by `inLiveSession`; unheard until then
        req.pendingSession = { claims, denied };
        return;
      }
      if (await sources.denylist.isDenied(claims.sessionId)) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
      req.session = claims;
      return;
    }
  }
}

/** The one authentication middleware: `how` says what a route requires of the bearer (see `Authentication`). */
export function authenticate(how: Authentication, sources: AuthenticationSources): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await admit(req, how, sources);
    } catch (error) {
      return next(error);
    }
    next();
  };
}

/** A verified token whose session's denylist entry is being read. */
interface PendingSession {
  claims: AccessClaims;
  denied: Promise<boolean>;
}

/**
 * Runs `work` for the session `authenticate({ require: 'session', alongside: true })` verified
 * while its denylist entry is read: an ended session is a 401 whatever `work` answered. `work`
 * must pass the account it reads to `accountInGoodStanding`, so bans and deletions still take
 * effect at once.
 */
export async function inLiveSession<T>(req: Request, work: (claims: AccessClaims) => Promise<T>): Promise<T> {
  const pending = req.pendingSession;
  if (!pending) throw new Error("inLiveSession() used on a route without authenticate({ require: 'session', alongside: true })");
  const [denied, outcome] = await Promise.all([pending.denied, work(pending.claims).then((value) => ({ value }), (error: unknown) => ({ error }))]);
  if (denied) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** The session `authenticate({ require: 'session' })` verified; a route without it is a programming error. */
export function currentSession(req: Request): AccessClaims {
  if (!req.session) throw new Error("currentSession() used on a route without authenticate({ require: 'session' })");
  return req.session;
}

/** The person `authenticate({ require: 'user' })` loaded; a route without it is a programming error. */
export function currentUser(req: Request): User {
  if (!req.user) throw new Error("currentUser() used on a route without authenticate({ require: 'user' })");
  return req.user;
}
