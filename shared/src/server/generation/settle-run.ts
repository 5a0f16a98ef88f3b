import { REFERRAL_REWARD_CREDITS } from '@app/shared';
import type { CreditsRepository } from '../db/repositories/credits.repository';
import type { GenerationRunsRepository } from '../db/repositories/generation-runs.repository';
import type { ReferralsRepository } from '../db/repositories/referrals.repository';
import type { GenerationRun, RunStage } from '../db/schema';
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

/** A run a settlement has just ended: the row as it was read before, and how it ended. */
export interface EndedRun {
  run: GenerationRun;
  status: Settlement['status'];
  stage: RunStage;
  /** The inviter this settlement rewarded for the friend's first media (told to them, issue 46). */
  referralRewarded?: string;
}

/**
 * Told once of each run a settlement ends (its owner's webhook, issue 45 §2). What it throws is
 * logged, never the settlement's failure: the run is settled whatever becomes of the telling.
 */
export type RunEndedListener = (ended: EndedRun) => Promise<void>;

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
  ended?: RunEndedListener,
): Promise<Settlement | undefined> {
  const run = await repos.runs.find(runId);
  if (!run || run.status !== 'processing') return undefined;

  let rewarded: string | undefined;
  if (outcome.kind === 'produced' && outcome.referrerId) {
    // Outside the transaction: a failed reward (an inviter since deleted) must not abort the settlement.
    if (await rewardReferrer(repos, outcome.referrerId, outcome.userId, logger)) rewarded = outcome.referrerId;
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
  if (!settled) return undefined;
  // Only the settlement that moved the run tells of it: a second one (a raced duplicate) returned above.
  if (ended) {
    // The stage `finish` wrote.
    const stage: RunStage = outcome.kind === 'failed' && outcome.stage ? outcome.stage : status === 'done' ? 'succeeded' : 'failed';
    try {
      await ended({ run, status, stage, ...(rewarded ? { referralRewarded: rewarded } : {}) });
    } catch (error) {
      logger.warn({ err: error, runId }, 'the end of a run could not be told');
    }
  }
  return { status, refunded, ...settled };
}

/** The inviter's reward after the friend's first media: the ledger key makes it once, however raced. */
async function rewardReferrer(repos: SettleRepositories, referrerId: string, friendId: string, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    const result = await repos.credits.apply({
      userId: referrerId,
      delta: REFERRAL_REWARD_CREDITS,
      reason: 'referral_reward',
      idempotencyKey: `referral-reward:${friendId}`,
    });
    if (result.applied) await repos.referrals.markRewarded(friendId);
    return result.applied;
  } catch (error) {
    logger.warn({ err: error, referrerId, friendId }, 'referral reward not granted');
    return false;
  }
}

/**
 * One listener telling several (the webhook and the notification of a run's end): each is told
 * even when another throws, and the first failure is thrown after, for settleRun to log.
 */
export function allOf(...listeners: RunEndedListener[]): RunEndedListener {
  return async (ended) => {
    const results = await Promise.allSettled(listeners.map((listener) => listener(ended)));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
}
