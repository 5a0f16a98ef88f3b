import type { WebhookDeliveriesAnswer, WebhookDeliveryView, WebhookSecretAnswer } from '@app/shared/api/run-webhooks';
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '@app/shared/api/run-webhooks';
import type { User, WebhookDelivery } from '@app/shared/server/db';
import { newWebhookSecret } from '@app/shared/server/generation/run-webhooks';
import type { Repositories } from '@app/shared/server/repositories';
import { decodeCursor, encodeCursor } from './feed-cursors';

/** What the webhook calls read and write (`createRepositories(db)` provides it). */
export interface RunWebhooksRepositories {
  runWebhooks: Pick<Repositories['runWebhooks'], 'secretOrCreate' | 'replaceSecret' | 'listOfUser'>;
}

/**
 * get-webhook-secret, rotate-webhook-secret and get-webhook-deliveries (issue 45 §2): the person's
 * signing secret, made on the first ask, and what became of their runs' webhooks. The secret is
 * answered to its owner only, and never written to a log.
 */
export class RunWebhooksService {
  constructor(
    private readonly repos: RunWebhooksRepositories,
    private readonly makeSecret: () => string = newWebhookSecret,
  ) {}

  async secret(user: Pick<User, 'id'>): Promise<WebhookSecretAnswer> {
    return { success: true, secret: await this.repos.runWebhooks.secretOrCreate(user.id, this.makeSecret()) };
  }

  /** A new secret: every delivery signed from now on, retries of earlier ones included, verifies with it only. */
  async rotateSecret(user: Pick<User, 'id'>): Promise<WebhookSecretAnswer> {
    const secret = this.makeSecret();
    await this.repos.runWebhooks.replaceSecret(user.id, secret);
    return { success: true, secret };
  }

  /** The person's deliveries, newest first, a page of 50 after `cursor`. */
  async deliveries(user: Pick<User, 'id'>, query: { cursor?: string | undefined }): Promise<WebhookDeliveriesAnswer> {
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await this.repos.runWebhooks.listOfUser(user.id, { limit: WEBHOOK_DELIVERIES_PAGE_SIZE + 1, ...(cursor ? { cursor } : {}) });
    const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
    const last = page.at(-1);
    const hasMore = rows.length > page.length;
    return {
      success: true,
      items: page.map(toDeliveryView),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }
}

function toDeliveryView(row: WebhookDelivery): WebhookDeliveryView {
  return {
    id: row.id,
    runId: row.run_id,
    url: row.url,
    event: row.event,
    state: row.delivered_at ? 'delivered' : row.next_attempt_at ? 'pending' : 'failed',
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
