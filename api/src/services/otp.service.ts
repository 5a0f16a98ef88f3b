import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@app/shared';
import type { SignInCodePurpose } from '@app/shared/server/db';
import { InvalidInputError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import type { RepositoryPorts } from './repository-ports';
import type { RedisClient } from '@app/shared/server/redis';

export const INVALID_CODE = 'Invalid code';
export const CODE_EXPIRED = 'This code has expired. Please request a new one.';
export const CODE_EXHAUSTED = 'Too many wrong attempts. Please request a new code.';

/** Wrong guesses an account's codes may take in a day from every client it has not signed in from, together. */
export const WRONG_CODES_PER_DAY = 50;
/** Wrong guesses a day for each client the account signed in from lately: the owner's own, apart from strangers'. */
export const WRONG_CODES_PER_DAY_KNOWN_CLIENT = 10;
const DAY_SECONDS = 24 * 60 * 60;
export const GUESSING_CLOSED = 'Too many wrong codes were tried for this address today. Please sign in where you signed in before, or try again tomorrow.';

/**
 * The day's wrong guesses at an account's codes, in Redis so every api process counts together:
 * one count shared by every client the account has not signed in from (50), and one per client
 * it has (10 each), so strangers spending theirs leave the owner's alone. Each count lives 24 h
 * from its first wrong guess.
 */
export class WrongCodeBudget {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  /** Whether this client may not have another guess checked today. */
  async spent(purpose: SignInCodePurpose, email: string, client: Client): Promise<boolean> {
    const count = Number(await this.redis.get(this.keyOf(purpose, email, client))) || 0;
    return count >= (client.known ? WRONG_CODES_PER_DAY_KNOWN_CLIENT : WRONG_CODES_PER_DAY);
  }

  async record(purpose: SignInCodePurpose, email: string, client: Client): Promise<void> {
    const key = this.keyOf(purpose, email, client);
    if ((await this.redis.incr(key)) === 1) await this.redis.expire(key, DAY_SECONDS);
  }

  private keyOf(purpose: SignInCodePurpose, email: string, client: Client): string {
    return `${this.prefix}:wrong-codes:${purpose}:${email}:${client.known ? `known:${client.id}` : 'others'}`;
  }
}

/** Who asks for or enters a code: its IP ('' when none), and whether the account signed in from it lately. */
export interface Client {
  id: string;
  known: boolean;
}

const NO_CLIENT: Client = { id: '', known: true };

/**
 * Six-digit one-time codes: stored as an HMAC, valid 10 minutes, single use, and mailed for
 * one client (IP): only that client can use it, and a new code for the same (purpose, e-mail,
 * client) replaces the previous one. A code dies after 5 wrong guesses. Every wrong guess also
 * counts against the account's day (`WrongCodeBudget`); past it, a client is refused before
 * any comparison, so it learns nothing more. See docs/decisions.md, "Sign-in code guessing".
 */
export class OtpService {
  constructor(
    private readonly repos: RepositoryPorts<{ signInCodes: 'replace' | 'find' | 'recordFailedAttempt' | 'consume' }>,
    private readonly secret: string,
    private readonly budget?: Pick<WrongCodeBudget, 'spent' | 'record'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether guessing is closed to this client today (then a code mailed to it would be of no use). */
  async closedTo(purpose: SignInCodePurpose, email: string, client: Client = NO_CLIENT): Promise<boolean> {
    return (await this.budget?.spent(purpose, email, client)) ?? false;
  }

  async issue(purpose: SignInCodePurpose, email: string, userId?: string, client: Client = NO_CLIENT): Promise<string> {
    const code = randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
    const now = this.now();
    await this.repos.signInCodes.replace({
      purpose,
      email,
      client: client.id,
      userId: userId ?? null,
      codeHash: this.hash(purpose, email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    return code;
  }

  /** Consumes this client's matching code or throws the error a person should see. */
  async verify(purpose: SignInCodePurpose, email: string, code: string, userId?: string, client: Client = NO_CLIENT): Promise<void> {
    const codes = this.repos.signInCodes;
    const stored = await codes.find(purpose, email, client.id);
    if (!stored || stored.consumed_at || (userId !== undefined && stored.user_id !== userId)) throw invalidCode();
    if (stored.attempts >= OTP_MAX_ATTEMPTS) throw codeExhausted();
    if (stored.expires_at.getTime() <= this.now().getTime()) throw new InvalidInputError(CODE_EXPIRED, 'CODE_EXPIRED');
    // Refused before the comparison: past the day's budget, this client learns nothing more.
    if (await this.closedTo(purpose, email, client)) throw guessingClosed();

    const expected = Buffer.from(stored.code_hash, 'hex');
    const actualHash = this.hash(purpose, email, code);
    const actual = Buffer.from(actualHash, 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = await codes.recordFailedAttempt(stored.id);
      await this.budget?.record(purpose, email, client);
      if (attempts >= OTP_MAX_ATTEMPTS) throw codeExhausted();
      throw invalidCode();
    }
    if (!(await codes.consume(stored.id, actualHash))) throw invalidCode();
  }

  private hash(purpose: SignInCodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${email}:${code}`).digest('hex');
  }
}

/** The day's wrong guesses for this client are spent: a 429, whatever code it sends. */
const guessingClosed = () => new TooManyRequestsError(GUESSING_CLOSED, 'GUESSING_CLOSED', DAY_SECONDS);
const codeExhausted = () => new InvalidInputError(CODE_EXHAUSTED, 'CODE_EXHAUSTED');
const invalidCode = () => new InvalidInputError(INVALID_CODE, 'INVALID_CODE');
