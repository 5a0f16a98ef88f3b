import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

/** Signed, short-lived access tokens (JWT, HS256) and opaque refresh tokens stored as hashes. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly issuer = 'mirrorverse') {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccessToken(userId: string): Promise<string> {
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The user id of a valid access token, or null for anything else (expired, forged, malformed). */
  async verifyAccessToken(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
      return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }

  newRefreshToken(): { token: string; hash: string; expiresAt: Date } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000) };
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
