import type { Db } from '../db';
import type { ProviderRequest } from '../schema';

export interface NewProviderRequest {
  runId: string;
  slot: string;
  provider: string;
  requestId: string;
  ref: Record<string, unknown>;
}

/** Requests submitted to remote providers, one per slot of a run (see migration 0007). */
export class ProviderRequestsRepository {
  constructor(private readonly db: Db) {}

  find(runId: string, slot: string): Promise<ProviderRequest | undefined> {
    return this.db.selectFrom('provider_requests').selectAll().where('run_id', '=', runId).where('slot', '=', slot).executeTakeFirst();
  }

  /** Records a submitted request, replacing an earlier one of the slot (it expired or failed). */
  async record(request: NewProviderRequest): Promise<void> {
    await this.db
      .insertInto('provider_requests')
      .values({ run_id: request.runId, slot: request.slot, provider: request.provider, request_id: request.requestId, ref: JSON.stringify(request.ref) })
      .onConflict((oc) =>
        oc.columns(['run_id', 'slot']).doUpdateSet({
          provider: request.provider,
          request_id: request.requestId,
          ref: JSON.stringify(request.ref),
          webhook: null,
          webhook_at: null,
          created_at: new Date(),
        }),
      )
      .execute();
  }

  /** Forgets a slot's request, so the next attempt submits a new one. */
  async forget(runId: string, slot: string): Promise<void> {
    await this.db.deleteFrom('provider_requests').where('run_id', '=', runId).where('slot', '=', slot).execute();
  }

  /**
   * Stores a verified webhook body on its request. Only the first delivery is kept: answers
   * 'stored', 'duplicate' (already delivered) or 'unknown' (no such request of ours).
   */
  async storeWebhook(provider: string, requestId: string, body: unknown): Promise<'stored' | 'duplicate' | 'unknown'> {
    const updated = await this.db
      .updateTable('provider_requests')
      .set({ webhook: JSON.stringify(body), webhook_at: new Date() })
      .where('provider', '=', provider)
      .where('request_id', '=', requestId)
      .where('webhook', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return 'stored';
    const known = await this.db
      .selectFrom('provider_requests')
      .select('run_id')
      .where('provider', '=', provider)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return known ? 'duplicate' : 'unknown';
  }
}
