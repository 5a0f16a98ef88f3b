import { OTP_TTL_SECONDS } from '@app/shared';
import type { SignInCode } from '@app/shared/server/db';
import { InvalidInputError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import { describe, expect, it } from 'vitest';
import { CODE_EXHAUSTED, CODE_EXPIRED, INVALID_CODE, OtpService } from './otp.service';

/** One stored code per (purpose, e-mail), as the repository keeps them. */
function fakeCodes() {
  const rows = new Map<string, SignInCode>();
  return {
    rows,
    signInCodes: {
      async replace(code: { purpose: SignInCode['purpose']; email: string; userId?: string | null; codeHash: string; expiresAt: Date }) {
        rows.set(`${code.purpose}:${code.email}`, {
          id: `code-${rows.size + 1}`,
          purpose: code.purpose,
          email: code.email,
          user_id: code.userId ?? null,
          code_hash: code.codeHash,
          attempts: 0,
          expires_at: code.expiresAt,
          consumed_at: null,
          created_at: new Date(),
        });
      },
      async find(purpose: SignInCode['purpose'], email: string) {
        return rows.get(`${purpose}:${email}`);
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

function fakeClientFailures() {
  const counts = new Map<string, number>();
  return {
    async count(_code: SignInCode, client: string) {
      return counts.get(client) ?? 0;
    },
    async record(_code: SignInCode, client: string) {
      counts.set(client, (counts.get(client) ?? 0) + 1);
      return counts.get(client)!;
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

  it('kills the code after five wrong guesses when no client is named', async () => {
    const otp = new OtpService(fakeCodes(), 'secret');
    const code = await otp.issue('sign_in', EMAIL);
    for (let i = 0; i < 4; i++) await expect(otp.verify('sign_in', EMAIL, wrong(code))).rejects.toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('sign_in', EMAIL, wrong(code))).rejects.toMatchObject({ message: CODE_EXHAUSTED });
    await expect(otp.verify('sign_in', EMAIL, code)).rejects.toMatchObject({ message: CODE_EXHAUSTED });
  });

  it("stops a guessing client with a 429 while the owner's code still works", async () => {
    const otp = new OtpService(fakeCodes(), 'secret', fakeClientFailures());
    const code = await otp.issue('sign_in', EMAIL);
    for (let i = 0; i < 4; i++) await expect(otp.verify('sign_in', EMAIL, wrong(code), undefined, 'stranger')).rejects.toMatchObject({ message: INVALID_CODE });
    await expect(otp.verify('sign_in', EMAIL, wrong(code), undefined, 'stranger')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(otp.verify('sign_in', EMAIL, code, undefined, 'stranger')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(otp.verify('sign_in', EMAIL, code, undefined, 'owner')).resolves.toBeUndefined();
  });
});
