import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDelay } from '../../worker/src/providers/delayed-provider';
import { InstantProvider } from '../../worker/src/providers/instant-provider';
import { bearer, createAccount, type Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { until } from '../support/wait';

const dialect = availableDialects().at(-1)!;
const newRunId = () => `run_${randomBytes(8).toString('hex')}`;
/** Each job holds the one generation slot this long, so a backlog builds while the test watches. */
const JOB_MS = 250;


describe(`fair queueing between people and the runs one person may have in flight (${dialect})`, () => {
  // One slot, so the order jobs are taken in is the order they finish in.
  const ctx = useTestApp(
    dialect,
    { WORKER_GENERATION_CONCURRENCY: '1', GENERATION_PROVIDER: 'instant' },
    { overrides: { provider: withDelay(new InstantProvider(), JOB_MS) } },
  );
  const people: Array<{ session: Session; source: string }> = [];

  beforeAll(async () => {
    for (const name of ['ada', 'bob', 'cyd']) {
      const session = await createAccount(ctx.infra, `${name}-${randomBytes(4).toString('hex')}@example.com`, 200);
      const upload = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
      people.push({ session, source: upload.secure_url });
    }
  }, 120_000);

  const submit = (who: { session: Session; source: string }, runId = newRunId()) =>
    request(ctx.app)
      .post('/api/unified-generate')
      .set(bearer(who.session))
      .send({ mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_oracle_of_seoul', runId, sourceAssetId: who.source });
  const runsOf = (userId: string) =>
    ctx.infra.db.selectFrom('generation_runs').select(['run_id', 'status', 'attempts', 'created_at', 'finished_at']).where('user_id', '=', userId).execute();

  it('takes a person’s single run after at most the job in hand, ahead of another person’s backlog, which stays in order', async () => {
    const [ada, bob] = people as [(typeof people)[0], (typeof people)[0]];
    const queue = ctx.infra.queues.queue('generation');
    // Ada's ten runs all reach the queue before the worker takes the first.
    await queue.pause();
    const adaRuns: string[] = [];
    for (let i = 0; i < 10; i++) {
      const runId = newRunId();
      expect((await submit(ada, runId)).status).toBe(202);
      adaRuns.push(runId);
    }
    await queue.resume();
    await until(() => runsOf(ada.session.user.id), (runs) => runs.some((r) => r.attempts > 0), 20_000, 'the worker to take a run of Ada');

    const startedBefore = new Set((await runsOf(ada.session.user.id)).filter((r) => r.attempts > 0).map((r) => r.run_id));
    const bobRun = newRunId();
    const submittedAt = Date.now();
    expect((await submit(bob, bobRun)).status).toBe(202);
    const bobDone = await until(
      async () => (await runsOf(bob.session.user.id))[0],
      (run) => run?.status !== 'processing',
      30_000,
      'Bob’s run',
    );
    const bobWaitMs = bobDone!.finished_at!.getTime() - submittedAt - JOB_MS;
    const adaAll = await until(() => runsOf(ada.session.user.id), (runs) => runs.every((r) => r.status !== 'processing'), 60_000, 'Ada’s runs');

    // One slot: the order of finishing is the order of taking.
    const bobFinished = bobDone!.finished_at!.getTime();
    const jumpedAhead = adaAll.filter((r) => !startedBefore.has(r.run_id) && r.finished_at!.getTime() < bobFinished);
    const behindBob = adaAll.filter((r) => r.finished_at!.getTime() > bobFinished);
    console.log(
      `fairness: Bob waited ~${bobWaitMs} ms for a ${JOB_MS} ms slot; Ada's runs taken in the meantime: ${jumpedAhead.length} ` +
        `(${startedBefore.size} already taken when Bob submitted); ${behindBob.length} of Ada's runs waited behind Bob's`,
    );
    expect(bobDone!.status).toBe('done');
    // At most one of Ada's runs could be fetched between the snapshot and Bob's job reaching the queue.
    expect(jumpedAhead.length).toBeLessThanOrEqual(1);
    // Ada still had a backlog, and Bob went ahead of it (first in, first out would have put him last).
    expect(behindBob.length).toBeGreaterThan(0);
    // Ada's own runs were taken in the order she sent them.
    const finishOrder = [...adaAll].sort((a, b) => a.finished_at!.getTime() - b.finished_at!.getTime()).map((r) => r.run_id);
    expect(finishOrder).toEqual(adaRuns);
    expect(adaAll.every((r) => r.status === 'done')).toBe(true);
  }, 120_000);

  it('answers 429 past ten runs in flight, even to a burst of parallel submits, but never to a run already accepted', async () => {
    const cyd = people[2]!;
    const queue = ctx.infra.queues.queue('generation');
    await queue.pause();
    try {
      const runIds = Array.from({ length: 15 }, () => newRunId());
      const answers = await Promise.all(runIds.map((runId) => submit(cyd, runId)));
      const accepted = answers.filter((res) => res.status === 202);
      const refused = answers.filter((res) => res.status === 429);
      expect(accepted).toHaveLength(10);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.body).toEqual({ success: false, error: 'Too many requests. Please wait a moment.', code: 'TOO_MANY_RUNS' });
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);

      const runs = await runsOf(cyd.session.user.id);
      expect(runs).toHaveLength(10);
      const ledger = await ctx.infra.db.selectFrom('credit_ledger').select('delta').where('user_id', '=', cyd.session.user.id).where('reason', '=', 'generation').execute();
      expect(ledger).toHaveLength(10);

      // The same run id again is the same answer as the first time, with the balance as it is now
      // (after the last of the ten debits), not as it was then.
      const again = await submit(cyd, accepted[0]!.body.runId);
      expect(again.status).toBe(202);
      const { balance: _then, ...first } = accepted[0]!.body as { balance: number };
      expect(again.body).toEqual({ ...first, balance: Math.min(...accepted.map((res) => (res.body as { balance: number }).balance)) });
    } finally {
      await queue.resume();
    }
  }, 60_000);
});
