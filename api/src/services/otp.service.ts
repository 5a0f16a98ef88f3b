import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@app/shared';
import { type Db, type SignInCodePurpose, SignInCodesRepository } from '@app/shared/server';
import { HttpError } from '../http/errors';

export const INVALID_CODE = 'Invalid code';
export const CODE_EXPIRED = 'This code has expired. Please request a new one.';
export const CODE_EXHAUSTED = 'Too many wrong attempts. Please request a new code.';

/**
 * Six-digit one-time codes: stored as an HMAC, valid 10 minutes, dead after 5 wrong
 * attempts; a new code for the same (purpose, e-mail) replaces the previous one.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(purpose: SignInCodePurpose, email: string, userId?: string): Promise<string> {
    const code = randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
    await new SignInCodesRepository(this.db).replace({
      purpose,
      email,
      userId: userId ?? null,
      codeHash: this.hash(purpose, email, code),
      expiresAt: new Date(this.now().getTime() + OTP_TTL_SECONDS * 1000),
    });
    return code;
  }

  /** Consumes a matching code or throws the error a person should see. */
  async verify(purpose: SignInCodePurpose, email: string, code: string, userId?: string): Promise<void> {
    const codes = new SignInCodesRepository(this.db);
    const stored = await codes.find(purpose, email);
    if (!stored || stored.consumed_at || (userId !== undefined && stored.user_id !== userId)) {
      throw new HttpError(400, INVALID_CODE, 'INVALID_CODE');
    }
    if (stored.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(400, CODE_EXHAUSTED, 'CODE_EXHAUSTED');
    if (stored.expires_at.getTime() <= this.now().getTime()) throw new HttpError(400, CODE_EXPIRED, 'CODE_EXPIRED');

    const expected = Buffer.from(stored.code_hash, 'hex');
    const actualHash = this.hash(purpose, email, code);
    const actual = Buffer.from(actualHash, 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = await codes.recordFailedAttempt(stored.id);
      throw attempts >= OTP_MAX_ATTEMPTS
        ? new HttpError(400, CODE_EXHAUSTED, 'CODE_EXHAUSTED')
        : new HttpError(400, INVALID_CODE, 'INVALID_CODE');
    }
    if (!(await codes.consume(stored.id, actualHash))) throw new HttpError(400, INVALID_CODE, 'INVALID_CODE');
  }

  private hash(purpose: SignInCodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${email}:${code}`).digest('hex');
  }
}
