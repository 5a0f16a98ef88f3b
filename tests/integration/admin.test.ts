import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkerHeartbeats } from '@app/shared/server/queue';
import { ALL_QUEUES } from '@app/shared/server/queue';
import request from 'supertest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResponse } from '@app/shared/api/define-call';
import type { adminConfigCall } from '@app/shared/api/admin';
import { bearer, createAccount, signIn } from '../support/auth';
import { suiteDialect } from '../support/database';
import { type TestContext, useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { until } from '../support/wait';

const dialect = suiteDialect();
const SECRET = 'integration-admin-secret-0123456789';
const admin = { 'X-Admin-Secret': SECRET };
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/** Every admin call, with a valid body, so only the secret decides the answer. */
const CALLS = [
  { method: 'get', path: '/api/admin-config' },
  { method: 'get', path: '/api/admin-users' },
  { method: 'get', path: '/api/admin-media?limit=50&offset=0' },
  { method: 'delete', path: '/api/admin-media', body: { id: '00000000-0000-4000-8000-000000000000', type: 'image' } },
  { method: 'post', path: '/api/admin-adjust-credits', body: { userId: '00000000-0000-4000-8000-000000000000', adjustment: 10 } },
  { method: 'post', path: '/api/admin-ban-user', body: { userId: '00000000-0000-4000-8000-000000000000' } },
  { method: 'delete', path: '/api/admin-delete-user', body: { userId: '00000000-0000-4000-8000-000000000000' } },
  { method: 'get', path: '/api/admin-settings' },
  { method: 'post', path: '/api/admin-settings', body: {} },
  { method: 'get', path: '/api/admin-audit' },
  { method: 'get', path: '/api/admin-run-timeline?runId=run_0000000000000001' },
] as const;

function call(ctx: TestContext, c: (typeof CALLS)[number], headers: Record<string, string> = {}) {
  const req = request(ctx.app)[c.method](c.path).set(headers);
  return 'body' in c ? req.send(c.body) : req;
}

async function config(ctx: TestContext): Promise<CallResponse<typeof adminConfigCall>> {
  const res = await request(ctx.app).get('/api/admin-config').set(admin);
  expect(res.status).toBe(200);
  return res.body;
}

/** Polls the diagnosis until `predicate` holds, for at most `ms`. */
async function waitForHealth(ctx: TestContext, predicate: (body: CallResponse<typeof adminConfigCall>) => boolean, ms = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const body = await config(ctx);
    if (predicate(body)) return;
    if (Date.now() - started > ms) throw new Error(`health did not change within ${ms} ms: ${JSON.stringify(body.debugInfo.reasons)}`);
    await sleep(250);
  }
}

/**
 * The diagnosis's first measurement taken after `since` (it reuses one for a few seconds): what
 * an operator sees once the dashboard looks again, however long this machine took to get there.
 */
async function firstMeasurementAfter(ctx: TestContext, since: number): Promise<CallResponse<typeof adminConfigCall>> {
  for (;;) {
    const body = await config(ctx);
    if (Date.parse(body.debugInfo.checkedAt) > since) return body;
    if (Date.now() - since > 30_000) throw new Error(`no measurement after ${new Date(since).toISOString()}: last ${body.debugInfo.checkedAt}`);
    await sleep(250);
  }
}

/** The path and query of an address the api gave: an upload's or an admin row's is signed (issue 42). */
const pathOf = (address: string): string => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

