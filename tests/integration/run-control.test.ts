import { newRunId } from '@app/shared';
import { creditLedgerAnswerSchema } from '@app/shared/api/credits';
import { getUserMediaCall } from '@app/shared/api/media';
import { runAnswerSchema } from '@app/shared/api/generation';
import { RUN_NOT_RETRYABLE } from '@app/shared/api/runs';
import { RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import { createLogger } from '@app/shared/server/logger';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELED_REASON, MODERATED_REASON } from '@app/shared/server/generation/run-receipt';
import { composeWorkers } from '../../worker/src/compose';
import { FAL_FAKE_IMAGE_MODEL, type FalFake, startFalFake } from '../fakes/fal';
import { bearer, createAccount, type Session, signIn, uniqueEmail } from '../support/auth';
import { suiteDialect } from '../support/database';
import { startTestApp, type TestContext, useTestApp } from '../support/test-app';
import { pollUntilFinished, signInWithPortrait, submitPortraitRun } from '../support/runs';
import { until } from '../support/wait';

const dialect = suiteDialect();

const balanceOf = (ctx: TestContext, session: Session) =>
  ctx.infra.db.selectFrom('users').select('credits').where('id', '=', session.user.id).executeTakeFirstOrThrow().then((u) => u.credits);
const runOf = (ctx: TestContext, runId: string) => ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
const ledgerOf = (ctx: TestContext, runId: string) =>
  ctx.infra.db.selectFrom('credit_ledger').select(['delta', 'reason', 'idempotency_key']).where('run_id', '=', runId).orderBy('id').execute();

/** The answer of a run once it is over (200, whatever its end). */
async function finished(ctx: TestContext, session: Session, runId: string) {
  const res = await pollUntilFinished(ctx.app, session, runId);
  expect(res.status).toBe(200);
  return runAnswerSchema.parse(res.body);
}

describe(`cancel a queued run (${dialect})`, () => {
  // No worker at first: the run waits in the queue.
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' }, { workers: false });

  it('removes it from the queue and refunds it in full at once; no worker ever runs it', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('queued'));
    const before = await balanceOf(ctx, session);
    const runId = newRunId();
    const submitted = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a teal and gold nebula', runId });
    expect(submitted.status).toBe(202);
    const cost = (await runOf(ctx, runId)).credits_reserved;
    expect(await balanceOf(ctx, session)).toBe(before - cost);

    const canceled = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({ success: true, runId, status: 'canceled', refunded: cost, balance: before });
    expect(await balanceOf(ctx, session)).toBe(before);
    expect(await ctx.infra.queues.queue('generation').getJob(runId)).toBeUndefined();

    const answer = await finished(ctx, session, runId);
    expect(answer).toMatchObject({ success: false, status: 'failed', error: RUN_CANCELED });
    expect(answer.receipt).toMatchObject({ creditsReserved: cost, creditsCharged: 0, creditsRefunded: cost, runningSeconds: null, reason: CANCELED_REASON });

    // A worker starts: it makes the next run, and the canceled one stays as it was.
    const workers = await composeWorkers(ctx.config, createLogger(ctx.config, 'test'), ctx.infra);
    try {
      const next = newRunId();
      await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a red sunset', runId: next }).expect(202);
      expect((await finished(ctx, session, next)).status).toBe('done');
      expect(await runOf(ctx, runId)).toMatchObject({ status: 'failed', stage: 'canceled', attempts: 0, started_at: null });
      expect(await ledgerOf(ctx, runId)).toEqual([
        { delta: -cost, reason: 'generation', idempotency_key: `generation:${runId}` },
        { delta: cost, reason: 'refund', idempotency_key: `refund:${runId}` },
      ]);
    } finally {
      await workers.close();
    }

    // Finished now: canceling again says so, with nothing refunded (a 200: no error in a browser's console).
    const again = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, runId, status: 'finished', refunded: 0, balance: await balanceOf(ctx, session) });
  });
});

