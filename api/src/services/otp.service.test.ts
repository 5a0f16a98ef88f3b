import { OTP_TTL_SECONDS } from '@app/shared';
import type { SignInCode } from '@app/shared/server/db';
import type { Repositories } from '@app/shared/server/repositories';
import { InvalidInputError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import { describe, expect, it } from 'vitest';
import { type Client, CODE_EXHAUSTED, CODE_EXPIRED, INVALID_CODE, OtpService, WRONG_CODES_PER_DAY, WRONG_CODES_PER_DAY_KNOWN_CLIENT } from './otp.service';

/** One stored code per (purpose, e-mail, client), as the repository keeps them. */
function fakeCodes() {
  const rows = new Map<string, SignInCode>();
  return {
    rows,
    signInCodes: {
      async replace(code: Parameters<Repositories['signInCodes']['replace']>[0]) {
        rows.set(`${code.purpose}:${code.email}:${code.client ?? ''}`, {
          id: `code-${rows.size + 1}`,
          purpose: code.purpose,
          email: code.email,
          client: code.client ?? '',
          user_id: code.userId ?? null,
          code_hash: code.codeHash,
          attempts: 0,
          expires_at: code.expiresAt,
          consumed_at: null,
          created_at: code.createdAt,
        });
      },
      async find(purpose: SignInCode['purpose'], email: string, client = '') {
        return rows.get(`${purpose}:${email}:${client}`);
      },
      async recordFailedAttempt(id: string) {
        const row = [...rows.values()].find((r) => r.id === id)!;
        row.attempts += 1;
        return row.attempts;
      },
      async consume(id: string) {
        const row = [...rows.values()].find((r) => r.id === id && !r.consumed_at);
        if (row) row.consumed_at = new Date();
        return row !== undefined;
      },
    },
  };
}

/** The day's wrong guesses, as `WrongCodeBudget` counts them (shared by strangers, apart per known client). */
function fakeBudget() {
  const counts = new Map<string, number>();
  const keyOf = (client: Client) => (client.known ? `known:${client.id}` : 'others');
  return {
    counts,
    async spent(_purpose: string, _email: string, client: Client) {
      return (counts.get(keyOf(client)) ?? 0) >= (client.known ? WRONG_CODES_PER_DAY_KNOWN_CLIENT : WRONG_CODES_PER_DAY);
    },
    async record(_purpose: string, _email: string, client: Client) {
      counts.set(keyOf(client), (counts.get(keyOf(client)) ?? 0) + 1);
    },
  };
}

const EMAIL = 'ada@example.com';
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe('OtpService', () => {
  it('accepts the code it mailed once, then never again', async () => {
    const otp = new OtpService(fakeCodes(), 'secret');
    const code = await otp.issue('sign_in', EMAIL);
    expect(code).toMatch(/^\d{6}$/);
    await expect(otp.verify('sign_in', EMAIL, code)).resolves.toBeUndefined();
    await expect(otp.verify('sign_in', EMAIL, code)).rejects.toMatchObject({ message: INVALID_CODE, code: 'INVALID_CODE' });
  });

  it('refuses a wrong code with "Invalid code" and a code of another purpose', async () => {
    const otp = new OtpService(fakeCodes(), 'secret');
    const code = await otp.issue('sign_in', EMAIL);
    const error = await otp.verify('sign_in', EMAIL, wrong(code)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('email_change', EMAIL, code)).rejects.toMatchObject({ message: INVALID_CODE });
  });

  it('refuses a code past its ten minutes', async () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const otp = new OtpService(fakeCodes(), 'secret', undefined, () => now);
    const code = await otp.issue('sign_in', EMAIL);
    now = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
    await expect(otp.verify('sign_in', EMAIL, code)).rejects.toMatchObject({ message: CODE_EXPIRED, code: 'CODE_EXPIRED' });
  });

  it('kills the code after five wrong guesses when no client is named (an e-mail change)', async () => {
    const otp = new OtpService(fakeCodes(), 'secret');
    const code = await otp.issue('sign_in', EMAIL);
    for (let i = 0; i < 4; i++) await expect(otp.verify('sign_in', EMAIL, wrong(code))).rejects.toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('sign_in', EMAIL, wrong(code))).rejects.toMatchObject({ message: CODE_EXHAUSTED });
    await expect(otp.verify('sign_in', EMAIL, code)).rejects.toMatchObject({ message: CODE_EXHAUSTED });
  });

  it('kills a code after five wrong guesses: the sixth try fails even with the right code', async () => {
    const otp = new OtpService(fakeCodes(), 'secret', fakeBudget());
    const owner = { id: '198.51.100.1', known: true };
    const code = await otp.issue('sign_in', EMAIL, undefined, owner);
    for (let i = 0; i < 4; i++) await expect(otp.verify('sign_in', EMAIL, wrong(code), undefined, owner)).rejects.toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('sign_in', EMAIL, wrong(code), undefined, owner)).rejects.toMatchObject({ message: CODE_EXHAUSTED });
    await expect(otp.verify('sign_in', EMAIL, code, undefined, owner)).rejects.toMatchObject({ message: CODE_EXHAUSTED });
  });

  it("keeps each client's code to itself: a stranger can neither replace nor guess the owner's", async () => {
    const otp = new OtpService(fakeCodes(), 'secret', fakeBudget());
    const owner = { id: '198.51.100.1', known: false };
    const stranger = { id: '203.0.113.1', known: false };
    const code = await otp.issue('sign_in', EMAIL, undefined, owner);
    const theirs = await otp.issue('sign_in', EMAIL, undefined, stranger);
    await expect(otp.verify('sign_in', EMAIL, code === theirs ? wrong(code) : code, undefined, stranger)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(otp.verify('sign_in', EMAIL, code, undefined, owner)).resolves.toBeUndefined();
  });

  it('closes guessing to strangers after 50 wrong guesses a day, and leaves a client the account signed in from its own 10', async () => {
    const otp = new OtpService(fakeCodes(), 'secret', fakeBudget());
    let guesses = 0;
    for (let n = 0; n < 10; n++) {
      const attacker = { id: `203.0.113.${n}`, known: false };
      const code = await otp.issue('sign_in', EMAIL, undefined, attacker);
      for (let i = 0; i < 5; i++) {
        await expect(otp.verify('sign_in', EMAIL, wrong(code), undefined, attacker)).rejects.toBeInstanceOf(InvalidInputError);
        guesses++;
      }
    }
    expect(guesses).toBe(WRONG_CODES_PER_DAY);
    const late = { id: '203.0.113.99', known: false };
    expect(await otp.closedTo('sign_in', EMAIL, late)).toBe(true);
    const lateCode = await otp.issue('sign_in', EMAIL, undefined, late);
    // Refused before any comparison: even the right code gets a stranger nowhere now.
    await expect(otp.verify('sign_in', EMAIL, lateCode, undefined, late)).rejects.toBeInstanceOf(TooManyRequestsError);

    const owner = { id: '198.51.100.1', known: true };
    expect(await otp.closedTo('sign_in', EMAIL, owner)).toBe(false);
    const mine = await otp.issue('sign_in', EMAIL, undefined, owner);
    await expect(otp.verify('sign_in', EMAIL, wrong(mine), undefined, owner)).rejects.toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('sign_in', EMAIL, mine, undefined, owner)).resolves.toBeUndefined();
  });
});
