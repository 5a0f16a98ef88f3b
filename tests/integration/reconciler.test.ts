import { randomBytes } from 'node:crypto';
import { createLogger } from '@app/shared/server/logger';
import { createRedis } from '@app/shared/server/redis';
import { UnrecoverableError, Worker } from 'bullmq';
import { createRepositories } from '@app/shared/server/repositories';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { composeWorkers } from '../../worker/src/compose';
import { LOST_RUN, reconcileRunsHandler } from '../../worker/src/jobs/reconcile-runs';
import { bearer, createAccount, type Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { until } from '../support/wait';

const dialect = availableDialects().at(-1)!;
const newRunId = () => `run_${randomBytes(8).toString('hex')}`;


describe(`the reconciler of runs whose job never reached the queue (${dialect})`, () => {
  // No worker at first: the queued jobs wait, so the test sees exactly what the reconciler did.
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' }, { workers: false });
  let workers: Awaited<ReturnType<typeof composeWorkers>> | undefined;
  let session: Session;
  let source: string;
  afterAll(() => workers?.close());

  beforeAll(async () => {
    session = await createAccount(ctx.infra, `lost-${randomBytes(4).toString('hex')}@example.com`, 100);
    source = (await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png')).secure_url;
  }, 120_000);

  const submit = async () => {
    const runId = newRunId();
    const res = await request(ctx.app)
      .post('/api/unified-generate')
      .set(bearer(session))
      .send({ mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_oracle_of_seoul', runId, sourceAssetId: source });
    expect(res.status).toBe(202);
    return runId;
  };
  const run = (runId: string) => ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
  const ledger = (runId: string) => ctx.infra.db.selectFrom('credit_ledger').select(['reason', 'delta']).where('run_id', '=', runId).orderBy('id').execute();
  const balance = async () => (await ctx.infra.db.selectFrom('users').select('credits').where('id', '=', session.user.id).executeTakeFirstOrThrow()).credits;
  const age = (runId: string, seconds: number) =>
    ctx.infra.db
      .updateTable('generation_runs')
      .set({ created_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('run_id', '=', runId)
      .execute();

  it('queues a lost or abandoned run again under its id, fails and refunds one past the deadline, leaves a queued one alone, and does it once', async () => {
    const queue = ctx.infra.queues.queue('generation');
    // A job that ended in the failed set while its run still processes (stalled too often: BullMQ
    // fails it without the handler settling the run): a stand-in worker fails it.
    const abandoned = await submit();
    const connection = createRedis(inject('redisUrl'), 'worker');
    const standIn = new Worker('generation', () => Promise.reject(new UnrecoverableError('job stalled more than allowable limit')), {
      connection,
      prefix: ctx.config.queuePrefix,
    });
    await until(async () => (await queue.getJob(abandoned))!.getState(), (state) => state === 'failed', 20_000, 'the stand-in to fail the job');
    await standIn.close();
    await connection.quit();
    await age(abandoned, 120);

    // What an api killed between its commit and its enqueue leaves: the run and its debit, no job.
    // (Removing the job the api added gives exactly that state, with no hook in the product code.)
    const lost = await submit();
    const expired = await submit();
    const queued = await submit();
    for (const runId of [lost, expired]) await (await queue.getJob(runId))!.remove();
    await age(lost, 120);
    await age(queued, 120);
    await age(expired, 3600);
    const queuedJobBefore = (await queue.getJob(queued))!.timestamp;
    const cost = (await run(lost)).credits_reserved;
    expect(await balance()).toBe(100 - 4 * cost);

    const reconcile = reconcileRunsHandler({
      repos: createRepositories(ctx.infra.db),
      queues: ctx.infra.queues,
      graceSeconds: 60,
      deadlineSeconds: 1800,
      logger: createLogger({ log: { level: 'silent', pretty: false } }, 'reconciler-test'),
    });
    await expect(reconcile()).resolves.toEqual({ requeued: 2, failed: 1 });

    for (const runId of [lost, abandoned]) {
      const requeued = await queue.getJob(runId);
      expect(requeued?.data).toEqual({ runId });
      expect(['waiting', 'prioritized']).toContain(await requeued!.getState());
    }
    expect((await queue.getJob(queued))!.timestamp).toBe(queuedJobBefore);
    expect(await run(expired)).toMatchObject({ status: 'failed', error: LOST_RUN, credits_refunded: cost });
    const failedAnswer = await request(ctx.app).get('/api/getMediaByRunId').query({ runId: expired }).set(bearer(session));
    expect(failedAnswer.body).toMatchObject({ success: false, status: 'failed', error: LOST_RUN });

    // A second pass finds nothing to do: the lost run has its job, the expired one is settled.
    await expect(reconcile()).resolves.toEqual({ requeued: 0, failed: 0 });
    expect(await ledger(expired)).toEqual([
      { reason: 'generation', delta: -cost },
      { reason: 'refund', delta: cost },
    ]);

    // A worker starts: the lost run completes exactly once, with one charge, like any other.
    workers = await composeWorkers(ctx.config, createLogger({ log: { level: 'silent', pretty: false } }, 'worker'), ctx.infra);
    for (const runId of [lost, abandoned, queued]) await until(() => run(runId), (r) => r.status !== 'processing', 60_000, `run ${runId}`);
    const [lostRun, abandonedRun, queuedRun] = [await run(lost), await run(abandoned), await run(queued)];
    expect(lostRun).toMatchObject({ status: 'done', attempts: 1 });
    expect(abandonedRun).toMatchObject({ status: 'done', attempts: 1 });
    expect(queuedRun).toMatchObject({ status: 'done', attempts: 1 });
    const media = await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', lost).execute();
    expect(media).toHaveLength(1);
    expect((await ledger(lost)).filter((c) => c.reason === 'generation')).toEqual([{ reason: 'generation', delta: -cost }]);
    // The expired run cost nothing; each made one what it cost.
    expect((await ledger(abandoned)).filter((c) => c.reason === 'generation')).toHaveLength(1);
    expect(await balance()).toBe(100 - [lostRun, abandonedRun, queuedRun].reduce((sum, r) => sum + cost - r.credits_refunded, 0));
    await expect(reconcile()).resolves.toEqual({ requeued: 0, failed: 0 });
  }, 120_000);
});