describe(`the admin calls (${dialect})`, () => {
  // Wrong secrets here are checks of the answer, not guessing: their pacing is kept to 1 ms.
  const ctx = useTestApp(dialect, { ADMIN_SECRET: SECRET, SECRET_GUESS_DELAY_MS: '1' });

  it('verifies the secret the dashboard logs in with', async () => {
    expect((await request(ctx.app).post('/api/admin-verify').send({ adminSecret: 'nope' })).body).toMatchObject({ success: false, error: 'Invalid admin secret' });
    expect((await request(ctx.app).post('/api/admin-verify').send({ adminSecret: SECRET })).body).toEqual({ success: true });
  });

  it('adjusts credits through the ledger and never below zero', async () => {
    const person = await createAccount(ctx.infra, email('credits'), 10);
    const up = await request(ctx.app).post('/api/admin-adjust-credits').set(admin).send({ userId: person.user.id, adjustment: 10 });
    expect(up.body).toEqual({ success: true, userId: person.user.id, credits: 20 });
    for (const expected of [10, 0]) {
      const down = await request(ctx.app).post('/api/admin-adjust-credits').set(admin).send({ userId: person.user.id, adjustment: -10 });
      expect(down.body.credits).toBe(expected);
    }
    const below = await request(ctx.app).post('/api/admin-adjust-credits').set(admin).send({ userId: person.user.id, adjustment: -10 });
    expect(below.status).toBe(409);
    expect((await request(ctx.app).post('/api/admin-adjust-credits').set(admin).send({ userId: person.user.id, adjustment: 5 })).status).toBe(400);
    const ledger = await ctx.infra.db.selectFrom('credit_ledger').select(['delta', 'reason', 'balance_after']).where('user_id', '=', person.user.id).orderBy('id').execute();
    expect(ledger.filter((row) => row.reason === 'admin_adjustment').map((row) => [row.delta, row.balance_after])).toEqual([
      [10, 20],
      [-10, 10],
      [-10, 0],
    ]);
    const users = await request(ctx.app).get('/api/admin-users').query({ search: person.user.email }).set(admin);
    expect(users.body.users).toEqual([expect.objectContaining({ id: person.user.id, email: person.user.email, credits: 0, banned: false })]);
    expect(users.body.total).toBe(1);
  });

  it('lists a new person by the display name and username they got at sign-up, and finds them by either', async () => {
    const address = `mara.vale+${randomBytes(3).toString('hex')}@${randomBytes(3).toString('hex')}.example.com`;
    const person = await signIn(ctx.app, address);
    const username = person.user.username!;
    expect(username).toMatch(/^mara\.vale/);
    for (const search of [username.toUpperCase(), 'Mara Vale']) {
      const users = await request(ctx.app).get('/api/admin-users').query({ search }).set(admin);
      expect(users.body.users, search).toContainEqual(expect.objectContaining({ id: person.user.id, name: 'Mara Vale', username }));
    }
  });

  it('ends a banned person’s sessions at once, and lets them back after the ban is lifted', async () => {
    const person = await signIn(ctx.app, email('banned'));
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(person))).status).toBe(200);
    const ban = await request(ctx.app).post('/api/admin-ban-user').set(admin).send({ userId: person.user.id });
    expect(ban.body).toEqual({ success: true, userId: person.user.id, banned: true });
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(person))).status).toBe(401);
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: person.refreshToken })).status).toBe(401);

    const lift = await request(ctx.app).post('/api/admin-ban-user').set(admin).send({ userId: person.user.id, banned: false });
    expect(lift.body.banned).toBe(false);
    const again = await signIn(ctx.app, person.user.email);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(again))).status).toBe(200);
  });

  it('deletes a person with their files and rows', async () => {
    const person = await signIn(ctx.app, email('deleted'));
    const upload = await uploadFile(ctx.app, person, fixture('astronaut.png'), 'me.png');
    const file = await request(ctx.app).get(pathOf(upload.secure_url));
    expect(file.status).toBe(200);
    const res = await request(ctx.app).delete('/api/admin-delete-user').set(admin).send({ userId: person.user.id });
    expect(res.body).toEqual({ success: true });
    expect(await ctx.infra.db.selectFrom('users').select('id').where('id', '=', person.user.id).executeTakeFirst()).toBeUndefined();
    expect(await ctx.infra.db.selectFrom('uploads').select('id').where('user_id', '=', person.user.id).executeTakeFirst()).toBeUndefined();
    expect((await request(ctx.app).get(pathOf(upload.secure_url))).status).toBe(404);
    const audit = await request(ctx.app).get('/api/admin-audit').set(admin);
    expect(audit.body.entries[0]).toMatchObject({ action: 'delete-user', target: person.user.id });
  });

  it('lists media with every field, deletes an item with its file, and exposes the run in /metrics', async () => {
    const person = await signIn(ctx.app, email('media'));
    const upload = await uploadFile(ctx.app, person, fixture('astronaut.png'), 'me.png');
    const runId = `run_${randomBytes(8).toString('hex')}`;
    await request(ctx.app).post('/api/unified-generate').set(bearer(person)).send({ mode: 'custom', prompt: 'neon rain', runId, sourceAssetId: upload.secure_url });
    const deadline = Date.now() + 120_000;
    while ((await ctx.infra.db.selectFrom('generation_runs').select('status').where('run_id', '=', runId).executeTakeFirstOrThrow()).status === 'processing') {
      if (Date.now() > deadline) throw new Error('the run did not finish');
      await sleep(100);
    }
    const list = await request(ctx.app).get('/api/admin-media').query({ limit: 50, offset: 0 }).set(admin);
    const item = list.body.media.find((m: { user_id: string }) => m.user_id === person.user.id);
    expect(item).toMatchObject({ type: 'image', status: 'completed', prompt: expect.stringContaining('neon rain'), likes_count: 0 });
    expect(item.source_url).toBe(upload.secure_url);
    expect(item.run_id).toBe(runId);
    expect((await request(ctx.app).get(pathOf(item.finalUrl))).status).toBe(200);

    // The run's timeline (issue 44): where its time went, from what the run recorded, with tracing off.
    // The worker keeps its pass just after the run settles: read until it is there.
    const timeline = await until(
      async () => (await request(ctx.app).get('/api/admin-run-timeline').query({ runId }).set(admin)).body,
      (body: { lines: { label: string }[]; totalMs: number }) => body.lines.some((line) => line.label === 'On the worker'),
      10_000,
      'the run’s pass in its timeline',
    );
    expect(timeline).toMatchObject({ success: true, runId, mode: 'custom-prompt', provider: 'local', status: 'done', error: null, traceId: null, traceUrl: null });
    const lines = timeline.lines as { label: string; detail: string; atMs: number; ms: number | null; depth: number }[];
    expect(lines.map((line) => line.label)).toEqual([
      'Submitted',
      'Waiting for a worker',
      'On the worker',
      'Attempt 1',
      'Image from local',
      'Identity check',
      'Content screening',
      'Stored',
      'Settled',
      'Done',
    ]);
    expect(lines.find((line) => line.label === 'Identity check')!.detail).toMatch(/^(score \d\.\d\d against \d\.\d\d: (passed|below)|not applicable.*)$/);
    // In time order; the worker's steps inside its pass (timed by one clock); the end at the settlement.
    const pass = lines.find((line) => line.label === 'On the worker')!;
    for (const [index, line] of lines.entries()) {
      if (index > 0) expect(line.atMs, line.label).toBeGreaterThanOrEqual(lines[index - 1]!.atMs);
      if (line.depth > 0) expect(line.atMs + line.ms!, line.label).toBeLessThanOrEqual(pass.atMs + pass.ms! + 1);
    }
    expect(lines.at(-1)!.atMs).toBe(timeline.totalMs);
    expect((await request(ctx.app).get('/api/admin-run-timeline').query({ runId: 'run_0000000000000404' }).set(admin)).status).toBe(404);
    const bad = await request(ctx.app).get('/api/admin-run-timeline').query({ runId: '../etc' }).set(admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));

    const metrics = await request(ctx.app).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/generation_runs_total\{[^}]*mode="custom-prompt"[^}]*provider="local"[^}]*\} 1/);
    expect(metrics.text).toMatch(/generation_run_duration_seconds_bucket\{/);
    expect(metrics.text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/unified-generate"/);
    expect(metrics.text).toMatch(/bullmq_job_count\{[^}]*queue="generation"[^}]*state="completed"[^}]*\} 1/);

    expect((await request(ctx.app).delete('/api/admin-media').set(admin).send({ id: item.id, type: 'video' })).status).toBe(404);
    expect((await request(ctx.app).delete('/api/admin-media').set(admin).send({ id: item.id, type: 'image' })).body).toEqual({ success: true });
    expect((await request(ctx.app).get(pathOf(item.finalUrl))).status).toBe(404);
    const after = await request(ctx.app).get('/api/admin-media').set(admin);
    expect(after.body.media.map((m: { id: string }) => m.id)).not.toContain(item.id);
  });

  it('turns the launch switch and the beta cap without a restart', async () => {
    const closed = await request(ctx.app).post('/api/admin-settings').set(admin).send({ isLaunched: false, betaAccountCap: 0 });
    expect(closed.body.settings).toEqual({ isLaunched: false, betaAccountCap: 0 });
    expect((await request(ctx.app).get('/api/get-launch-status')).body).toMatchObject({ launch: { is_launched: false }, signUpOpen: false });
    expect((await request(ctx.app).post('/api/check-quota').send({ email: email('newcomer') })).body.canSignUp).toBe(false);
    const open = await request(ctx.app).post('/api/admin-settings').set(admin).send({ isLaunched: true, betaAccountCap: null });
    expect(open.body.settings).toEqual({ isLaunched: true, betaAccountCap: null });
    expect((await request(ctx.app).get('/api/get-launch-status')).body).toMatchObject({ launch: { is_launched: true }, signUpOpen: true });
    expect((await request(ctx.app).post('/api/check-quota').send({ email: email('newcomer') })).body.canSignUp).toBe(true);
    const audit = await request(ctx.app).get('/api/admin-audit').set(admin);
    expect(audit.body.entries.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['update-settings', 'update-settings']);
  });

  it('reports measured systems, the live worker and healthy queues', async () => {
    const body = await config(ctx);
    expect(body.stats.totalUsers).toBeGreaterThan(0);
    expect(body.systemConfig).toMatchObject({ database_enabled: true, cloudinary_enabled: true, email_enabled: true, fal_ai_enabled: false, overall_health: 'healthy' });
    expect(body.debugInfo.workers).toEqual(expect.arrayContaining([expect.objectContaining({ pid: process.pid, queues: expect.arrayContaining(['generation']) })]));
    const generation = body.debugInfo.queues.find((q) => q.name === 'generation');
    expect(generation).toMatchObject({ workers: 1, waiting: 0 });
    expect(generation?.lastHour).toHaveLength(12);
    expect(body.debugInfo.runs.lastHour.length).toBeGreaterThan(0);
  });

  it('serves the queue dashboard only after the admin secret opened a session', async () => {
    // The page lives at the slash (its relative asset addresses need it); the bare path sends there.
    const bare = await request(ctx.app).get('/admin/queues');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/admin/queues/');
    expect((await request(ctx.app).get('/admin/queues/')).status).toBe(401);
    expect((await request(ctx.app).post('/admin/queues/session')).status).toBe(401);
    const session = await request(ctx.app).post('/admin/queues/session').set(admin);
    const cookie = session.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).not.toContain(SECRET);
    const page = await request(ctx.app).get('/admin/queues/').set('Cookie', cookie.split(';')[0]!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const forged = await request(ctx.app).get('/admin/queues/').set('Cookie', `admin_queues=${Math.floor(Date.now() / 1000) + 60}.AAAA`);
    expect(forged.status).toBe(401);
  });
});

