import { DAILY_TOPUP_FLOOR } from '@app/shared';
import { type CreditsRepository, InsufficientCreditsError } from '../db/repositories/credits.repository';
import type { UsersRepository } from '../db/repositories/users.repository';

/**
 * Brings every balance below 20 back to 20, once per account and UTC day (the ledger's
 * idempotency key), so a retried or doubled job changes nothing.
 */
export async function dailyCreditTopup(
  { users, credits }: { users: UsersRepository; credits: CreditsRepository },
  now = new Date(),
): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  let toppedUp = 0;
  let after: string | null = null;
  for (;;) {
    const page = await users.listBelowCredits(DAILY_TOPUP_FLOOR, after, 500);
    if (page.length === 0) return toppedUp;
    for (const user of page) {
      const result = await credits
        .apply({ userId: user.id, delta: DAILY_TOPUP_FLOOR - user.credits, reason: 'daily_topup', idempotencyKey: `daily-topup:${user.id}:${day}` })
        .catch((error: unknown) => (error instanceof InsufficientCreditsError ? { applied: false } : Promise.reject(error)));
      if (result.applied) toppedUp += 1;
    }
    after = page.at(-1)!.id;
  }
}