describe(`cancel a run the local engine is making (${dialect})`, () => {
  // The local engine held for 20 s: the run is surely in a worker's hands when it is canceled.
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'local', LOCAL_PROVIDER_DELAY_MS: '20000' });

  it('stops the render, ends canceled with every credit back, and stores nothing', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('local'));
    const before = await balanceOf(ctx, session);
    const runId = newRunId();
    await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a lighthouse at dawn', runId }).expect(202);
    await until(() => runOf(ctx, runId), (run) => run.started_at !== null, 30_000, 'a worker to start the run', 50);

    const canceled = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ success: true, runId, status: 'canceling' });

    const answer = await finished(ctx, session, runId);
    expect(answer).toMatchObject({ success: false, status: 'failed', error: RUN_CANCELED });
    expect(await runOf(ctx, runId)).toMatchObject({ status: 'failed', stage: 'canceled' });
    expect(await balanceOf(ctx, session)).toBe(before);
    expect(await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', runId).execute()).toEqual([]);
  }, 60_000);
});

describe(`cancel, retry and receipts with fal.ai (${dialect})`, () => {
  let fake: FalFake;
  let ctx: TestContext;
  let session: Session;
  let stranger: Session;
  let source: { secure_url: string };

  beforeAll(async () => {
    fake = await startFalFake();
    ctx = await startTestApp(dialect, { GENERATION_PROVIDER: 'fal', ...fake.env });
    ({ session, source } = await signInWithPortrait(ctx, 'runs'));
    stranger = await signIn(ctx.app, uniqueEmail('stranger'));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const submit = () => submitPortraitRun(ctx.app, session, source.secure_url);

  it('a running run asked to stop is canceled at the provider, refunded in full, and says so', async () => {
    fake.behave('hang');
    const before = await balanceOf(ctx, session);
    const runId = await submit();
    await until(async () => fake.calls.submit, (n) => n > 0 && fake.received.length > 0, 30_000, 'the provider to receive the run', 50);
    await until(() => runOf(ctx, runId), (run) => run.status === 'processing' && run.stage === 'queued', 30_000, 'the run to be at the provider', 50);
    const submitted = fake.calls.submit;

    // Someone else cannot cancel it, nor learn that it exists.
    const theirs = await request(ctx.app).post('/api/cancel-run').set(bearer(stranger)).send({ runId });
    expect(theirs.status).toBe(404);

    const res = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, runId, status: 'canceling', refunded: 0, balance: expect.any(Number) });

    const answer = await finished(ctx, session, runId);
    expect(answer).toMatchObject({ success: false, status: 'failed', error: RUN_CANCELED });
    expect(answer.receipt).toMatchObject({ creditsCharged: 0, reason: CANCELED_REASON, provider: 'fal' });
    expect(fake.calls.cancel).toHaveLength(1);
    expect(fake.calls.submit).toBe(submitted);
    expect(await runOf(ctx, runId)).toMatchObject({ status: 'failed', stage: 'canceled' });
    expect(await balanceOf(ctx, session)).toBe(before);
    fake.behave('succeed');
  });

  it('a finished run answers that it is finished; a stranger gets a 404 for cancel and retry alike', async () => {
    fake.behave('succeed');
    const runId = await submit();
    expect((await finished(ctx, session, runId)).status).toBe('done');
    const cancel = await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ success: true, runId, status: 'finished', refunded: 0 });
    const retry = await request(ctx.app).post('/api/retry-run').set(bearer(session)).send({ runId });
    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe(RUN_NOT_RETRYABLE);
    for (const call of ['cancel-run', 'retry-run']) {
      expect((await request(ctx.app).post(`/api/${call}`).set(bearer(stranger)).send({ runId })).status).toBe(404);
    }
    expect((await request(ctx.app).post('/api/cancel-run').set(bearer(session)).send({ runId: 'not a run id' })).status).toBe(400);
  });

  it('a failed run tried again is processing, then done on the same card, charged once more', async () => {
    fake.behave('reject');
    const before = await balanceOf(ctx, session);
    const runId = await submit();
    const failed = await finished(ctx, session, runId);
    expect(failed.status).toBe('failed');
    const cost = (await runOf(ctx, runId)).credits_reserved;
    expect(await balanceOf(ctx, session)).toBe(before);

    fake.behave('succeed');
    const retried = await request(ctx.app).post('/api/retry-run').set(bearer(session)).send({ runId });
    expect(retried.status).toBe(202);
    expect(retried.body).toEqual({ success: true, runId, jobId: runId, status: 'processing', cost, balance: before - cost });
    // Tried again twice at once: still one attempt, charged once.
    expect((await request(ctx.app).post('/api/retry-run').set(bearer(session)).send({ runId })).status).toBe(409);

    const done = await finished(ctx, session, runId);
    expect(done.status).toBe('done');
    expect(done.receipt).toMatchObject({ creditsReserved: cost, creditsCharged: cost, creditsRefunded: 0, provider: 'fal', model: FAL_FAKE_IMAGE_MODEL, reason: null });
    expect(await balanceOf(ctx, session)).toBe(before - cost);
    expect(await ledgerOf(ctx, runId)).toEqual([
      { delta: -cost, reason: 'generation', idempotency_key: `generation:${runId}` },
      { delta: cost, reason: 'refund', idempotency_key: `refund:${runId}:attempt:1` },
      { delta: -cost, reason: 'generation', idempotency_key: `generation:${runId}:retry:1` },
    ]);
    expect(await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', runId).execute()).toHaveLength(1);
  });

  it('a retry of a run whose image was kept replaces that image on the same media item', async () => {
    fake.behave('succeed');
    const runId = await submit();
    const first = await finished(ctx, session, runId);
    const media = first.media!;
    // As the worker leaves a run whose image did not pass the likeness check: kept, and failed.
    await ctx.infra.db.updateTable('generation_runs').set({ status: 'failed', stage: 'failed', error: "Didn't pass identity check" }).where('run_id', '=', runId).execute();

    expect((await request(ctx.app).post('/api/retry-run').set(bearer(session)).send({ runId })).status).toBe(202);
    const again = await finished(ctx, session, runId);
    expect(again.status).toBe('done');
    expect(again.media?.id).toBe(media.id);
    expect(again.media?.metadata.providerRequestId).not.toBe(media.metadata.providerRequestId);
    // New files at new addresses (they are served immutable), in the same item.
    expect(again.media?.url).not.toBe(media.url);
    expect(await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', runId).execute()).toHaveLength(1);
  });

  it('gives a receipt for a done and a moderated run, in getMediaByRunId and the library, and lists the ledger by page', async () => {
    fake.behave('succeed');
    const done = await submit();
    const answer = await finished(ctx, session, done);
    const run = await runOf(ctx, done);
    expect(answer.receipt).toMatchObject({
      creditsReserved: run.credits_reserved,
      creditsCharged: run.credits_reserved - run.credits_refunded,
      creditsRefunded: run.credits_refunded,
      provider: 'fal',
      model: FAL_FAKE_IMAGE_MODEL,
      reason: null,
    });
    expect(answer.receipt?.attempts.length).toBeGreaterThan(0);
    expect(answer.receipt?.threshold).toEqual(expect.any(Number));
    expect(answer.receipt?.queuedSeconds).toEqual(expect.any(Number));
    expect(answer.media?.receipt).toEqual(answer.receipt);

    fake.behave('moderate');
    const moderated = await submit();
    const declined = await finished(ctx, session, moderated);
    expect(declined.receipt).toMatchObject({ creditsCharged: 0, reason: MODERATED_REASON });
    fake.behave('succeed');

    const library = getUserMediaCall.response.parse((await request(ctx.app).get('/api/getUserMedia').query({ limit: 100 }).set(bearer(session))).body);
    const item = library.items.find((i) => i.runId === done);
    expect(item?.receipt).toEqual(answer.receipt);

    const firstPage = creditLedgerAnswerSchema.parse((await request(ctx.app).get('/api/get-credit-ledger').query({ limit: 2 }).set(bearer(session))).body);
    expect(firstPage.entries).toHaveLength(2);
    expect(firstPage.entries[0]!.id).toBeGreaterThan(firstPage.entries[1]!.id);
    expect(firstPage.entries[0]).toMatchObject({ reason: 'refund', runId: moderated });
    expect(firstPage.nextCursor).toBe(firstPage.entries[1]!.id);
    const secondPage = creditLedgerAnswerSchema.parse(
      (await request(ctx.app).get('/api/get-credit-ledger').query({ limit: 2, cursor: firstPage.nextCursor }).set(bearer(session))).body,
    );
    expect(secondPage.entries[0]!.id).toBeLessThan(firstPage.entries[1]!.id);
    // Nobody reads another person's ledger.
    const theirs = creditLedgerAnswerSchema.parse((await request(ctx.app).get('/api/get-credit-ledger').set(bearer(stranger))).body);
    expect(theirs.entries.every((e) => e.runId === null)).toBe(true);
  });
});
