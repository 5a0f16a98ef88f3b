import { INSUFFICIENT_CREDITS_MESSAGE, INVALID_RUN_ID, type RunId } from '@app/shared';
import type { Media, User } from '@app/shared/server/db';
import { createLogger } from '@app/shared/server/logger';
import type { ReserveRunOutcome } from '@app/shared/server/repositories';
import { InvalidInputError, NotAllowedError, NotAuthenticatedError, PaymentRequiredError, TooManyRequestsError, UnavailableError } from '@app/shared/server/domain-errors';
import { FakeRunRepositories } from '@app/shared/testing/fake-run-repositories';
import { type EndedRun } from '@app/shared/server/generation/settle-run';
import { RunWebhooks } from '@app/shared/server/generation/run-webhooks';
import { describe, expect, it } from 'vitest';
import { QUEUE_UNAVAILABLE, type RunQueues, TOO_MANY_RUNS, TOO_MANY_RUNS_MESSAGE } from './enqueue-run';
import { FOREIGN_SOURCE, type GenerationRepositories, GenerationService, WEBHOOKS_UNAVAILABLE } from './generation.service';
import { FakeUploads } from '../../testing/fake-uploads';
import { aMedia, anUpload, aUser, testMediaUrls } from '../../testing/rows';

/** The runs, credits and referrals settlement uses (the shared fake), plus the uploads and media generation reads. */
class FakeGenerationRepositories implements GenerationRepositories {
  readonly settlement = new FakeRunRepositories();
  readonly mediaRows: Media[] = [];
  readonly uploads = new FakeUploads();
  /** The accounts as `users` holds them (the balance a debit meets is `settlement.balances`). */
  readonly accounts = new Map<string, User>();
  readonly users: GenerationRepositories['users'] = { findById: async (id) => this.account(id) };
  /** An account as the database holds it: its credits are the ledger's balance. */
  account(id: string): User | undefined {
    const account = this.accounts.get(id);
    return account && { ...account, credits: this.settlement.balances.get(id) ?? account.credits };
  }
  readonly media: GenerationRepositories['media'] = {
    findByRunId: async (runId) => this.mediaRows.filter((m) => m.run_id === runId),
    findById: async (id) => this.mediaRows.find((m) => m.id === id),
  };
  get runs(): GenerationRepositories['runs'] {
    const { runsById } = this.settlement;
    return {
      ...this.settlement.runs,
      // As the real ones: the run id's owner and the uploads named; then, for a new run id within the cap and the balance, the run, debit and ledger row.
      submitContext: async (userId, runId, { keys, publicIds }) => {
        const uploads = this.uploads.rows.filter((u) => keys.includes(u.storage_key) || publicIds.includes(u.public_id));
        return { account: this.account(userId), runOwner: runsById.get(runId)?.user_id, uploads };
      },
      ofAccount: async (userId, runId) => {
        const run = runsById.get(runId);
        return { account: this.account(userId), run: run?.user_id === userId ? { ...run, seed: null } : undefined };
      },
      // What the reservation does for a new run id; its rules (cap, balance, priority, idempotence)
      // are tested against both databases in tests/integration/reserve-run.test.ts.
      reserveRun: async (run) => {
        const scripted = this.nextReservation;
        this.nextReservation = undefined;
        if (scripted) return scripted;
        if (runsById.has(run.runId)) return { kind: 'exists' };
        this.settlement.addRun(run);
        const debit = await this.settlement.credits.apply({ userId: run.userId, delta: -run.creditsReserved, reason: 'generation', runId: run.runId, idempotencyKey: `generation:${run.runId}` });
        return { kind: 'created', inFlight: 1, priority: this.priority, balance: debit.balance };
      },
    };
  }
  /** What the next reservation answers instead (a refusal of the policy). */
  nextReservation: ReserveRunOutcome | undefined;
  /** The fair priority a created run gets. */
  priority = 1;
  get credits() {
    return this.settlement.credits;
  }
  get referrals() {
    return this.settlement.referrals;
  }
  transaction<T>(fn: (repos: GenerationRepositories) => Promise<T>): Promise<T> {
    return this.settlement.transaction(() => fn(this));
  }
}

const ada = aUser();
const RUN = 'run-0001-abcdef' as RunId;
const logger = createLogger({ log: { level: 'silent', pretty: false } }, 'generation-test');

