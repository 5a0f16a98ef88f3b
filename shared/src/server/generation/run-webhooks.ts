import { randomBytes } from 'node:crypto';
import { runIdSchema } from '../../generation/request-schema';
import type { RunWebhooksRepository } from '../db/repositories/run-webhooks.repository';
import type { GenerationRun, RunStage, WebhookEvent } from '../db/schema';
import { InvalidInputError } from '../domain-errors';
import type { Logger } from '../logger';
import { deterministicUuid } from '../media/deterministic-id';
import { isLoopbackHost, isPrivateAddress, literalAddress } from '../private-address';
import type { JobQueues } from '../queue/job-queue';
import type { EndedRun, RunEndedListener } from './settle-run';

export const WEBHOOK_URL_NOT_HTTPS = 'webhookUrl must be an https:// address';
export const WEBHOOK_URL_WITH_CREDENTIALS = 'webhookUrl must not carry a user name or password';
export const WEBHOOK_URL_PRIVATE = 'webhookUrl must be a public address: loopback, private, link-local and unique-local addresses are refused';

/**
 * Whether a run's webhook may go to `raw`; undefined when it may, else why not. Only https, to a
 * host that is not a literal private address nor this machine — unless `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE: development and tests), which also lets http:// reach this machine.
 * A name is checked again on the address it resolves to when the webhook is sent.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  if (!URL.canParse(raw)) return WEBHOOK_URL_NOT_HTTPS;
  const url = new URL(raw);
  if (url.username || url.password) return WEBHOOK_URL_WITH_CREDENTIALS;
  const plainLocal = url.protocol === 'http:' && allowPrivate && isLoopbackHost(url);
  if (url.protocol !== 'https:' && !plainLocal) return WEBHOOK_URL_NOT_HTTPS;
  if (allowPrivate) return undefined;
  const literal = literalAddress(url);
  if (isLoopbackHost(url) || (literal !== undefined && isPrivateAddress(literal))) return `${WEBHOOK_URL_PRIVATE} (${literal ?? url.hostname})`;
  return undefined;
}

/** The event a run's end is told as. */
export function webhookEventOf(ended: { status: 'done' | 'failed'; stage: RunStage }): WebhookEvent {
  if (ended.stage === 'canceled') return 'run.canceled';
  return ended.status === 'done' ? 'run.done' : 'run.failed';
}

/**
 * The id of the delivery of one run end: its run, the attempt of the run (a retried run ends again
 * under its id, `request.retry`) and the event. A run settled twice makes one delivery, one job.
 */
export function deliveryIdOf(run: Pick<GenerationRun, 'run_id' | 'request'>, event: WebhookEvent): string {
  return deterministicUuid(`run-webhook:${run.run_id}:${retryOf(run.request)}:${event}`);
}

function retryOf(request: unknown): number {
  const retry = (request as { retry?: unknown } | null)?.retry;
  return typeof retry === 'number' && Number.isInteger(retry) ? retry : 0;
}

/** The random bytes of a signing secret (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret in Standard Webhooks' form: `whsec_` and the base64 of random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export interface RunWebhooksDeps {
  deliveries: Pick<RunWebhooksRepository, 'createDelivery' | 'abandon'>;
  queues: Pick<JobQueues, 'add'>;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * A run's webhook (issue 45 §2): its address checked when the run is submitted, and, when the
 * run ends (done, failed or canceled), its delivery recorded and queued for the worker, which
 * signs and POSTs the run as getMediaByRunId answers it. The api and the worker settle runs, so
 * both tell of their ends through this.
 */
export class RunWebhooks {
  constructor(private readonly deps: RunWebhooksDeps) {}

  /** The address as a submit may store it; a 400 saying why when it may not. */
  checkUrl(url: string): string {
    const problem = webhookUrlProblem(url, this.deps.allowPrivate);
    if (problem) throw new InvalidInputError(problem, 'INVALID_WEBHOOK_URL', [`webhookUrl: ${problem}`]);
    return url;
  }

  /** settleRun's listener: a run with a webhook gets its delivery (once per end, whoever settles it). */
  readonly runEnded: RunEndedListener = async ({ run, status, stage }: EndedRun) => {
    if (!run.webhook_url) return;
    const event = webhookEventOf({ status, stage });
    const id = deliveryIdOf(run, event);
    const recorded = await this.deps.deliveries.createDelivery({ id, userId: run.user_id, runId: run.run_id, url: run.webhook_url, event });
    if (!recorded) return;
    try {
      await this.deps.queues.add('webhooks', 'deliver-run-webhook', { deliveryId: id, runId: runIdSchema.parse(run.run_id) }, { jobId: id });
    } catch (error) {
      // No reconciler: the owner reads in their deliveries that this one was never sent.
      await this.deps.deliveries.abandon(id, 'could not be queued for sending').catch(() => {});
      throw error;
    }
    this.deps.logger.info({ runId: run.run_id, deliveryId: id, event }, 'run webhook queued');
  };
}
