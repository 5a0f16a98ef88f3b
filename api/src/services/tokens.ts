import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family: one signed-in session. */
  sessionId: string;
}

/** How many verified access tokens are remembered (a few MB at most); past it the memory starts over. */
const VERIFIED_KEPT = 10_000;

/** Signed, short-lived access tokens (JWT, HS256) and opaque refresh tokens stored as hashes. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were verified, with their expiry (ms): the same string
   * always verifies the same way, so only `exp` is checked again. Whether the session was ended
   * or the account banned or deleted is not kept here: the caller asks that on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(secret: string, private readonly issuer = 'mirrorverse') {
    this.key = new TextEncoder().encode(secret);
  }

  /** `sessionId` is the refresh-token family the token belongs to (claim `sid`), so logout can deny it. */
  async signAccessToken(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ typ: 'access', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /**
   * The user and session of a valid access token, or null for anything else (expired, forged,
   * malformed, or without `exp`: a token that never expires is never accepted).
   */
  async verifyAccessToken(accessToken: string): Promise<AccessClaims | null> {
    const known = this.verified.get(accessToken);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.verified.delete(accessToken);
      return null;
    }
    try {
      const { payload } = await jwtVerify(accessToken, this.key, {
        issuer: this.issuer,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
      // jose checked exp with no clock tolerance: the token is refused from that second on.
      this.verified.set(accessToken, { claims, expiresAt: payload.exp! * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  newRefreshToken(): { token: string; hash: string; expiresAt: Date } {
    return this.refreshToken(randomBytes(32).toString('base64url'));
  }

  /**
   * The token that follows `previous` on rotation. Derived (an HMAC under a key of its own), not
   * random, so presenting `previous` again yields the very same successor: a client that never
   * reads the new token (spec 1 §7 reads only success and accessToken) keeps working.
   */
  successorRefreshToken(previous: string): { token: string; hash: string; expiresAt: Date } {
    return this.refreshToken(createHmac('sha256', this.successorKey).update(previous).digest('base64url'));
  }

  private get successorKey(): Buffer {
    return createHmac('sha256', this.key).update('refresh-successor/v1').digest();
  }

  private refreshToken(token: string): { token: string; hash: string; expiresAt: Date } {
    return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000) };
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