/** A stand-in for fal.ai's queue API: the status of an unknown request is a 404 for a good key, 401 otherwise. */
function fakeFal(): { start(port?: number): Promise<number>; stop(): Promise<void> } {
  let server: http.Server | undefined;
  return {
    start: (port = 0) =>
      new Promise((resolve) => {
        server = http.createServer((req, res) => {
          const ok = req.headers.authorization === 'Key fal-test-key';
          res.writeHead(ok ? 404 : 401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail: ok ? 'Request not found' : 'Unauthorized' }));
        });
        server.listen(port, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
      }),
    stop: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

describe(`the diagnosis and the admin gate (${dialect}, no workers of its own)`, () => {
  const fal = fakeFal();
  let falPort = 0;
  // fal.ai makes one mode's images, so its failure degrades the health.
  const env: Record<string, string> = { ADMIN_SECRET: SECRET, FAL_KEY: 'fal-test-key', GENERATION_PROVIDER_CYBER_SIREN: 'fal' };
  beforeAll(async () => {
    falPort = await fal.start();
    env.FAL_QUEUE_URL = `http://127.0.0.1:${falPort}`;
  });
  afterAll(() => fal.stop());
  const ctx = useTestApp(dialect, env, { workers: false });

  it('measures a configured provider, turns degraded within 10 s when it stops answering, and healthy when it is back', async () => {
    const stop = new WorkerHeartbeats(ctx.infra.redis, ctx.config.queuePrefix).start({ queues: [...ALL_QUEUES], concurrency: { generation: 1 }, version: 'test' }, 500);
    try {
      await waitForHealth(ctx, (b) => b.systemConfig.overall_health === 'healthy');
      const body = await config(ctx);
      expect(body.systemConfig.fal_ai_enabled).toBe(true);
      expect(body.debugInfo.systems.find((s) => s.name === 'fal')).toMatchObject({ state: 'ok', required: true, detail: expect.stringContaining('404') });
      expect(body.debugInfo.systems.find((s) => s.name === 'fal')?.detail).toContain('makes cyber-siren');
      expect(body.debugInfo.engines).toContainEqual({ mode: 'cyber-siren', provider: 'fal', label: 'fal.ai' });
      expect(body.debugInfo.engines).toContainEqual({ mode: 'ghibli-reaction', provider: 'local', label: 'Local preview' });

      await fal.stop();
      // The next measurement already says so (and one is at most 3 s old).
      const down = await firstMeasurementAfter(ctx, Date.now());
      expect(down.systemConfig.overall_health).toBe('degraded');
      expect(down.systemConfig.fal_ai_enabled).toBe(false);
      expect(down.debugInfo.reasons[0]).toMatch(/^fal\.ai is not answering/);

      await fal.start(falPort);
      await waitForHealth(ctx, (b) => b.systemConfig.overall_health === 'healthy' && b.systemConfig.fal_ai_enabled);
    } finally {
      await stop();
    }
  });

  it('turns degraded within 10 s when the only worker stops, and healthy again when one beats', async () => {
    const heartbeats = new WorkerHeartbeats(ctx.infra.redis, ctx.config.queuePrefix);
    const stop = heartbeats.start({ queues: [...ALL_QUEUES], concurrency: { generation: 1 }, version: 'test' }, 500);
    await waitForHealth(ctx, (b) => b.systemConfig.overall_health === 'healthy');
    await stop();
    const body = await firstMeasurementAfter(ctx, Date.now());
    expect(body.systemConfig.overall_health).toBe('degraded');
    expect(body.debugInfo.reasons).toContain('No live worker serves the generation queue');

    // A worker killed without stopping: its heartbeat expires on its own. It lives long enough for
    // a measurement to see it on a busy machine (one measurement is reused for 3 s).
    const killed = `${ctx.config.queuePrefix}:worker-heartbeat:killed`;
    await ctx.infra.redis.set(killed, JSON.stringify({ id: 'killed', hostname: 'gone', pid: 1, queues: [...ALL_QUEUES], concurrency: {}, version: 't', startedAt: '', lastHeartbeat: '' }), 'PX', 15_000);
    await waitForHealth(ctx, (b) => b.systemConfig.overall_health === 'healthy');
    await waitForHealth(ctx, (b) => b.systemConfig.overall_health === 'degraded' && b.debugInfo.workers.length === 0);
  });

  it('refuses every admin call without the secret or with a wrong one, and serves it with the right one', async () => {
    for (const c of CALLS) {
      const none = await call(ctx, c);
      expect(none.status, `${c.method} ${c.path} without a secret`).toBe(401);
      expect(none.body).toMatchObject({ success: false, error: 'Invalid admin secret' });
      const right = await call(ctx, c, admin);
      // With the secret the call is carried out; the unknown user or media of the bodies is a 404.
      expect([200, 404], `${c.method} ${c.path} with the secret`).toContain(right.status);
    }
    for (const c of CALLS) {
      const wrong = await call(ctx, c, { 'X-Admin-Secret': `${SECRET}x` });
      expect(wrong.status, `${c.method} ${c.path} with a wrong secret`).toBe(401);
    }
  });
});

describe(`guessing the admin secret (${dialect})`, () => {
  // Each test is its own client (X-Forwarded-For through the loopback "proxy"), so none depends on another's guesses.
  const ctx = useTestApp(dialect, { ADMIN_SECRET: SECRET, TRUST_PROXY: 'loopback', SECRET_GUESS_DELAY_MS: '1' }, { workers: false });
  const newClient = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]! + 1}`;

  it('never shuts the right secret out: after 15 wrong ones from the same address it still gets in, and each wrong one is in the audit log', async () => {
    const ip = newClient();
    for (let i = 0; i < 15; i++) {
      const wrong = await request(ctx.app).get('/api/admin-users').set({ 'X-Admin-Secret': `${SECRET}-${i}`, 'X-Forwarded-For': ip });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ success: false, error: 'Invalid admin secret' });
    }
    const right = await request(ctx.app).get('/api/admin-users').set({ ...admin, 'X-Forwarded-For': ip });
    expect(right.status).toBe(200);
    expect((await request(ctx.app).post('/api/admin-verify').set('X-Forwarded-For', ip).send({ adminSecret: SECRET })).body).toEqual({ success: true });

    const audit = await request(ctx.app).get('/api/admin-audit').query({ limit: 200 }).set(admin);
    const refused = (audit.body.entries as Array<{ action: string; ip: string | null; details: Record<string, unknown> }>).filter((e) => e.ip === ip && e.action === 'secret-refused');
    expect(refused).toHaveLength(15);
    expect(refused[0]!.details).toEqual({ kind: 'admin', call: 'GET /api/admin-users' });
  });

  it('answers admin-verify with a 400 and a message when the secret is not a string', async () => {
    for (const body of ['{"adminSecret":123}', '{"adminSecret":null}', '{}', '[]', '{"adminSecret":["x"]}', 'null']) {
      const res = await request(ctx.app).post('/api/admin-verify').set({ 'content-type': 'application/json', 'X-Forwarded-For': newClient() }).send(body);
      expect(res.status, body).toBe(400);
      expect(res.body.success, body).toBe(false);
      expect(res.body.error, body).toMatch(/\w/);
    }
    const wrong = await request(ctx.app).post('/api/admin-verify').send({ adminSecret: 'not-the-secret-at-all' });
    expect(wrong.status).toBe(401);
  });
});

describe(`admin without ADMIN_SECRET (${dialect})`, () => {
  const ctx = useTestApp(dialect, {}, { workers: false });

  it('is off: every admin call says so, whatever secret is sent', async () => {
    for (const c of CALLS) {
      const res = await call(ctx, c, { 'X-Admin-Secret': 'anything-at-all-long-enough' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'ADMIN_DISABLED' });
    }
    expect((await request(ctx.app).get('/admin/queues')).status).toBe(404);
  });
});
