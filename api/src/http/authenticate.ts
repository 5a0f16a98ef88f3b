import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { API_KEY_MARK, type ApiKeyScope } from '@app/shared/api/api-keys';
import type { User } from '@app/shared/server/db';
import type { UsersRepository } from '@app/shared/server/repositories';
import { NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { SIGN_IN_REQUIRED, accountInGoodStanding } from '../services/account-standing';
import { API_KEY_NOT_ACCEPTED, type ApiKeysService } from '../services/api-keys.service';
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
  /** Checks personal API keys (issue 45 §1); needed where a route accepts them (`apiKey`). */
  apiKeys?: Pick<ApiKeysService, 'admit'>;
}

/** The session id of the claims a key yields: no session has it, so the denylist never holds it. */
export const API_KEY_SESSION_PREFIX = 'key:';

/**
 * What a route asks of the bearer. Every mode verifies the access token on every call and refuses
 * a token of a session that ended (logout, revoked family) through the denylist.
 *
 * `apiKey` opts a route in to personal API keys (`Authorization: Bearer mv_…`, issue 45 §1): a
 * live key holding that scope stands for its owner, giving the handler what a session would
 * (`req.user`, `currentSession`, `inLiveSession`) with the session id `key:<key id>`. The key is
 * read on every call (revoked, unknown: 401; banned owner: 403; no such scope: 403; past its rate
 * limit: 429). Without `apiKey`, an mv_ key is a 401 saying keys are not accepted on this call.
 */
export type Authentication =
  /**
   * A signed-in person: the account is loaded and put on `req.user` (read with `currentUser`).
   * 401 without a valid token or when the account is gone, 403 when it is banned.
   */
  | { require: 'user'; apiKey?: ApiKeyScope }
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
  | { require: 'session'; alongside?: boolean; apiKey?: ApiKeyScope }
  /**
   * For public calls that show more to the owner: `req.user` is set for a valid token of an account
   * in good standing; anything else carries on anonymously (never a 401, but for an API key
   * where the route takes none).
   */
  | { require: 'none'; apiKey?: ApiKeyScope };

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

/** The bearer's personal API key: a token that starts with `mv_` (a JWT never does). */
function bearerApiKey(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.startsWith(API_KEY_MARK) ? token : null;
}

/** A call made with an API key: refused where `how` takes none, else its owner as a session would put them. */
async function admitApiKey(req: Request, how: Authentication, presented: string, sources: AuthenticationSources): Promise<void> {
  if (!how.apiKey || !sources.apiKeys) throw new NotAuthenticatedError(API_KEY_NOT_ACCEPTED, 'API_KEY_NOT_ACCEPTED');
  const { keyId, owner } = await sources.apiKeys.admit(presented, how.apiKey);
  const claims: AccessClaims = { userId: owner.id, sessionId: `${API_KEY_SESSION_PREFIX}${keyId}` };
  if (how.require !== 'session') {
    req.user = owner;
  } else if (how.alongside) {
    // The key's lookup just read the account and the key's revocation: nothing left to wait for.
    req.pendingSession = { claims, denied: Promise.resolve(false) };
  } else {
    req.session = claims;
  }
}

/** Sets on the request what `how` asks for, or throws the 401 / 403 it calls for. */
async function admit(req: Request, how: Authentication, sources: AuthenticationSources): Promise<void> {
  const apiKey = bearerApiKey(req);
  if (apiKey !== null) return admitApiKey(req, how, apiKey, sources);
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
  if (how.apiKey && !sources.apiKeys) throw new Error(`authenticate({ apiKey: '${how.apiKey}' }) needs sources.apiKeys`);
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
