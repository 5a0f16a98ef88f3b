/**
 * A signed webhook per run (issue 45 §2). A run submitted with `webhookUrl` (unified-generate) has
 * its end POSTed there — the body is what getMediaByRunId answers its owner — signed per Standard
 * Webhooks with the person's secret: `webhook-id` (the delivery's id, the same on every try),
 * `webhook-timestamp`, `webhook-signature` (`v1,` and the base64 HMAC-SHA256). Every call needs a
 * session; the secret is in no other answer.
 */
import { z } from 'zod/mini';
import { answer, defineCall } from './define-call';
import { cursorPage, pageCursor } from './paging';

/** The person's signing secret: `whsec_` and the base64 of its 32 random bytes. */
export const webhookSecretAnswer = answer({ secret: z.string().check(z.startsWith('whsec_')) });
export type WebhookSecretAnswer = z.output<typeof webhookSecretAnswer>;

/** GET get-webhook-secret: the person's secret, made on the first ask (or on their first run's webhook). */
export const getWebhookSecretCall = defineCall({ name: 'get-webhook-secret', method: 'GET', request: undefined, response: webhookSecretAnswer });

/** POST rotate-webhook-secret: a new secret; deliveries from now on are signed with it only. */
export const rotateWebhookSecretCall = defineCall({ name: 'rotate-webhook-secret', method: 'POST', request: undefined, response: webhookSecretAnswer });

export const WEBHOOK_EVENTS = ['run.done', 'run.failed', 'run.canceled'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/**
 * A run end told to the person's endpoint: `state` is `delivered` (a 2xx came back), `pending`
 * (to be tried at `nextAttemptAt`) or `failed` (no try is left, or it was not sent: `lastError` says why).
 */
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header of every try. */
  id: z.string(),
  runId: z.string(),
  url: z.string(),
  event: webhookEventSchema,
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().check(z.int(), z.nonnegative()),
  /** The HTTP status of the last try; null when there was none or no answer. */
  lastStatus: z.nullable(z.number().check(z.int())),
  lastError: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliverySchema>;

/** The deliveries a page lists: the person's 50 most recent, newest first. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;

/** `cursor`: the `nextCursor` of the page before; none for the newest page. */
export const webhookDeliveriesQuery = z.object({ cursor: pageCursor });

/** GET get-webhook-deliveries?cursor: the person's deliveries, newest first. */
export const getWebhookDeliveriesCall = defineCall({
  name: 'get-webhook-deliveries',
  method: 'GET',
  request: webhookDeliveriesQuery,
  response: answer(cursorPage(webhookDeliverySchema)),
});
export type WebhookDeliveriesAnswer = z.output<typeof getWebhookDeliveriesCall.response>;