function setup(maxRunsInFlight = 10) {
  const repos = new FakeGenerationRepositories();
  repos.accounts.set(ada.id, ada);
  repos.settlement.balances.set(ada.id, 500);
  const jobs: Array<{ runId: string; priority: number }> = [];
  const queue = { failing: false };
  const queues: RunQueues = {
    enqueue: async (runId, priority) => {
      if (queue.failing) throw new Error('Redis is down');
      jobs.push({ runId, priority });
    },
  };
  const service = new GenerationService(repos, queues, { find: async () => undefined }, testMediaUrls, logger, { maxRunsInFlight });
  return { repos, jobs, queue, service };
}

const priorities = (jobs: Array<{ priority: number }>) => jobs.map((job) => job.priority);

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
const custom = { mode: 'custom', prompt: 'a teal and gold nebula', runId: RUN };

describe('GenerationService.submit', () => {
  it('records the run, debits its cost once and queues its job under the run id', async () => {
    const { repos, jobs, service } = setup();
    // What it cost and what is left after the debit, as the ledger says.
    await expect(service.submit(ada.id, custom)).resolves.toEqual({ success: true, jobId: RUN, runId: RUN, status: 'processing', cost: 2, balance: 498 });
    const run = repos.settlement.runsById.get(RUN);
    expect(run).toMatchObject({ user_id: ada.id, status: 'processing' });
    expect(repos.settlement.balances.get(ada.id)).toBe(500 - run!.credits_reserved);
    expect(jobs).toEqual([{ runId: RUN, priority: 1 }]);
  });

  it('answers a re-sent run id as the first time, with one run, one debit and one job', async () => {
    const { repos, jobs, service } = setup();
    const first = await service.submit(ada.id, custom);
    await expect(service.submit(ada.id, custom)).resolves.toEqual(first);
    expect(repos.settlement.runsById.size).toBe(1);
    expect(repos.settlement.ledger.filter((c) => c.reason === 'generation')).toHaveLength(1);
    expect(jobs).toHaveLength(1);
  });

  it('refuses a bad request with its problems listed', async () => {
    const refused = await refusal(setup().service.submit(ada.id, { mode: 'teleport' }));
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused).toMatchObject({ message: 'Unknown generation mode', code: 'INVALID_REQUEST' });
    expect((refused as InvalidInputError).details).toEqual([expect.stringContaining('Unknown generation mode')]);
  });

  it('refuses a banned or deleted account before anything else, with nothing recorded', async () => {
    const { repos, jobs, service } = setup();
    repos.accounts.set(ada.id, { ...ada, banned: true });
    await expect(service.submit(ada.id, custom)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await expect(service.submit(ada.id, { mode: 'teleport' })).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    repos.accounts.delete(ada.id);
    await expect(service.submit(ada.id, custom)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(repos.settlement.runsById.size).toBe(0);
    expect(jobs).toHaveLength(0);
  });

  it('refuses another person’s run id as an invalid one, telling nothing about it', async () => {
    const { repos, service } = setup();
    repos.settlement.addRun({ runId: RUN, userId: 'someone-else', creditsReserved: 2 });
    const refused = await refusal(service.submit(ada.id, custom));
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused).toMatchObject({ message: INVALID_RUN_ID, details: [`runId: ${INVALID_RUN_ID}`] });
  });

  it('refuses a source that is not the person’s own upload', async () => {
    const { repos, service } = setup();
    const theirs = anUpload({ user_id: 'someone-else' });
    repos.uploads.rows.push(theirs);
    await expect(service.submit(ada.id, { ...custom, sourceAssetId: testMediaUrls.url(theirs.storage_key) })).rejects.toMatchObject({ message: FOREIGN_SOURCE });
    expect(repos.settlement.runsById.size).toBe(0);
  });

  it('takes the person’s upload by the address it was served at, and records its key', async () => {
    const { repos, service } = setup();
    const mine = anUpload({ user_id: ada.id });
    repos.uploads.rows.push(mine);
    await service.submit(ada.id, { ...custom, sourceAssetId: testMediaUrls.url(mine.storage_key) });
    expect(repos.settlement.runsById.get(RUN)?.request).toMatchObject({ sources: [{ key: mine.storage_key, publicId: mine.public_id }] });
  });

  it('refuses an address outside our storage, even one ending in the person’s key', async () => {
    const { repos, service } = setup();
    const mine = anUpload({ user_id: ada.id });
    repos.uploads.rows.push(mine);
    const elsewhere = `https://elsewhere.example/${mine.storage_key}`;
    await expect(service.submit(ada.id, { ...custom, sourceAssetId: elsewhere })).rejects.toMatchObject({ message: FOREIGN_SOURCE });
    expect(repos.settlement.runsById.size).toBe(0);
  });

  it('answers 402 Insufficient credits before anything is recorded, and when the debit finds the balance short', async () => {
    const { repos, service } = setup();
    const poorUser = aUser({ id: 'poor', credits: 1 });
    repos.accounts.set(poorUser.id, poorUser);
    repos.settlement.balances.set(poorUser.id, 1);
    const poor = await refusal(service.submit(poorUser.id, custom));
    expect(poor).toBeInstanceOf(PaymentRequiredError);
    expect(poor).toMatchObject({ message: INSUFFICIENT_CREDITS_MESSAGE, amounts: { required: 2, available: 1 } });

    // Ada has 3: past the preflight's minimum, short of a video's 5 when the debit meets it.
    repos.settlement.balances.set(ada.id, 3);
    repos.nextReservation = { kind: 'insufficient-credits', balance: 3 };
    await expect(service.submit(ada.id, { ...custom, enableVideo: true })).rejects.toMatchObject({
      message: INSUFFICIENT_CREDITS_MESSAGE,
      amounts: { required: 5, available: 3 },
    });
    expect(repos.settlement.balances.get(ada.id)).toBe(3);
    // The run and its debit commit together: no run without its debit.
    expect(repos.settlement.runsById.size).toBe(0);
  });

  it('gives every credit back and fails the run when the queue cannot take the job', async () => {
    const { repos, queue, service } = setup();
    queue.failing = true;
    const refused = await refusal(service.submit(ada.id, custom));
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(refused).toMatchObject({ message: 'Server error. Please try again.', code: 'QUEUE_UNAVAILABLE' });
    expect(repos.settlement.runsById.get(RUN)).toMatchObject({ status: 'failed', error: QUEUE_UNAVAILABLE });
    expect(repos.settlement.balances.get(ada.id)).toBe(500);
  });

  it('answers 429 when the reservation finds the person at the cap, with nothing recorded or queued', async () => {
    const { repos, jobs, service } = setup(2);
    repos.nextReservation = { kind: 'too-many', inFlight: 3 };
    const refused = await refusal(service.submit(ada.id, custom));
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ message: TOO_MANY_RUNS_MESSAGE, code: TOO_MANY_RUNS, retryAfterSeconds: expect.any(Number) });
    expect(repos.settlement.runsById.size).toBe(0);
    expect(repos.settlement.balances.get(ada.id)).toBe(500);
    expect(jobs).toHaveLength(0);
  });

  it('queues the job at the fair priority its reservation recorded', async () => {
    const { repos, jobs, service } = setup();
    repos.priority = 3;
    await service.submit(ada.id, custom);
    expect(priorities(jobs)).toEqual([3]);
  });
});

