import { REFERRAL_REWARD_CREDITS } from '@app/shared';
import type { CreditsRepository } from '../db/repositories/credits.repository';
import type { GenerationRunsRepository } from '../db/repositories/generation-runs.repository';
import type { ReferralsRepository } from '../db/repositories/referrals.repository';
import type { RunStage } from '../db/schema';
import type { Logger } from '../logger';

/** What settling a run needs; `createRepositories(db)` provides it. */
export interface SettleRepositories {
  runs: Pick<GenerationRunsRepository, 'find' | 'finish'>;
  credits: Pick<CreditsRepository, 'apply'>;
  referrals: Pick<ReferralsRepository, 'markRewarded'>;
  transaction<T>(fn: (repos: SettleRepositories) => Promise<T>): Promise<T>;
}

/** How a run ended. */
export type RunOutcome =
  /**
   * Nothing was made: every reserved credit goes back. `stage` says why when it was not a plain
   * failure (the provider's moderation, a deadline, a cancel).
   */
  | { kind: 'failed'; error: string; stage?: Extract<RunStage, 'failed' | 'moderated' | 'expired' | 'canceled'> }
  /**
   * Media was made and kept. It costs `cost` (the rest of the reservation goes back); `error`
   * marks the run failed all the same (an image that did not pass the identity check).
   * `referrerId`: the person's inviter, rewarded once for the friend's first media.
   */
  | { kind: 'produced'; cost: number; error?: string | null; userId: string; referrerId: string | null };

export interface Settlement {
  status: 'done' | 'failed';
  refunded: number;
  /** The person's credits right after the refund; undefined when nothing was refunded. */
  balance?: number;
}

/**
 * Settles a run still processing: the referral reward, the refund and the final status. Every
 * credit change has a ledger key, and the refund commits with the status, so settling twice
 * (a retried job, a raced duplicate) changes nothing the second time. Undefined when the run
 * is gone or already settled.
 */
export async function settleRun(
  repos: SettleRepositories,
  runId: string,
  outcome: RunOutcome,
  logger: Pick<Logger, 'warn'>,
): Promise<Settlement | undefined> {
  const run = await repos.runs.find(runId);
  if (!run || run.status !== 'processing') return undefined;

  if (outcome.kind === 'produced' && outcome.referrerId) {
    // Outside the transaction: a failed reward (an inviter since deleted) must not abort the settlement.
    await rewardReferrer(repos, outcome.referrerId, outcome.userId, logger);
  }
  const refunded = outcome.kind === 'failed' ? run.credits_reserved : Math.max(0, run.credits_reserved - outcome.cost);
  const error = outcome.error ?? null;
  const status = error ? 'failed' : 'done';
  // The status moves first, and only from processing: of two settlements raced past the read above
  // (a cancel and a finished render), the one that moved it is the one whose refund is paid.
  const settled = await repos.transaction(async (trx) => {
    const moved = await trx.runs.finish(runId, { status, error, creditsRefunded: refunded, ...(outcome.kind === 'failed' && outcome.stage ? { stage: outcome.stage } : {}) });
    if (!moved) return undefined;
    if (refunded === 0) return {};
    const applied = await trx.credits.apply({ userId: run.user_id, delta: refunded, reason: 'refund', runId, idempotencyKey: `refund:${runId}` });
    return { balance: applied.balance };
  });
  return settled ? { status, refunded, ...settled } : undefined;
}

/** The inviter's reward after the friend's first media: the ledger key makes it once, however raced. */
async function rewardReferrer(repos: SettleRepositories, referrerId: string, friendId: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  try {
    const result = await repos.credits.apply({
      userId: referrerId,
      delta: REFERRAL_REWARD_CREDITS,
      reason: 'referral_reward',
      idempotencyKey: `referral-reward:${friendId}`,
    });
    if (result.applied) await repos.referrals.markRewarded(friendId);
  } catch (error) {
    logger.warn({ err: error, referrerId, friendId }, 'referral reward not granted');
  }
}
