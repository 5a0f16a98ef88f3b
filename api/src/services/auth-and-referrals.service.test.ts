import { INVITED_BONUS_CREDITS, SIGNUP_CREDITS } from '@app/shared';
import type { User } from '@app/shared/server/db';
import type { CreditChange } from '@app/shared/server/repositories';
import { NotAllowedError, NotAuthenticatedError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SUSPENDED, AuthService, BETA_FULL, INVALID_REFRESH } from './auth.service';
import { INVITED_ACCOUNTS_PER_IP_PER_DAY, ReferralsService } from './referrals.service';
import { aUser, testMediaUrls } from '../../testing/rows';
import { TokenService } from './tokens';

type AuthRepositories = ConstructorParameters<typeof AuthService>[0];
/** What creating an account writes, in one transaction. */
type SignUpRepositories = Parameters<Parameters<AuthRepositories['transaction']>[0]>[0];

function fakeAccounts(existing: User[] = []) {
  const users = [...existing];
  const credits: CreditChange[] = [];
  const signups: string[] = [];
  const repos: Omit<AuthRepositories, 'transaction'> & SignUpRepositories = {
    users: {
      findByEmail: async (email) => users.find((u) => u.email === email),
      findById: async (id) => users.find((u) => u.id === id),
      takenUsernames: async (names) => new Set(users.map((u) => u.username ?? '').filter((name) => names.includes(name))),
      create: async (fields) => {
        const user = aUser({
          id: `user-${users.length + 1}`,
          email: fields.email,
          name: fields.name ?? null,
          username: fields.username ?? null,
          referral_code: fields.referral_code,
          referrer_id: fields.referrer_id ?? null,
        });
        users.push(user);
        return user;
      },
    },
    credits: {
      apply: async (change) => {
        credits.push(change);
        return { balance: change.delta, applied: true };
      },
    },
    referrals: { recordSignup: async (referrerId) => void signups.push(referrerId) },
    refreshTokens: {
      findByHash: async () => undefined,
      create: async () => {},
      markUsed: async () => true,
      revokeFamily: async () => {},
      revokeAllForUser: async () => [],
      usedFrom: async () => false,
    },
  };
  const transaction = <T>(fn: (trx: SignUpRepositories) => Promise<T>) => fn(repos);
  return { users, credits, signups, repos: { ...repos, transaction } satisfies AuthRepositories };
}

const otp = { issue: vi.fn(async () => '123456'), verify: async () => {}, closedTo: async () => false };
const stranger = { id: '203.0.113.9', known: false };
const denylist = { deny: async () => {} };
const tokens = new TokenService('unit-test-secret-unit-test-secret');
const client = { ip: '203.0.113.1' };