describe('GenerationService.submit with a webhook', () => {
  /** The service with RunWebhooks whose ends are collected rather than queued. */
  function withWebhooks() {
    const { repos, jobs, queue } = setup();
    const ended: EndedRun[] = [];
    const webhooks = new RunWebhooks({ deliveries: { createDelivery: async () => true, abandon: async () => {} }, queues: { add: async () => '' }, allowPrivate: false, logger });
    const queues: RunQueues = {
      enqueue: async (runId, priority) => {
        if (queue.failing) throw new Error('Redis is down');
        jobs.push({ runId, priority });
      },
    };
    const told = { checkUrl: (url: string) => webhooks.checkUrl(url), runEnded: async (end: EndedRun) => void ended.push(end) };
    const service = new GenerationService(repos, queues, { find: async () => undefined }, testMediaUrls, logger, { maxRunsInFlight: 10 }, told);
    return { repos, jobs, queue, service, ended };
  }

  it('keeps the address with the run', async () => {
    const { repos, service } = withWebhooks();
    await service.submit(ada.id, { ...custom, webhookUrl: 'https://hooks.example.com/runs' });
    expect(repos.settlement.runsById.get(RUN)?.webhook_url).toBe('https://hooks.example.com/runs');
  });

  it('refuses a private address with a 400 before anything is recorded', async () => {
    const { repos, jobs, service } = withWebhooks();
    const refused = await refusal(service.submit(ada.id, { ...custom, webhookUrl: 'https://192.168.0.4/hook' }));
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused).toMatchObject({ code: 'INVALID_WEBHOOK_URL', message: expect.stringContaining('public address') });
    expect(repos.settlement.runsById.size).toBe(0);
    expect(jobs).toEqual([]);
  });

  it('refuses what is no web address with the request’s own 400', async () => {
    const refused = await refusal(withWebhooks().service.submit(ada.id, { ...custom, webhookUrl: 'javascript:alert(1)' }));
    expect(refused).toMatchObject({ code: 'INVALID_REQUEST', message: 'webhookUrl must be an absolute https:// address' });
  });

  it('tells the end of a run the queue refused', async () => {
    const { queue, service, ended } = withWebhooks();
    queue.failing = true;
    await refusal(service.submit(ada.id, { ...custom, webhookUrl: 'https://hooks.example.com/runs' }));
    expect(ended).toEqual([expect.objectContaining({ status: 'failed', stage: 'failed', run: expect.objectContaining({ run_id: RUN, webhook_url: 'https://hooks.example.com/runs' }) })]);
  });

  it('takes no webhook when built without them', async () => {
    const refused = await refusal(setup().service.submit(ada.id, { ...custom, webhookUrl: 'https://hooks.example.com/runs' }));
    expect(refused).toMatchObject({ message: WEBHOOKS_UNAVAILABLE });
  });
});

