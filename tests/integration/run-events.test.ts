import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@app/shared/server/logger';
import { GenerationRunsRepository, RunEventsRepository, UsersRepository } from '@app/shared/server/repositories';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeApi, listen } from '../../api/src/compose';
import { compareEventIds } from '@app/shared/server/queue';
import { PermanentGenerationError, type GeneratedImage, type ImageProvider, type ImageRequest } from '../../worker/src/providers/provider';
import { bearer, type Session, signIn } from '../support/auth';
import { EventStream, type Received } from '../support/event-stream';
import { availableDialects, useTestDatabase } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

const dialect = availableDialects().at(-1)!;
const newRunId = () => `run_${randomBytes(8).toString('hex')}`;

const ids = (events: Received[]) => events.filter((e) => e.id).map((e) => e.id);
const typesOf = (events: Received[]) => events.filter((e) => e.type !== 'run.queued').map((e) => e.type);

/**
 * A provider scripted by mode and prompt: custom prompts return the person's own photo (the
 * likeness check passes), "refuse" in a prompt fails for good, Parallel Self returns someone
 * else's face (every attempt fails the check), "slow" waits before each image, "slower" longer
 * (past the hub's 1 s between reads of queue positions, so a run behind two is told its place).
 */
class ScriptedProvider implements ImageProvider {
  readonly name = 'scripted';
  async generate(request: ImageRequest): Promise<GeneratedImage> {
    if (request.prompt.includes('refuse')) throw new PermanentGenerationError('the AI service refused this prompt');
    if (request.prompt.includes('slower')) await sleep(3_000);
    else if (request.prompt.includes('slow') || request.mode === 'parallel-self') await sleep(400);
    const face = request.mode === 'parallel-self' ? fixture('grace_hopper.jpg') : request.source;
    const data = await sharp(face).resize(640, 800, { fit: 'cover' }).png().toBuffer();
    return { data, contentType: 'image/png', width: 640, height: 800, provider: this.name };
  }
}

