import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family: one signed-in session. */
  sessionId: string;
}

/** Signed, short-lived access tokens (JWT, HS256) and opaque refresh tokens stored as hashes. */
export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(accessToken, this.key, {
        issuer: this.issuer,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
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
