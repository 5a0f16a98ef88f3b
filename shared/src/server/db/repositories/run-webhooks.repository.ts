import { sql } from 'kysely';
import type { Db } from '../db';
import type { WebhookDelivery, WebhookEvent } from '../schema';

/** A run end to tell: the delivery's row before its first attempt. */
export interface NewWebhookDelivery {
  /** Made from the run, its attempt and the event (`deliveryIdOf`): the same end is one row, one job. */
  id: string;
  userId: string;
  runId: string;
  url: string;
  event: WebhookEvent;
}

/** What one attempt came to: the endpoint's status (none when it did not answer) and why it failed. */
export interface WebhookAttempt {
  status: number | null;
  error: string | null;
  /** Delivered (a 2xx), or the time of the next attempt, or null when none is left. */
  outcome: { delivered: true } | { delivered: false; nextAttemptAt: Date | null };
}

/** Where a page of the deliveries list resumes: after this row, newest first. */
export interface DeliveryCursor {
  createdAt: Date;
  id: string;
}

/**
 * The runs' webhooks (issue 45 §2): each person's signing secret, and the deliveries of their
 * runs' ends with what each attempt came to. The secret is read only to sign and to show its owner.
 */
export class RunWebhooksRepository {
  constructor(private readonly db: Db) {}

  /** The person's secret, stored as `secret` unless they have one: answers the one they have after. */
  async secretOrCreate(userId: string, secret: string): Promise<string> {
    await this.db.insertInto('webhook_secrets').values({ user_id: userId, secret }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const row = await this.db.selectFrom('webhook_secrets').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return row.secret;
  }

  /** Replaces the person's secret (or sets their first). */
  async replaceSecret(userId: string, secret: string): Promise<void> {
    await this.db
      .insertInto('webhook_secrets')
      .values({ user_id: userId, secret })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: new Date() }))
      .execute();
  }

  /** The person's secret, if they have one. */
  async findSecret(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('webhook_secrets').select('secret').where('user_id', '=', userId).executeTakeFirst();
    return row?.secret;
  }

  /** Records a run end to tell, unless it is recorded already; true when this call recorded it. */
  async createDelivery(delivery: NewWebhookDelivery): Promise<boolean> {
    const row = await this.db
      .insertInto('webhook_deliveries')
      .values({
        id: delivery.id,
        user_id: delivery.userId,
        run_id: delivery.runId,
        url: delivery.url,
        event: delivery.event,
        // Milliseconds, as the list's cursor carries them.
        created_at: new Date(),
        next_attempt_at: new Date(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  findDelivery(id: string): Promise<WebhookDelivery | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Counts one attempt and what it came to. */
  async recordAttempt(id: string, attempt: WebhookAttempt): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        attempts: sql`attempts + 1`,
        last_status: attempt.status,
        last_error: attempt.error,
        ...(attempt.outcome.delivered ? { delivered_at: new Date(), next_attempt_at: null } : { next_attempt_at: attempt.outcome.nextAttemptAt }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Ends a delivery that will not be attempted (its run was retried, its owner is gone): why, and no next attempt. */
  async abandon(id: string, reason: string): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set({ last_error: reason, next_attempt_at: null }).where('id', '=', id).execute();
  }

  /** The person's deliveries, newest first, `limit` after `cursor`. */
  listOfUser(userId: string, options: { limit: number; cursor?: DeliveryCursor }): Promise<WebhookDelivery[]> {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', userId);
    if (options.cursor) {
      const { createdAt, id } = options.cursor;
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }
}
