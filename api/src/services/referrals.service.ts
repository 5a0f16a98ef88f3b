import { type Db, type JobQueues, ReferralsRepository, type User, UsersRepository, inviteMail } from '@app/shared/server';
import { HttpError } from '../http/errors';
import { MailService } from './mail.service';

export const ACCOUNTS_PER_IP_PER_DAY = 5;

/** The invite programme: stats and invitation e-mails (rewards are granted by sign-up and the worker). */
export class ReferralsService {
  private readonly mail: MailService;

  constructor(
    private readonly db: Db,
    queues: JobQueues,
    private readonly publicUrl: string,
  ) {
    this.mail = new MailService(db, queues);
  }

  async stats(user: User) {
    const stats = await new ReferralsRepository(this.db).stats(user.id);
    return { success: true as const, stats: { ...stats, referralCode: user.referral_code } };
  }

  async invite(user: User, input: { referrerEmail: string; referrerName?: string; friendEmail: string; referralCode?: string }, ip: string | undefined) {
    const users = new UsersRepository(this.db);
    const referrer = await users.findByEmail(input.referrerEmail);
    if (!referrer || referrer.id !== user.id) {
      throw new HttpError(404, 'Referrer account not found. Please try again.', 'REFERRER_NOT_FOUND');
    }
    if (input.friendEmail === user.email || (input.referralCode && input.referralCode !== user.referral_code)) {
      throw new HttpError(400, 'Referral validation failed', 'REFERRAL_VALIDATION_FAILED');
    }
    if (await users.findByEmail(input.friendEmail)) {
      throw new HttpError(400, 'Referral validation failed', 'REFERRAL_VALIDATION_FAILED');
    }
    if (ip && (await users.countSignupsFromIp(ip, new Date(Date.now() - 86_400_000))) >= ACCOUNTS_PER_IP_PER_DAY) {
      throw new HttpError(429, 'Too many accounts created from this IP address. Please try again later.', 'ACCOUNT_LIMIT_EXCEEDED');
    }
    const name = input.referrerName?.trim() || user.name || user.email.split('@')[0] || 'A friend';
    const link = `${this.publicUrl}/auth?referrer=${encodeURIComponent(user.email)}`;
    await new ReferralsRepository(this.db).recordInvite(user.id, input.friendEmail);
    await this.mail.send(inviteMail(input.friendEmail, name, link));
    return { success: true as const, message: 'Invitation sent successfully!' };
  }
}
