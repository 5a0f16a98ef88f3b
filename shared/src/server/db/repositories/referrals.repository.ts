import type { Db } from '../database';

export class ReferralsRepository {
  constructor(private readonly db: Db) {}

  /** Records that a friend of `referrerId` signed up (creating the invite row if there was none). */
  async recordSignup(referrerId: string, friendEmail: string, referredUserId: string): Promise<void> {
    const now = new Date();
    await this.db
      .insertInto('referrals')
      .values({ referrer_id: referrerId, friend_email: friendEmail, referred_user_id: referredUserId, signed_up_at: now })
      .onConflict((oc) =>
        oc.columns(['referrer_id', 'friend_email']).doUpdateSet({ referred_user_id: referredUserId, signed_up_at: now }),
      )
      .execute();
  }
}
