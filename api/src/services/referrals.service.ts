import type { User } from '@app/shared/server/db';
import { inviteMail } from '@app/shared/server/mail';
import { InvalidInputError, NotFoundError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import type { MailService } from './mail.service';
import type { RateQuota } from './rate-quota';
import type { RepositoryPorts } from './repository-ports';

/** Accounts created through invitations from one address in 24 hours before further invitations wait. */
export const INVITED_ACCOUNTS_PER_IP_PER_DAY = 5;

const REFERRAL_INVALID = 'Referral validation failed';

/** The invite programme: stats and invitation e-mails (rewards are granted by sign-up and the worker). */
export class ReferralsService {
  constructor(
    private readonly repos: RepositoryPorts<{ users: 'findByEmail' | 'countInvitedSignupsFromIp'; referrals: 'stats' | 'recordInvite' }>,
    private readonly mail: Pick<MailService, 'send'>,
    private readonly publicUrl: string,
    private readonly limits: RateQuota<'invitesPerAccount' | 'invitesPerRecipient'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async stats(user: User) {
    const stats = await this.repos.referrals.stats(user.id);
    return { success: true as const, stats: { ...stats, referralCode: user.referral_code } };
  }

  async invite(user: User, input: { referrerEmail: string; referrerName?: string; friendEmail: string; referralCode?: string }, ip: string | undefined) {
    const { users } = this.repos;
    const referrer = await users.findByEmail(input.referrerEmail);
    if (!referrer || referrer.id !== user.id) {
      throw new NotFoundError('Referrer account not found. Please try again.', 'REFERRER_NOT_FOUND');
    }
    if (input.friendEmail === user.email || (input.referralCode && input.referralCode !== user.referral_code)) {
      throw new InvalidInputError(REFERRAL_INVALID, 'REFERRAL_VALIDATION_FAILED');
    }
    if (await users.findByEmail(input.friendEmail)) throw new InvalidInputError(REFERRAL_INVALID, 'REFERRAL_VALIDATION_FAILED');
    // The limit is on invitation farming (accounts made through invitations to collect rewards),
    // so it counts those only: everyone behind one office or carrier address may sign up freely.
    const dayAgo = new Date(this.now().getTime() - 86_400_000);
    if (ip && (await users.countInvitedSignupsFromIp(ip, dayAgo)) >= INVITED_ACCOUNTS_PER_IP_PER_DAY) {
      throw new TooManyRequestsError('Too many accounts created from this IP address. Please try again later.', 'ACCOUNT_LIMIT_EXCEEDED');
    }
    // Daily caps, counted only for invitations that are really sent: 20 per account (no one
    // mails the world from here) and 3 per recipient from every sender together (no one is
    // flooded). Over either: the 429 of spec 1 §8.
    await this.limits.consume('invitesPerAccount', user.id);
    await this.limits.consume('invitesPerRecipient', input.friendEmail.toLowerCase());
    const name = input.referrerName?.trim() || user.name || user.email.split('@')[0] || 'A friend';
    const link = `${this.publicUrl}/auth?referrer=${encodeURIComponent(user.email)}`;
    await this.repos.referrals.recordInvite(user.id, input.friendEmail);
    await this.mail.send(inviteMail(input.friendEmail, name, link));
    return { success: true as const, message: 'Invitation sent successfully!' };
  }
}
