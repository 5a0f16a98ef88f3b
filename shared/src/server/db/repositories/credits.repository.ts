import { sql } from 'kysely';
import type { Db } from '../db';
import type { CreditReason } from '../schema';
import { inTransaction } from '../transaction';

export class InsufficientCreditsError extends Error {
  constructor(readonly balance: number, readonly required: number) {
    super('INSUFFICIENT_CREDITS');
    this.name = 'InsufficientCreditsError';
  }
}

export interface CreditChange {
  userId: string;
  delta: number;
  reason: CreditReason;
  runId?: string | null;
  /** A change with a key already in the ledger is applied at most once. */
  idempotencyKey?: string | null;
}

export interface CreditResult {
  applied: boolean;
  balance: number;
}

/**
 * The credit ledger: every change is a row, and users.credits moves with it in the same
 * transaction. A debit that would go below zero is refused, never clamped.
 */
export class CreditsRepository {
  constructor(private readonly db: Db) {}

  async apply(change: CreditChange): Promise<CreditResult> {
    return inTransaction(this.db, async (trx) => {
      if (change.idempotencyKey) {
        const seen = await trx
          .selectFrom('credit_ledger')
          .select('id')
          .where('idempotency_key', '=', change.idempotencyKey)
          .executeTakeFirst();
        if (seen) {
          const user = await trx.selectFrom('users').select('credits').where('id', '=', change.userId).executeTakeFirstOrThrow();
          return { applied: false, balance: user.credits };
        }
      }
      // The row lock serialises concurrent changes of one balance.
      const updated = await trx
        .updateTable('users')
        .set({ credits: sql`credits + ${change.delta}` })
        .where('id', '=', change.userId)
        .where(sql<boolean>`credits + ${change.delta} >= 0`)
        .returning('credits')
        .executeTakeFirst();
      if (!updated) {
        const user = await trx.selectFrom('users').select('credits').where('id', '=', change.userId).executeTakeFirst();
        if (!user) throw new Error(`No user ${change.userId}`);
        throw new InsufficientCreditsError(user.credits, -change.delta);
      }
      const inserted = await trx
        .insertInto('credit_ledger')
        .values({
          user_id: change.userId,
          delta: change.delta,
          balance_after: updated.credits,
          reason: change.reason,
          run_id: change.runId ?? null,
          idempotency_key: change.idempotencyKey ?? null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // A concurrent transaction applied the same key first: undo ours.
        throw new DuplicateCreditChange();
      }
      return { applied: true, balance: updated.credits };
    }).catch(async (error: unknown) => {
      if (error instanceof DuplicateCreditChange) {
        return { applied: false, balance: await this.balance(change.userId) };
      }
      throw error;
    });
  }

  async balance(userId: string): Promise<number> {
    const row = await this.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    return row?.credits ?? 0;
  }

  history(userId: string, limit = 50) {
    return this.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

class DuplicateCreditChange extends Error {}
