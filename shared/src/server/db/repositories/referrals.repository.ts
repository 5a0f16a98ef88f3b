import { sql } from 'kysely';
import type { Db } from '../db';

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

  /** Records an invitation e-mail sent to a friend (once per friend and inviter). */
  async recordInvite(referrerId: string, friendEmail: string): Promise<void> {
    await this.db
      .insertInto('referrals')
      .values({ referrer_id: referrerId, friend_email: friendEmail, invited_at: new Date() })
      .onConflict((oc) => oc.columns(['referrer_id', 'friend_email']).doUpdateSet({ invited_at: new Date() }))
      .execute();
  }

  /** Friends who signed up through this person, and the credits it earned them. */
  async stats(referrerId: string): Promise<{ totalReferrals: number; totalCreditsEarned: number }> {
    const referrals = await this.db
      .selectFrom('referrals')
      .select(sql<number>`count(*)`.as('n'))
      .where('referrer_id', '=', referrerId)
      .where('referred_user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const earned = await this.db
      .selectFrom('credit_ledger')
      .select(sql<number>`coalesce(sum(delta), 0)`.as('total'))
      .where('user_id', '=', referrerId)
      .where('reason', '=', 'referral_reward')
      .executeTakeFirstOrThrow();
    return { totalReferrals: Number(referrals.n), totalCreditsEarned: Number(earned.total) };
  }

  async markRewarded(referredUserId: string): Promise<void> {
    await this.db
      .updateTable('referrals')
      .set({ rewarded_at: new Date() })
      .where('referred_user_id', '=', referredUserId)
      .where('rewarded_at', 'is', null)
      .execute();
  }
}
