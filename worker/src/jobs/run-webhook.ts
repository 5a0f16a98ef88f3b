import { type Job, UnrecoverableError } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import type { RunAnswers } from '@app/shared/server/generation/run-answer';
import { newWebhookSecret } from '@app/shared/server/generation/run-webhooks';
import type { Logger } from '@app/shared/server/logger';
import { type JobData, webhookRetryDelayMs } from '@app/shared/server/queue';
import type { Repositories, WebhookAttempt } from '@app/shared/server/repositories';
import type { WebhookDelivery } from '@app/shared/server/db';
import { WebhookRefusedError, type WebhookSender } from '../webhooks/webhook-sender';

export interface RunWebhookDeps {
  webhooks: Pick<Repositories['runWebhooks'], 'findDelivery' | 'secretOrCreate' | 'recordAttempt' | 'abandon'>;
  answers: Pick<RunAnswers, 'forOwner'>;
  send: WebhookSender;
  /** WEBHOOK_RETRY_BASE_MS: the schedule's first wait, to tell the owner when the next try is. */
  retryBaseMs: number;
  logger: Logger;
  now?: () => Date;
}

/** The status of getMediaByRunId's answer each event is told with. */
const ANSWER_STATUS: Record<WebhookDelivery['event'], 'done' | 'failed'> = { 'run.done': 'done', 'run.failed': 'failed', 'run.canceled': 'failed' };

/**
 * deliver-run-webhook (issue 45 §2): POSTs the run as getMediaByRunId answers its owner, signed
 * per Standard Webhooks with the owner's secret (`webhook-id`: the delivery's id, the same on every
 * try), and records each try on the delivery. A non-2xx answer or none is thrown, so BullMQ tries
 * again on the webhook schedule; a delivered one, or one that is no longer true (the run was
 * retried since), is not sent again.
 */
export function deliverRunWebhookHandler(deps: RunWebhookDeps) {
  const now = deps.now ?? (() => new Date());
  return async ({ deliveryId }: JobData<'webhooks', 'deliver-run-webhook'>, job: Pick<Job, 'attemptsMade' | 'opts'>) => {
    const delivery = await deps.webhooks.findDelivery(deliveryId);
    if (!delivery) return { skipped: 'missing' };
    if (delivery.delivered_at) return { skipped: 'already delivered' };

    const { account, answer } = await deps.answers.forOwner(delivery.user_id, delivery.run_id);
    const stale = !account || account.banned ? 'the account is gone or suspended' : answer?.status !== ANSWER_STATUS[delivery.event] ? 'the run was started again since it ended' : undefined;
    if (stale || !answer) {
      await deps.webhooks.abandon(deliveryId, `not sent: ${stale ?? 'the run is gone'}`);
      return { skipped: stale };
    }

    const secret = await deps.webhooks.secretOrCreate(delivery.user_id, newWebhookSecret());
    const body = JSON.stringify(answer);
    const sentAt = now();
    const signature = new Webhook(secret).sign(deliveryId, sentAt, body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Mirrorverse-Webhooks/1',
      'webhook-id': deliveryId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };

    const tries = job.attemptsMade + 1;
    const lastTry = tries >= (job.opts.attempts ?? 1);
    const nextAttemptAt = lastTry ? null : new Date(now().getTime() + webhookRetryDelayMs(tries, deps.retryBaseMs));
    let response;
    try {
      response = await deps.send({ url: delivery.url, body, headers });
    } catch (error) {
      if (!(error instanceof WebhookRefusedError)) throw error;
      await deps.webhooks.recordAttempt(deliveryId, { status: null, error: `refused: ${error.message}`, outcome: { delivered: false, nextAttemptAt: null } });
      throw new UnrecoverableError(error.message);
    }

    const delivered = response.status !== null && response.status >= 200 && response.status < 300;
    const attempt: WebhookAttempt = delivered
      ? { status: response.status, error: null, outcome: { delivered: true } }
      : { status: response.status, error: failureOf(response), outcome: { delivered: false, nextAttemptAt } };
    await deps.webhooks.recordAttempt(deliveryId, attempt);
    const facts = { deliveryId, runId: delivery.run_id, event: delivery.event, status: response.status, try: tries };
    if (delivered) {
      deps.logger.info(facts, 'run webhook delivered');
      return { delivered: true, status: response.status };
    }
    deps.logger.warn({ ...facts, error: attempt.error, lastTry }, 'run webhook not delivered');
    throw new Error(`webhook not delivered: ${attempt.error}`);
  };
}

function failureOf(response: Awaited<ReturnType<WebhookSender>>): string {
  if (response.status === null) return response.error;
  if (response.status >= 300 && response.status < 400) return `answered ${response.status}: redirects are not followed`;
  return `answered ${response.status}`;
}
