import { describe, expect, it } from 'vitest';
import { aProcessingRun } from '../../../testing/fake-run-repositories';
import type { GenerationRun } from '../db/schema';
import type { NewWebhookDelivery } from '../db/repositories/run-webhooks.repository';
import { InvalidInputError } from '../domain-errors';
import { RunWebhooks, WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_WITH_CREDENTIALS, deliveryIdOf, newWebhookSecret, webhookUrlProblem } from './run-webhooks';

const quiet = { info: () => {}, warn: () => {} };

/** A queued run that asked to be told of its end. */
const aRun = (overrides: Partial<GenerationRun> = {}): GenerationRun => aProcessingRun({ webhook_url: 'https://hooks.example.com/runs', ...overrides });

/** RunWebhooks over in-memory deliveries and a queue that records its adds (or refuses them). */
function webhooks(options: { queueDown?: boolean } = {}) {
  const rows = new Map<string, NewWebhookDelivery & { abandoned?: string }>();
  const added: Array<{ queue: string; name: string; data: unknown; jobId: unknown }> = [];
  const service = new RunWebhooks({
    deliveries: {
      createDelivery: async (delivery) => {
        if (rows.has(delivery.id)) return false;
        rows.set(delivery.id, delivery);
        return true;
      },
      abandon: async (id, reason) => void rows.set(id, { ...rows.get(id)!, abandoned: reason }),
    },
    queues: {
      add: async (queue, name, data, opts) => {
        if (options.queueDown) throw new Error('Connection is closed');
        added.push({ queue, name, data, jobId: opts?.jobId });
        return String(opts?.jobId);
      },
    },
    allowPrivate: false,
    logger: quiet,
  });
  return { service, rows, added };
}

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/mirrorverse', false, undefined],
    ['https://203.0.113.9:8443/hook', false, undefined],
    ['http://hooks.example.com/run', false, WEBHOOK_URL_NOT_HTTPS],
    ['ftp://hooks.example.com/run', true, WEBHOOK_URL_NOT_HTTPS],
    ['https://user:pass@hooks.example.com/', false, WEBHOOK_URL_WITH_CREDENTIALS],
    ['https://10.1.2.3/hook', false, `${WEBHOOK_URL_PRIVATE} (10.1.2.3)`],
    ['https://172.20.0.1/hook', false, `${WEBHOOK_URL_PRIVATE} (172.20.0.1)`],
    ['https://192.168.0.10/hook', false, `${WEBHOOK_URL_PRIVATE} (192.168.0.10)`],
    ['https://169.254.169.254/latest', false, `${WEBHOOK_URL_PRIVATE} (169.254.169.254)`],
    ['https://127.0.0.1/hook', false, `${WEBHOOK_URL_PRIVATE} (127.0.0.1)`],
    ['https://[::1]/hook', false, `${WEBHOOK_URL_PRIVATE} (::1)`],
    ['https://[fd00::5]/hook', false, `${WEBHOOK_URL_PRIVATE} (fd00::5)`],
    ['https://[fe80::1]/hook', false, `${WEBHOOK_URL_PRIVATE} (fe80::1)`],
    ['https://[::ffff:10.0.0.1]/hook', false, `${WEBHOOK_URL_PRIVATE} (::ffff:a00:1)`],
    ['https://[::ffff:8.8.8.8]/hook', false, undefined],
    ['https://[::10.0.0.1]/hook', false, `${WEBHOOK_URL_PRIVATE} (::a00:1)`],
    ['https://localhost/hook', false, `${WEBHOOK_URL_PRIVATE} (localhost)`],
    ['https://api.localhost/hook', false, `${WEBHOOK_URL_PRIVATE} (api.localhost)`],
    // WEBHOOK_ALLOW_PRIVATE: private addresses, and http:// to this machine only.
    ['https://10.1.2.3/hook', true, undefined],
    ['http://127.0.0.1:4000/hook', true, undefined],
    ['http://localhost:4000/hook', true, undefined],
    ['http://[::1]:4000/hook', true, undefined],
    ['http://10.1.2.3/hook', true, WEBHOOK_URL_NOT_HTTPS],
  ])('%s (allowPrivate %s): %s', (url, allowPrivate, problem) => {
    expect(webhookUrlProblem(url, allowPrivate)).toBe(problem);
  });
});

describe('RunWebhooks', () => {
  it('refuses a private address at submit with a 400 naming webhookUrl', () => {
    const { service } = webhooks();
    expect(() => service.checkUrl('https://10.0.0.1/x')).toThrow(InvalidInputError);
    expect(() => service.checkUrl('https://10.0.0.1/x')).toThrow(/webhookUrl must be a public address/);
    expect(service.checkUrl('https://hooks.example.com/x')).toBe('https://hooks.example.com/x');
  });

  it('records and queues one delivery per run end, under an id made of the run, its attempt and the event', async () => {
    const { service, rows, added } = webhooks();
    const run = aRun();
    await service.runEnded({ run, status: 'done', stage: 'succeeded' });
    await service.runEnded({ run, status: 'done', stage: 'succeeded' });
    const id = deliveryIdOf(run, 'run.done');
    expect([...rows.values()]).toEqual([{ id, userId: run.user_id, runId: run.run_id, url: run.webhook_url, event: 'run.done' }]);
    expect(added).toEqual([{ queue: 'webhooks', name: 'deliver-run-webhook', data: { deliveryId: id, runId: run.run_id }, jobId: id }]);

    // Canceled, failed, and the same run ending again after a retry: each a delivery of its own.
    await service.runEnded({ run, status: 'failed', stage: 'canceled' });
    await service.runEnded({ run, status: 'failed', stage: 'moderated' });
    await service.runEnded({ run: aRun({ request: { retry: 1 } }), status: 'done', stage: 'succeeded' });
    expect([...rows.values()].map((row) => row.event)).toEqual(['run.done', 'run.canceled', 'run.failed', 'run.done']);
    expect(new Set(rows.keys()).size).toBe(4);
  });

  it('tells nothing of a run without a webhook', async () => {
    const { service, rows, added } = webhooks();
    await service.runEnded({ run: aRun({ webhook_url: null }), status: 'done', stage: 'succeeded' });
    expect(rows.size).toBe(0);
    expect(added).toEqual([]);
  });

  it('marks a delivery the queue refused as never sent, and throws for the settlement to log', async () => {
    const { service, rows } = webhooks({ queueDown: true });
    await expect(service.runEnded({ run: aRun(), status: 'failed', stage: 'failed' })).rejects.toThrow('Connection is closed');
    expect([...rows.values()][0]?.abandoned).toMatch(/could not be queued/);
  });

  it('makes secrets as Standard Webhooks expects them: whsec_ and the base64 of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
