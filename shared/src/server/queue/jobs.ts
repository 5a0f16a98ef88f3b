import type { RunId } from '@app/shared';

/**
 * Queue names and job payloads, shared by the api (producer) and the worker (consumer).
 * Payloads carry ids; a handler reloads what it needs from the database.
 */
export const QueueName = {
  Generation: 'generation',
  Email: 'email',
  Maintenance: 'maintenance',
  Webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export interface JobPayloads {
  generation: {
    /** One generation run; the BullMQ job id is the run id (`jobId` names it only at this boundary). */
    generate: { runId: RunId };
  };
  email: {
    /** One outgoing message, stored in the mail outbox table or rendered from an id-keyed template. */
    'send-email': { messageId: string };
  };
  maintenance: {
    'expire-guest-media': Record<string, never>;
    'daily-credit-topup': Record<string, never>;
    /** Re-enqueues runs left processing without a job (an api killed mid-submit), or fails and refunds them past a deadline. */
    'reconcile-runs': Record<string, never>;
    /** Makes the WebP variants of media stored before variants existed (the backfill). */
    'make-media-variants': Record<string, never>;
    /** Mails each person who turned it on the digest of their unread notifications (issue 46 §3). */
    'notification-digest': Record<string, never>;
  };
  webhooks: {
    /**
     * Tells a run's end to its owner's endpoint (issue 45 §2): the delivery row names the run, the
     * address and the event; its id is the job id and the `webhook-id` header, so a run end is sent once.
     */
    'deliver-run-webhook': { deliveryId: string; runId: RunId };
  };
}

export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