describe('AuthService', () => {
  it('refuses a new address once the beta is full, but lets existing accounts in', async () => {
    const ada = aUser();
    const { repos } = fakeAccounts([ada]);
    const auth = new AuthService(repos, otp, { send: async () => 'm' }, tokens, { signUpOpen: async () => false }, denylist, testMediaUrls);
    const refused = await auth.requestCode('new@example.com', stranger).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotAllowedError);
    expect(refused).toMatchObject({ message: BETA_FULL, code: 'BETA_FULL' });
    await expect(auth.canSignUp(ada.email)).resolves.toBe(true);
    await expect(auth.canSignUp('new@example.com')).resolves.toBe(false);
  });

  it('mails no code to a suspended account and answers as for anyone else', async () => {
    const send = vi.fn(async () => 'm');
    const { repos } = fakeAccounts([aUser({ banned: true })]);
    await new AuthService(repos, otp, { send }, tokens, { signUpOpen: async () => true }, denylist, testMediaUrls).requestCode(aUser().email, stranger);
    expect(send).not.toHaveBeenCalled();
  });

  it('creates an account with its sign-up credits, and the invited bonus for the referrer’s friend', async () => {
    const inviter = aUser({ email: 'inviter@example.com' });
    const state = fakeAccounts([inviter]);
    const auth = new AuthService(state.repos, otp, { send: async () => 'm' }, tokens, { signUpOpen: async () => true }, denylist, testMediaUrls);
    const answer = await auth.verifyCode({ email: 'friend@example.com', code: '123456', referrerEmail: inviter.email }, client);
    expect(answer).toMatchObject({ success: true, isNewUser: true, user: { email: 'friend@example.com' } });
    expect(answer.token).toBe(answer.accessToken);
    expect(state.credits.map((c) => [c.reason, c.delta])).toEqual([
      ['signup', SIGNUP_CREDITS],
      ['invited_bonus', INVITED_BONUS_CREDITS],
    ]);
    expect(state.signups).toEqual([inviter.id]);
  });

  it('refuses a suspended account at sign-in and an unknown refresh token', async () => {
    const { repos } = fakeAccounts([aUser({ banned: true })]);
    const auth = new AuthService(repos, otp, { send: async () => 'm' }, tokens, { signUpOpen: async () => true }, denylist, testMediaUrls);
    await expect(auth.verifyCode({ email: aUser().email, code: '123456' }, client)).rejects.toMatchObject({ message: ACCOUNT_SUSPENDED });
    const refused = await auth.refresh('r'.repeat(43), client).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotAuthenticatedError);
    expect(refused).toMatchObject({ message: INVALID_REFRESH });
  });
});

describe('ReferralsService', () => {
  const ada = aUser();
  const service = (invitedFromIp: number, existing: User[] = [ada]) => {
    const send = vi.fn(async () => 'm');
    const repos = {
      users: { findByEmail: async (email: string) => existing.find((u) => u.email === email), countInvitedSignupsFromIp: async () => invitedFromIp },
      referrals: { stats: async () => ({ totalReferrals: 2, totalCreditsEarned: 20 }), recordInvite: async () => {} },
    };
    return { send, referrals: new ReferralsService(repos, { send }, 'https://app.example', { consume: async () => {} }) };
  };

  it('mails an invitation with a link naming the inviter', async () => {
    const { send, referrals } = service(0);
    await expect(referrals.invite(ada, { referrerEmail: ada.email, friendEmail: 'friend@example.com' }, '203.0.113.1')).resolves.toEqual({
      success: true,
      message: 'Invitation sent successfully!',
    });
    expect(JSON.stringify(send.mock.calls)).toContain(encodeURIComponent(ada.email));
  });

  it('refuses inviting oneself, someone already signed up, or from an address that made too many invited accounts', async () => {
    const bob = aUser({ id: 'bob', email: 'bob@example.com' });
    await expect(service(0).referrals.invite(ada, { referrerEmail: ada.email, friendEmail: ada.email }, undefined)).rejects.toMatchObject({ code: 'REFERRAL_VALIDATION_FAILED' });
    await expect(service(0, [ada, bob]).referrals.invite(ada, { referrerEmail: ada.email, friendEmail: bob.email }, undefined)).rejects.toMatchObject({
      message: 'Referral validation failed',
    });
    await expect(service(0).referrals.invite(ada, { referrerEmail: 'other@example.com', friendEmail: 'f@example.com' }, undefined)).rejects.toMatchObject({ code: 'REFERRER_NOT_FOUND' });
    const limited = await service(INVITED_ACCOUNTS_PER_IP_PER_DAY).referrals.invite(ada, { referrerEmail: ada.email, friendEmail: 'f@example.com' }, '203.0.113.1').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(TooManyRequestsError);
    expect(limited).toMatchObject({ code: 'ACCOUNT_LIMIT_EXCEEDED' });
  });

  it('answers the stats with the person’s referral code', async () => {
    await expect(service(0).referrals.stats(ada)).resolves.toEqual({ success: true, stats: { totalReferrals: 2, totalCreditsEarned: 20, referralCode: 'ref-ada' } });
  });
});
