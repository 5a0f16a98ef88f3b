import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_MAX_TOTAL_ATTEMPTS, OTP_TTL_SECONDS } from '@app/shared';
import type { SignInCode, SignInCodePurpose } from '@app/shared/server/db';
import { InvalidInputError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import type { RepositoryPorts } from './repository-ports';
import type { Redis } from 'ioredis';

export const INVALID_CODE = 'Invalid code';
export const CODE_EXPIRED = 'This code has expired. Please request a new one.';
export const CODE_EXHAUSTED = 'Too many wrong attempts. Please request a new code.';

/**
 * Wrong guesses per (code, client) in Redis, so every api process counts together. The key
 * names the code by its issue time: a new code starts every client at zero. It lives as long
 * as a code does.
 */
export class OtpClientFailures {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async count(code: SignInCode, client: string): Promise<number> {
    return Number(await this.redis.get(this.keyOf(code, client))) || 0;
  }

  /** Counts one more wrong guess; returns this client's total for this code. */
  async record(code: SignInCode, client: string): Promise<number> {
    const key = this.keyOf(code, client);
    const [[, count] = []] = (await this.redis.multi().incr(key).expire(key, OTP_TTL_SECONDS + 60).exec()) ?? [];
    return Number(count) || 0;
  }

  private keyOf(code: SignInCode, client: string): string {
    return `${this.prefix}:otp-fail:${code.purpose}:${code.email}:${code.created_at.getTime()}:${client}`;
  }
}

/**
 * Six-digit one-time codes: stored as an HMAC, valid 10 minutes, single use; a new code for
 * the same (purpose, e-mail) replaces the previous one. Wrong guesses: 5 per client (e-mail
 * and IP) — then that client is refused with a 429 — and 25 from everyone, then the code is
 * dead. So a stranger cannot kill the owner's code with 5 wrong guesses, and 10^6 codes still
 * get at most 25 guesses each.
 */
export class OtpService {
  constructor(
    private readonly repos: RepositoryPorts<{ signInCodes: 'replace' | 'find' | 'recordFailedAttempt' | 'consume' }>,
    private readonly secret: string,
    private readonly failures?: Pick<OtpClientFailures, 'count' | 'record'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(purpose: SignInCodePurpose, email: string, userId?: string): Promise<string> {
    const code = randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
    await this.repos.signInCodes.replace({
      purpose,
      email,
      userId: userId ?? null,
      codeHash: this.hash(purpose, email, code),
      expiresAt: new Date(this.now().getTime() + OTP_TTL_SECONDS * 1000),
    });
    return code;
  }

  /**
   * Consumes a matching code or throws the error a person should see. `client` (the caller's
   * IP) gets its own budget of wrong guesses; without one, only the code's total counts.
   */
  async verify(purpose: SignInCodePurpose, email: string, code: string, userId?: string, client?: string): Promise<void> {
    const codes = this.repos.signInCodes;
    const stored = await codes.find(purpose, email);
    if (!stored || stored.consumed_at || (userId !== undefined && stored.user_id !== userId)) throw invalidCode();
    const perClient = client !== undefined ? this.failures : undefined;
    // Without a per-client count, the code itself allows only one client's share.
    const totalCap = perClient ? OTP_MAX_TOTAL_ATTEMPTS : OTP_MAX_ATTEMPTS;
    if (stored.attempts >= totalCap) throw codeExhausted();
    if (stored.expires_at.getTime() <= this.now().getTime()) throw new InvalidInputError(CODE_EXPIRED, 'CODE_EXPIRED');
    // Refused before the comparison: past its budget, this client learns nothing more about the code.
    if (perClient && (await perClient.count(stored, client!)) >= OTP_MAX_ATTEMPTS) throw clientExhausted();

    const expected = Buffer.from(stored.code_hash, 'hex');
    const actualHash = this.hash(purpose, email, code);
    const actual = Buffer.from(actualHash, 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = await codes.recordFailedAttempt(stored.id);
      if (attempts >= totalCap) throw codeExhausted();
      if (perClient && (await perClient.record(stored, client!)) >= OTP_MAX_ATTEMPTS) throw clientExhausted();
      throw invalidCode();
    }
    if (!(await codes.consume(stored.id, actualHash))) throw invalidCode();
  }

  private hash(purpose: SignInCodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${email}:${code}`).digest('hex');
  }
}

/** This client made its 5 wrong guesses at this code; a new code gives it 5 more. */
const clientExhausted = () => new TooManyRequestsError(CODE_EXHAUSTED, 'CODE_EXHAUSTED');
const codeExhausted = () => new InvalidInputError(CODE_EXHAUSTED, 'CODE_EXHAUSTED');
const invalidCode = () => new InvalidInputError(INVALID_CODE, 'INVALID_CODE');
