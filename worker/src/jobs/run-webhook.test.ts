import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { runIdSchema } from '@app/shared';
import { createLogger } from '@app/shared/server/logger';
import type { WebhookDelivery } from '@app/shared/server/db';
import type { OwnedRunAnswer } from '@app/shared/server/generation/run-answer';
import type { WebhookAttempt } from '@app/shared/server/repositories';
import { describe, expect, it } from 'vitest';
import { WebhookRefusedError, type WebhookRequest, type WebhookResponse } from '../webhooks/webhook-sender';
import { deliverRunWebhookHandler } from './run-webhook';

const RUN = runIdSchema.parse('run_0000000000000001');
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const NOW = new Date('2026-03-01T12:00:00.000Z');
const logger = createLogger({ log: { level: 'silent', pretty: false } }, 'run-webhook-test');
const done: OwnedRunAnswer = {
  account: { id: 'u1', banned: false, credits: 18 },
  answer: { success: false, status: 'failed', runId: 'run_0000000000000001', error: 'Generation failed', balance: 18 },
};

function aDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '6a1e0b5c-1d2e-5f3a-8b4c-9d0e1f2a3b4c',
    user_id: 'u1',
    run_id: 'run_0000000000000001',
    url: 'https://hooks.example.com/runs',
    event: 'run.failed',
    attempts: 0,
    last_status: null,
    last_error: null,
    delivered_at: null,
    next_attempt_at: NOW,
    created_at: NOW,
    ...overrides,
  };
}

/** The handler over one delivery, the run's answer, and an endpoint that answers `answers` in turn. */
function setUp(options: { delivery?: WebhookDelivery; answer?: OwnedRunAnswer; answers?: Array<WebhookResponse | Error> } = {}) {
  const delivery = options.delivery ?? aDelivery();
  const attempts: WebhookAttempt[] = [];
  const abandoned: string[] = [];
  const sent: WebhookRequest[] = [];
  const answers = [...(options.answers ?? [{ status: 200 }])];
  const handler = deliverRunWebhookHandler({
    webhooks: {
      findDelivery: async (id) => (id === delivery.id ? delivery : undefined),
      secretOrCreate: async () => SECRET,
      recordAttempt: async (_id, attempt) => void attempts.push(attempt),
      abandon: async (_id, reason) => void abandoned.push(reason),
    },
    answers: { forOwner: async () => options.answer ?? done },
    send: async (request) => {
      sent.push(request);
      const next = answers.shift() ?? { status: 200 };
      if (next instanceof Error) throw next;
      return next;
    },
    retryBaseMs: 30_000,
    logger,
    now: () => NOW,
  });
  const job = (attemptsMade: number): Pick<Job, 'attemptsMade' | 'opts'> => ({ attemptsMade, opts: { attempts: 17 } });
  return { handler, delivery, attempts, abandoned, sent, job };
}

describe('deliver-run-webhook', () => {
  it('POSTs the run as getMediaByRunId answers it, signed per Standard Webhooks, and records it delivered', async () => {
    const { handler, delivery, attempts, sent, job } = setUp();
    expect(await handler({ deliveryId: delivery.id, runId: RUN }, job(0))).toEqual({ delivered: true, status: 200 });
    const [request] = sent;
    expect(request!.url).toBe(delivery.url);
    expect(request!.body).toBe(JSON.stringify(done.answer));
    expect(request!.headers).toMatchObject({ 'webhook-id': delivery.id, 'webhook-timestamp': String(NOW.getTime() / 1000), 'content-type': 'application/json' });
    // Verified as a receiver would, at the time it was sent.
    const signed = new Webhook(SECRET).sign(delivery.id, NOW, request!.body);
    expect(request!.headers['webhook-signature']).toBe(signed);
    expect(attempts).toEqual([{ status: 200, error: null, outcome: { delivered: true } }]);
  });

  it('records a refused try with the time of the next, and throws so BullMQ tries again', async () => {
    const { handler, delivery, attempts, job } = setUp({ answers: [{ status: 503 }] });
    await expect(handler({ deliveryId: delivery.id, runId: RUN }, job(1))).rejects.toThrow('answered 503');
    // The second failure waits 2 min.
    expect(attempts).toEqual([{ status: 503, error: 'answered 503', outcome: { delivered: false, nextAttemptAt: new Date(NOW.getTime() + 120_000) } }]);
  });

  it('leaves no next try after the last', async () => {
    const { handler, delivery, attempts, job } = setUp({ answers: [{ status: null, error: 'no answer within 10 s' }] });
    await expect(handler({ deliveryId: delivery.id, runId: RUN }, job(16))).rejects.toThrow('no answer within 10 s');
    expect(attempts[0]?.outcome).toEqual({ delivered: false, nextAttemptAt: null });
  });

  it('says a redirect is not followed', async () => {
    const { handler, delivery, attempts, job } = setUp({ answers: [{ status: 301 }] });
    await expect(handler({ deliveryId: delivery.id, runId: RUN }, job(0))).rejects.toThrow();
    expect(attempts[0]?.error).toBe('answered 301: redirects are not followed');
  });

  it('stops for good at an address it may not send to', async () => {
    const { handler, delivery, attempts, job } = setUp({ answers: [new WebhookRefusedError('hooks.example.com resolves to 10.0.0.1, a private address')] });
    await expect(handler({ deliveryId: delivery.id, runId: RUN }, job(0))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(attempts).toEqual([{ status: null, error: 'refused: hooks.example.com resolves to 10.0.0.1, a private address', outcome: { delivered: false, nextAttemptAt: null } }]);
  });

  it('sends nothing again once delivered, and nothing for a run started again since', async () => {
    const delivered = setUp({ delivery: aDelivery({ delivered_at: NOW }) });
    expect(await delivered.handler({ deliveryId: delivered.delivery.id, runId: RUN }, delivered.job(0))).toEqual({ skipped: 'already delivered' });
    expect(delivered.sent).toEqual([]);

    const retried = setUp({ answer: { account: done.account, answer: { success: true, status: 'processing', runId: 'run_0000000000000001' } } });
    expect(await retried.handler({ deliveryId: retried.delivery.id, runId: RUN }, retried.job(0))).toEqual({ skipped: 'the run was started again since it ended' });
    expect(retried.sent).toEqual([]);
    expect(retried.abandoned).toEqual(['not sent: the run was started again since it ended']);
  });
});
