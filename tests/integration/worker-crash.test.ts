import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { bearer, createAccount } from '../support/auth';
import type { WorkerHeartbeat } from '@app/shared/api/admin';
import { type RunningProcess, freePort, runEntry } from '../support/process';
import { startTestApp, type TestContext } from '../support/test-app';
import { NEON_PORTRAIT, ORACLE_OF_SEOUL, submitRunOfPhoto } from '../support/runs';
import { startFalFake } from '../fakes/fal';
import { until } from '../support/wait';

const postgresUrl = inject('postgresUrl') ?? '';
const ADMIN_SECRET = 'worker-crash-admin-secret-0123456789';


// Separate worker processes need a Postgres they share with the api (PGlite is single-process):
// this suite runs wherever the tests have one (CI always does).
describe.runIf(postgresUrl)('a worker process killed in the middle of a generation', () => {
  const database = `crash_${randomBytes(5).toString('hex')}`;
  const databaseUrl = postgresUrl.replace(/\/[^/?]*(\?|$)/, `/${database}$1`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-crash-'));
  const prefix = `crash-${randomBytes(4).toString('hex')}`;
  let ctx: TestContext;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    ensureBuilt('worker');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    ctx = await startTestApp('postgres', { DATA_DIR: dataDir, QUEUE_PREFIX: prefix, ADMIN_SECRET }, { databaseUrl, workers: false });
  }, 300_000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await ctx?.close();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const liveWorkers = async (): Promise<WorkerHeartbeat[]> => {
    const res = await request(ctx.app).get('/api/admin-config').set({ 'X-Admin-Secret': ADMIN_SECRET });
    return res.body.debugInfo.workers;
  };

  const startWorker = (extra: Record<string, string> = {}) => {
    const w = runEntry('worker', {
      ...extra,
      DATABASE_URL: databaseUrl,
      REDIS_URL: inject('redisUrl'),
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      LOCAL_PROVIDER_DELAY_MS: '6000',
      WORKER_LOCK_DURATION_MS: '3000',
      WORKER_STALLED_INTERVAL_MS: '1000',
    });
    workers.push(w);
    return w;
  };

  it('is picked up by another worker and completes exactly once', async () => {
    const session = await createAccount(ctx.infra, `crash-${randomBytes(4).toString('hex')}@example.com`);
    const runId = await submitRunOfPhoto(ctx.app, session, 'astronaut.png', ORACLE_OF_SEOUL);

    const runRow = () => ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
    const first = startWorker();
    await until(runRow, (r) => r.attempts >= 1, 60_000, 'the first worker to take the job');
    const [killed] = await until(liveWorkers, (ws) => ws.length === 1, 20_000, 'the first worker to be listed');
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await runRow()).status).toBe('processing');
    // Nobody refreshes the killed worker's heartbeat now: its key is gone within what is left of
    // its expiry, at most 15 s (how long the diagnosis may still list a dead worker). -1 would be
    // a key that never expires, -2 one already gone.
    const heartbeatLeft = await ctx.infra.redis.pttl(`${prefix}:worker-heartbeat:${killed?.id}`);
    expect(heartbeatLeft).not.toBe(-1);
    expect(heartbeatLeft).toBeLessThanOrEqual(15_000);

    const metricsPort = await freePort();
    const second = startWorker({ WORKER_METRICS_PORT: String(metricsPort) });
    const done = await until(runRow, (r) => r.status !== 'processing', 120_000, 'the second worker to finish the run');
    expect(done.status).toBe('done');
    expect(done.attempts).toBe(2);

    // The killed worker's heartbeat has expired: the diagnosis lists only the second.
    const listed = await until(liveWorkers, (ws) => ws.length === 1 && ws[0]?.id !== killed?.id, 20_000, 'the killed worker to leave the list');
    expect(listed[0]).toMatchObject({ queues: expect.arrayContaining(['generation', 'email', 'maintenance']), concurrency: { generation: 2 } });
    // The built worker serves its own health and metrics.
    const health = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/generation_runs_total\{[^}]*outcome="done"[^}]*\} 1/);
    expect(metrics).toMatch(/identity_score_bucket\{/);
    expect(metrics).toMatch(/bullmq_job_count\{[^}]*queue="generation"/);
    second.child.kill('SIGTERM');
    await second.exited;

    const media = await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', runId).execute();
    expect(media).toHaveLength(1);
    const debits = await ctx.infra.db.selectFrom('credit_ledger').select(['delta', 'reason']).where('run_id', '=', runId).execute();
    expect(debits).toEqual([{ delta: -2, reason: 'generation' }]);
    const polled = await request(ctx.app).get('/api/getMediaByRunId').query({ runId }).set(bearer(session));
    expect(polled.body.success).toBe(true);
  });

  it('resumes the request at the provider instead of submitting it again (fal.ai fake)', async () => {
    const fal = await startFalFake();
    try {
      // Long enough at the provider for the worker to die while it waits there.
      fal.pace(1, 30);
      const session = await createAccount(ctx.infra, `crash-fal-${randomBytes(4).toString('hex')}@example.com`);
      const runId = await submitRunOfPhoto(ctx.app, session, 'grace_hopper.jpg', { mode: 'custom', prompt: NEON_PORTRAIT });

      const env = { GENERATION_PROVIDER: 'fal', ...fal.env, LOCAL_PROVIDER_DELAY_MS: '0' };
      const first = startWorker(env);
      const stored = () => ctx.infra.db.selectFrom('provider_requests').selectAll().where('run_id', '=', runId).execute();
      const [request1] = await until(stored, (rows) => rows.length === 1, 60_000, 'the request to be submitted to fal');
      first.child.kill('SIGKILL');
      await first.exited;
      expect(fal.calls.submit).toBe(1);

      const second = startWorker(env);
      const runRow = () => ctx.infra.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
      const done = await until(runRow, (r) => r.status !== 'processing', 120_000, 'the second worker to finish the run');
      second.child.kill('SIGTERM');
      await second.exited;

      expect(done).toMatchObject({ status: 'done', stage: 'succeeded', provider: 'fal' });
      // One request at the provider, paid once: the second worker followed the first one's.
      expect(fal.calls.submit).toBe(1);
      const media = await ctx.infra.db.selectFrom('media').select('metadata').where('run_id', '=', runId).execute();
      expect(media).toHaveLength(1);
      expect(media[0]!.metadata).toMatchObject({ provider: 'fal', providerRequestId: request1!.request_id });
      const debits = await ctx.infra.db.selectFrom('credit_ledger').select('delta').where('run_id', '=', runId).where('delta', '<', 0).execute();
      expect(debits).toHaveLength(1);
    } finally {
      await fal.close();
    }
  });
});
