import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readCodeFromOutbox } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';

/**
 * Guessing a person's sign-in code from many addresses (docs/decisions.md, "Sign-in code
 * guessing"): the loopback connection plays a trusted proxy, each X-Forwarded-For is a client.
 */

const dialect = suiteDialect();
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
/** A wrong guess at `code` that is never the code itself. */
const wrongGuess = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

describe(`sign-in code guessing from many addresses (${dialect})`, () => {
  const ctx = useTestApp(dialect, { TRUST_PROXY: 'loopback' });

  const from = (ip: string) => ({
    requestCode: (email: string) => request(ctx.app).post('/api/request-otp').set('X-Forwarded-For', ip).send({ email }),
    verify: (email: string, code: string) => request(ctx.app).post('/api/verify-otp').set('X-Forwarded-For', ip).send({ email, code }),
    /** Asks for a code and reads it from the outbox, as the person with the mailbox would. */
    async code(email: string): Promise<string> {
      const asked = Date.now() - 1;
      const res = await this.requestCode(email);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return readCodeFromOutbox(ctx.app, email, asked);
    },
  });

  it('lets one code take at most 5 wrong guesses, from whatever addresses they come', async () => {
    const email = uniqueEmail('target');
    const owner = from('198.51.100.60');
    const code = await owner.code(email);
    // Six strangers guess once each: none of them reaches the owner's code.
    for (let i = 0; i < 6; i++) expect((await from(`203.0.113.${60 + i}`).verify(email, wrongGuess(code, i))).body.error).toBe('Invalid code');
    expect((await from('203.0.113.70').verify(email, code)).status).toBe(400);

    for (let i = 0; i < 4; i++) expect((await owner.verify(email, wrongGuess(code, i))).body.error).toBe('Invalid code');
    expect((await owner.verify(email, wrongGuess(code, 4))).body.error).toBe('Too many wrong attempts. Please request a new code.');
    // The sixth try at this code fails although it is the right one.
    const sixth = await owner.verify(email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('closes guessing to strangers after 50 wrong guesses in a day, while the owner still gets a code and signs in', async () => {
    const email = uniqueEmail('besieged');
    const owner = from('198.51.100.61');
    expect((await owner.verify(email, await owner.code(email))).status).toBe(200);

    // One stranger holds a live code of their own before the day's budget is spent.
    const late = from('203.0.113.99');
    const lateCode = await late.code(email);
    let wrong = 0;
    for (let n = 0; n < 10; n++) {
      const attacker = from(`203.0.113.${110 + n}`);
      const code = await attacker.code(email);
      for (let i = 0; i < 5; i++) {
        expect((await attacker.verify(email, wrongGuess(code, i))).status).toBe(400);
        wrong++;
      }
    }
    expect(wrong).toBe(50);

    // No further guess from a stranger is even compared: the right code gets a 429 too.
    const refused = await late.verify(email, lateCode);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many wrong codes were tried for this address today. Please sign in where you signed in before, or try again tomorrow.');
    // Nor are codes mailed to strangers any more.
    expect((await from('203.0.113.200').requestCode(email)).status).toBe(429);

    // The owner, from where they signed in before, gets a code and signs in.
    const signedIn = await owner.verify(email, await owner.code(email));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
  });
});