describe(`the live event stream of a person's runs (${dialect})`, () => {
  const ctx = useTestApp(dialect, { WORKER_GENERATION_CONCURRENCY: '1' }, { overrides: { provider: new ScriptedProvider() } });
  let port: number;
  let close: () => Promise<void>;
  let session: Session;
  let source: { secure_url: string };

  beforeAll(async () => {
    ({ port, close } = await listen(ctx.app, 0, '127.0.0.1'));
    session = await signIn(ctx.app, `live-${randomBytes(4).toString('hex')}@example.com`);
    await ctx.infra.db.updateTable('users').set({ credits: 500 }).where('id', '=', session.user.id).execute();
    source = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
  }, 120_000);
  afterAll(() => close?.());
  afterEach(() => {
    for (const stream of EventStream.opened) stream.close();
  });

  const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });
  const submit = async (s: Session, body: Record<string, unknown>) => {
    const runId = newRunId();
    const res = await request(ctx.app).post('/api/unified-generate').set(bearer(s)).send({ runId, sourceAssetId: source.secure_url, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return runId;
  };

  it('streams a run that passes: started, its likeness check, done with the media — each with its queue id', async () => {
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const runId = await submit(session, { mode: 'custom', prompt: 'me as a painting' });
    const done = await stream.waitFor(runId, ['run.done', 'run.failed']);
    expect(typesOf(stream.of(runId))).toEqual(['run.started', 'run.attempt', 'run.done']);
    const [started, attempt] = stream.of(runId).filter((e) => e.type !== 'run.queued');
    expect(started!.data).toEqual({ type: 'run.started', runId, provider: 'scripted' });
    expect(attempt!.data).toMatchObject({ type: 'run.attempt', runId, attempt: 1, of: 3 });
    expect(attempt!.data.identityScore).toBeGreaterThanOrEqual(attempt!.data.threshold as number);
    expect(done.data).toMatchObject({ type: 'run.done', runId, media: { runId, type: 'image' } });
    // The same media getMediaByRunId answers with, and its receipt (the viewer shows it before the library reloads).
    const polled = await request(ctx.app).get('/api/getMediaByRunId').query({ runId }).set(bearer(session));
    expect((done.data.media as { id: string }).id).toBe(polled.body.media.id);
    expect((done.data.media as { receipt?: unknown }).receipt).toEqual(polled.body.receipt);
    expect(polled.body.media.receipt).toEqual(polled.body.receipt);
    // Every event from the queue carries its id, in order.
    const seen = ids(stream.of(runId));
    expect(seen).toHaveLength(3);
    expect([...seen].sort((a, b) => compareEventIds(a!, b!))).toEqual(seen);
    // The receipt's data: when the run started and each attempt's score.
    const row = await ctx.infra.db.selectFrom('generation_runs').select(['started_at', 'identity_scores', 'created_at']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(row.started_at!.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
    expect(row.identity_scores).toEqual({ threshold: attempt!.data.threshold, scores: [attempt!.data.identityScore] });
    stream.close();
  });

  it('streams every retry of the likeness check, then the failure', async () => {
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    const runId = await submit(session, { mode: 'parallelself', parallelSelfPresetId: 'parallel_self_black_aura' });
    const failed = await stream.waitFor(runId, ['run.done', 'run.failed']);
    expect(typesOf(stream.of(runId))).toEqual(['run.started', 'run.attempt', 'run.attempt', 'run.attempt', 'run.attempt', 'run.failed']);
    const attempts = stream.of(runId).filter((e) => e.type === 'run.attempt').map((e) => e.data);
    expect(attempts.map((a) => [a.attempt, a.of, a.threshold])).toEqual([[1, 4, 0.75], [2, 4, 0.75], [3, 4, 0.75], [4, 4, 0.75]]);
    for (const a of attempts) expect(a.identityScore).toBeLessThan(0.75);
    // An image was made (the best of the four), so nothing is refunded.
    expect(failed.data).toEqual({ type: 'run.failed', runId, error: "Didn't pass identity check", refunded: 0, balance: expect.any(Number) });
    const row = await ctx.infra.db.selectFrom('generation_runs').select('identity_scores').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(row.identity_scores).toEqual({ threshold: 0.75, scores: attempts.map((a) => a.identityScore) });
    stream.close();
  });

  it('streams a failure with the credits given back', async () => {
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    const before = (await request(ctx.app).get('/api/getQuota').set(bearer(session))).body.currentBalance;
    const runId = await submit(session, { mode: 'custom', prompt: 'please refuse this' });
    const failed = await stream.waitFor(runId, ['run.done', 'run.failed']);
    expect(failed.data).toMatchObject({ type: 'run.failed', runId, error: 'Generation failed: the AI service refused this prompt' });
    const after = (await request(ctx.app).get('/api/getQuota').set(bearer(session))).body.currentBalance;
    expect(after).toBe(before);
    expect(failed.data.refunded).toBeGreaterThan(0);
    expect(typesOf(stream.of(runId))).toEqual(['run.started', 'run.failed']);
    stream.close();
  });

  it('streams Story Time clip by clip', async () => {
    const others = await Promise.all(['grace_hopper.jpg', 'camera.png'].map((f) => uploadFile(ctx.app, session, fixture(f), f)));
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    const runId = await submit(session, { mode: 'storytime', additionalImages: others.map((o) => o.secure_url) });
    const done = await stream.waitFor(runId, ['run.done', 'run.failed'], 180_000);
    expect(done.type).toBe('run.done');
    expect(typesOf(stream.of(runId))).toEqual(['run.started', 'run.video', 'run.video', 'run.video', 'run.video', 'run.done']);
    expect(stream.of(runId).filter((e) => e.type === 'run.video').map((e) => [e.data.done, e.data.total])).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
    expect(done.data).toMatchObject({ media: { runId, type: 'video' } });
    stream.close();
  }, 240_000);

  it('tells queued runs their place, as it moves, with an ETA from measured runs', async () => {
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    // One generation slot: the second and third wait behind the first.
    const runIds = [];
    for (let i = 0; i < 3; i++) runIds.push(await submit(session, { mode: 'custom', prompt: `slower portrait ${i}` }));
    const last = runIds[2]!;
    await stream.waitFor(last, ['run.done', 'run.failed'], 90_000);
    const queued = stream.of(last).filter((e) => e.type === 'run.queued');
    expect(queued.length).toBeGreaterThan(0);
    expect(queued[0]!.data.position).toBeGreaterThan(0);
    // Sent only when it changes, never going back, and without an id (it is not a queue event).
    const positions = queued.map((e) => e.data.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    for (const e of queued) expect(e.id).toBeUndefined();
    // Earlier custom runs of this provider finished, and a worker is alive: the ETA is known.
    expect(queued[0]!.data.etaSeconds).toEqual(expect.any(Number));
    stream.close();
  }, 120_000);

  it('tells a queued run removed by a cancel as canceled, with the refund', async () => {
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    const ahead = await submit(session, { mode: 'custom', prompt: 'slower one ahead' });
    const runId = await submit(session, { mode: 'custom', prompt: 'slow one to cancel' });
    await stream.waitFor(runId, ['run.queued']);
    // What cancel-run does to a queued run: settle it canceled with a full refund, then remove its job.
    await ctx.infra.db
      .updateTable('generation_runs')
      .set((eb) => ({ status: 'failed', stage: 'canceled', credits_refunded: eb.ref('credits_reserved'), finished_at: new Date() }))
      .where('run_id', '=', runId)
      .execute();
    expect(await ctx.infra.queues.queue('generation').remove(runId)).toBe(1);
    const canceled = await stream.waitFor(runId, ['run.canceled']);
    const { credits_reserved } = await ctx.infra.db.selectFrom('generation_runs').select('credits_reserved').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(canceled.data).toEqual({ type: 'run.canceled', runId, refunded: credits_reserved, balance: expect.any(Number) });
    await stream.waitFor(ahead, ['run.done']);
    expect(typesOf(stream.of(runId))).toEqual(['run.canceled']);
    stream.close();
  }, 60_000);

  it('resumes from Last-Event-ID, on this api process or another, losing and repeating nothing', async () => {
    const second = await listen(composeApi(ctx.config, createLogger(ctx.config, 'second-api'), ctx.infra), 0, '127.0.0.1');
    try {
      for (const resumePort of [port, second.port]) {
        const witness = await EventStream.open(port, '/api/run-events', auth(session));
        const first = await EventStream.open(port, '/api/run-events', auth(session));
        const runId = await submit(session, { mode: 'parallelself', parallelSelfPresetId: 'parallel_self_black_aura' });
        await first.waitFor(runId, ['run.attempt']);
        first.close();
        const lastId = ids(first.of(runId)).at(-1)!;
        // Events go by while nobody of this tab listens.
        await witness.waitFor(runId, ['run.failed', 'run.done']);
        const resumed = await EventStream.open(resumePort, '/api/run-events', { ...auth(session), 'last-event-id': lastId });
        await resumed.waitFor(runId, ['run.failed', 'run.done'], 10_000);
        const together = [...ids(first.of(runId)), ...ids(resumed.of(runId))];
        expect(together).toEqual(ids(witness.of(runId)));
        expect(typesOf([...first.of(runId), ...resumed.of(runId)])).toEqual(typesOf(witness.of(runId)));
        witness.close();
        resumed.close();
      }
    } finally {
      await second.close();
    }
  }, 120_000);

  it('opens the stream with a single-use ticket of its owner, and shows a stranger nothing of it', async () => {
    const ticket = await request(ctx.app).post('/api/run-events/ticket').set(bearer(session));
    expect(ticket.status).toBe(200);
    expect(ticket.body).toEqual({ success: true, ticket: expect.any(String), expiresInSeconds: 30 });
    const stream = await EventStream.open(port, `/api/run-events?ticket=${ticket.body.ticket}`);
    expect(stream.status).toBe(200);
    const again = await EventStream.open(port, `/api/run-events?ticket=${ticket.body.ticket}`);
    expect(again.status).toBe(401);

    const stranger = await signIn(ctx.app, `stranger-${randomBytes(4).toString('hex')}@example.com`);
    const strangersTicket = await request(ctx.app).post('/.netlify/functions/run-events/ticket').set(bearer(stranger));
    const strangersStream = await EventStream.open(port, `/api/run-events?ticket=${strangersTicket.body.ticket}`);
    expect(strangersStream.status).toBe(200);
    const runId = await submit(session, { mode: 'custom', prompt: 'mine only' });
    await stream.waitFor(runId, ['run.done', 'run.failed']);
    await sleep(300);
    expect(strangersStream.events).toEqual([]);
    // Resuming from an id of the owner's run shows the stranger nothing either.
    const replay = await EventStream.open(port, '/api/run-events', { ...auth(stranger), 'last-event-id': '0-0' });
    await sleep(300);
    expect(replay.of(runId)).toEqual([]);

    for (const path of ['/api/run-events', '/api/run-events?ticket=not-a-ticket-at-all-000', '/api/run-events?ticket=']) {
      const refused = await EventStream.open(port, path);
      expect(refused.status, path).toBe(401);
    }
    for (const s of [stream, strangersStream, replay]) s.close();
  }, 60_000);

  it('caps the streams one person may hold open at once', async () => {
    const person = await signIn(ctx.app, `tabs-${randomBytes(4).toString('hex')}@example.com`);
    const open = await Promise.all([1, 2, 3, 4, 5].map(() => EventStream.open(port, '/api/run-events', auth(person))));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await EventStream.open(port, '/api/run-events', auth(person));
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body).code).toBe('TOO_MANY_STREAMS');
    open[0]!.close();
    // A closed tab frees its place.
    const deadline = Date.now() + 5_000;
    let again = await EventStream.open(port, '/api/run-events', auth(person));
    while (again.status !== 200 && Date.now() < deadline) {
      await sleep(50);
      again = await EventStream.open(port, '/api/run-events', auth(person));
    }
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });
});

describe.each(availableDialects())('the live runs repository on %s', (dialect) => {
  let repo: RunEventsRepository;
  let userId: string;
  const database = useTestDatabase(dialect, async (db) => {
    repo = new RunEventsRepository(db);
    userId = (await new UsersRepository(db).create({ email: 'timer@example.com', referral_code: `timer-${dialect}` })).id;
  });

  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const addRun = (runId: string, values: Record<string, unknown>) =>
    database.db
      .insertInto('generation_runs')
      .values({ run_id: runId, user_id: userId, mode: 'custom-prompt', request: '{}', created_at: minutesAgo(30), updated_at: new Date(), ...values })
      .execute();

  it('measures the median running time per mode and provider over recent done runs', async () => {
    // 10 s, 20 s and 90 s runs of local; the old one and the failed one do not count.
    for (const [i, seconds] of [10, 20, 90].entries()) {
      await addRun(`median-${i}`, { status: 'done', provider: 'local', started_at: minutesAgo(20), finished_at: new Date(minutesAgo(20).getTime() + seconds * 1000) });
    }
    await addRun('median-old', { status: 'done', provider: 'local', started_at: minutesAgo(60 * 24 * 30), finished_at: minutesAgo(60 * 24 * 30 - 5) });
    await addRun('median-failed', { status: 'failed', provider: 'local', started_at: minutesAgo(20), finished_at: minutesAgo(1) });
    // Without a start time, the time since creation counts.
    await addRun('median-fal', { status: 'done', provider: 'fal', created_at: minutesAgo(10), finished_at: minutesAgo(9) });
    const medians = await repo.medianDurations(minutesAgo(60 * 24));
    expect(medians.sort((a, b) => a.provider.localeCompare(b.provider))).toEqual([
      { mode: 'custom-prompt', provider: 'fal', seconds: 60 },
      { mode: 'custom-prompt', provider: 'local', seconds: 20 },
    ]);
  });

  it('keeps when a run started, every identity score, and who owns which run', async () => {
    await addRun('kept-1', { provider: 'local' });
    expect(await repo.listStarted(userId)).toEqual([]);
    // A worker takes the run: its attempt and its start, in one statement.
    const runs = new GenerationRunsRepository(database.db);
    expect(await runs.recordAttempt('kept-1', 'local')).toBe(1);
    const first = await database.db.selectFrom('generation_runs').select('started_at').where('run_id', '=', 'kept-1').executeTakeFirstOrThrow();
    expect(first.started_at).not.toBeNull();
    expect(await runs.recordAttempt('kept-1', 'local')).toBe(2); // a worker taking over after a crash keeps the first start
    const again = await database.db.selectFrom('generation_runs').select('started_at').where('run_id', '=', 'kept-1').executeTakeFirstOrThrow();
    expect(again.started_at).toEqual(first.started_at);
    expect(await repo.listStarted(userId)).toEqual([{ runId: 'kept-1', provider: 'local' }]);
    await repo.saveIdentityScores('kept-1', { threshold: 0.7, scores: [0.5, null, 0.8] });
    expect((await repo.findFacts('kept-1'))?.userId).toBe(userId);
    const row = await database.db.selectFrom('generation_runs').select('identity_scores').where('run_id', '=', 'kept-1').executeTakeFirstOrThrow();
    expect(row.identity_scores).toEqual({ threshold: 0.7, scores: [0.5, null, 0.8] });
    expect(await repo.ownersOf(['kept-1', 'nobody'])).toEqual([{ runId: 'kept-1', userId, mode: 'custom-prompt' }]);
  });
});