describe('GenerationService.byRunId', () => {
  it('answers a processing answer while processing (the route makes it a 202), and 404 for someone else’s run', async () => {
    const { repos, service } = setup();
    repos.settlement.addRun({ runId: RUN, userId: ada.id, creditsReserved: 2 });
    expect(await service.byRunId(ada.id, RUN)).toEqual({ success: true, status: 'processing', runId: RUN });
    const other = aUser({ id: 'someone-else' });
    repos.accounts.set(other.id, other);
    await expect(service.byRunId(other.id, RUN)).rejects.toMatchObject({ message: 'No such run' });
  });

  it('refuses a deleted or banned account before a word about the run', async () => {
    const { repos, service } = setup();
    repos.settlement.addRun({ runId: RUN, userId: ada.id, creditsReserved: 2 });
    repos.accounts.set(ada.id, { ...ada, banned: true });
    await expect(service.byRunId(ada.id, RUN)).rejects.toBeInstanceOf(NotAllowedError);
    repos.accounts.delete(ada.id);
    await expect(service.byRunId(ada.id, RUN)).rejects.toBeInstanceOf(NotAuthenticatedError);
  });

  it('answers the media when done, and the failure with any image kept when failed', async () => {
    const { repos, service } = setup();
    repos.settlement.addRun({ runId: RUN, userId: ada.id, creditsReserved: 2 });
    repos.mediaRows.push(aMedia({ run_id: RUN }));
    await repos.runs.finish(RUN, { status: 'done' });
    await expect(service.byRunId(ada.id, RUN)).resolves.toMatchObject({
      success: true,
      status: 'done',
      runId: RUN,
      // The media carries the run's receipt as the library's item does.
      media: { id: aMedia().id, receipt: { creditsReserved: 2, creditsCharged: 2 } },
      receipt: { creditsReserved: 2, creditsCharged: 2 },
    });

    const failed = 'run-0002-abcdef' as RunId;
    repos.settlement.addRun({ runId: failed, userId: ada.id, creditsReserved: 2 });
    await repos.runs.finish(failed, { status: 'failed', error: 'The provider refused the prompt' });
    await expect(service.byRunId(ada.id, failed)).resolves.toEqual({
      success: false,
      status: 'failed',
      runId: failed,
      error: 'The provider refused the prompt',
      receipt: expect.objectContaining({ creditsReserved: 2, reason: 'The provider refused the prompt' }),
      balance: 500,
    });
  });
});
