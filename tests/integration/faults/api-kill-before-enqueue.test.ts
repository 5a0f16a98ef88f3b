import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PREFLIGHT_MIN_CREDITS } from '@app/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, inject, it } from 'vitest';
import { submitRun, until } from '../../support/fault-stack';
import { useFaultStack } from '../../support/fault-suite';
import { repoRoot } from '../../support/process';

const KILL_BEFORE_ENQUEUE = pathToFileURL(path.join(repoRoot, 'tests/support/kill-before-enqueue.mjs')).href;

/**
 * The api dies (SIGKILL, no goodbye) right after committing a run and its debit and before
 * enqueueing the run's job. The reconciler in the worker finds the run with no job and queues
 * it again under its own id: it is made once and charged once.
 */
const postgresUrl = inject('postgresUrl') ?? '';

describe.runIf(postgresUrl)('api killed between committing a run and enqueueing its job', () => {
  const suite = useFaultStack({
    accounts: 1,
    credits: 40,
    apiEnv: { NODE_OPTIONS: `--import=${KILL_BEFORE_ENQUEUE}` },
    env: { RECONCILE_GRACE_SECONDS: '2', RECONCILE_EVERY_SECONDS: '1' },
  });

  const balance = async () =>
    (await suite.stack.db.selectFrom('users').select('credits').where('id', '=', suite.accounts[0]!.userId).executeTakeFirstOrThrow()).credits;

  it('leaves a committed run with no job, which the reconciler runs once and charges once', async () => {
    const { stack } = suite;
    const account = suite.accounts[0]!;
    expect(await balance()).toBeGreaterThanOrEqual(PREFLIGHT_MIN_CREDITS);
    const submission = await submitRun(stack, account);
    const exit = await stack.api.exited;
    expect(exit.signal).toBe('SIGKILL');
    // The person never got an answer; the run and its debit are committed, and no job exists.
    expect(submission.status).toBe(0);
    const run = await stack.db.selectFrom('generation_runs').selectAll().where('run_id', '=', submission.runId).executeTakeFirstOrThrow();
    expect(run.status).toBe('processing');
    const cost = run.credits_reserved;
    expect(await balance()).toBe(account.credits - cost);
    const connection = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
    const queue = new Queue('generation', { connection, prefix: stack.queuePrefix });
    try {
      expect(await queue.getJob(submission.runId)).toBeUndefined();
    } finally {
      await queue.close();
      await connection.quit();
    }

    // The product comes back (a supervisor restarts the api) and a worker takes up the lost run.
    await stack.restartApi();
    await stack.startReadyWorker();
    const poll = () =>
      fetch(`${stack.apiUrl}/api/getMediaByRunId?runId=${submission.runId}`, { headers: { Authorization: `Bearer ${account.token}` } }).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { status?: string } }),
      );
    const answer = await until(poll, (a) => a.status === 200, 60_000, 'the lost run to be done');
    expect(answer.body.status).toBe('done');

    const media = await stack.db.selectFrom('media').select('id').where('run_id', '=', submission.runId).execute();
    expect(media).toHaveLength(1);
    const ledger = await stack.db.selectFrom('credit_ledger').select(['reason', 'delta']).where('run_id', '=', submission.runId).execute();
    expect(ledger).toEqual([{ reason: 'generation', delta: -cost }]);
    expect(await balance()).toBe(account.credits - cost);
  }, 150_000);
});
