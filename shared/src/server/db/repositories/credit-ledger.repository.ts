import type { Db } from '../db';

/** A page of a person's credit ledger. */
export interface LedgerPage {
  entries: Array<{ id: number; delta: number; balance_after: number; reason: string; run_id: string | null; created_at: Date }>;
  /** The id to pass as `before` for the next (older) page; null on the last one. */
  nextCursor: number | null;
}

/** Reading the credit ledger (writes go through CreditsRepository.apply, which keeps the balance with it). */
export class CreditLedgerRepository {
  constructor(private readonly db: Db) {}

  /** A person's entries newest first, older than `before` (an entry id) when given. */
  async page(userId: string, options: { before?: number; limit: number }): Promise<LedgerPage> {
    let query = this.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'balance_after', 'reason', 'run_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      // One more than asked: whether a next page exists, without counting.
      .limit(options.limit + 1);
    if (options.before !== undefined) query = query.where('id', '<', options.before);
    const rows = await query.execute();
    const entries = rows.slice(0, options.limit);
    return { entries, nextCursor: rows.length > options.limit ? (entries.at(-1)?.id ?? null) : null };
  }
}
