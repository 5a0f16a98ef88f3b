import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateToLatest } from '@app/migrations';
import type { Database, Db } from '@app/shared/server/db';
import { Kysely, PostgresDialect } from 'kysely';
import { CreditsRepository, UsersRepository } from '@app/shared/server/repositories';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { TokenService } from '../../api/src/services/tokens';
import { type RunningProcess, freePort, runEntry, waitForOk } from './process';
import { ORACLE_OF_SEOUL } from './runs';
import { fixture } from './uploads';
import { until } from './wait';

export { until };

/**
 * The product as separate built processes for fault tests: a database of its own on the
 * machine's Postgres, one api process, worker processes started and killed at will, all on a
 * queue prefix of their own. The test reads the database directly to check the books.
 */
export interface FaultStack {
  db: Db;
  queuePrefix: string;
  apiUrl: string;
  /** The Redis the processes use (where a stuck run's job is looked up). */
  redisUrl: string;
  /** The api process now serving (restartApi replaces it). */
  readonly api: RunningProcess;
  workers: RunningProcess[];
  /** Starts the api again on the same port and database, with `apiEnv` replaced by `extra`. */
  restartApi(extra?: Record<string, string>): Promise<RunningProcess>;
  startWorker(extra?: Record<string, string>): RunningProcess;
  /** A worker with a health port, once it answers there (its queues are being served). */
  startReadyWorker(extra?: Record<string, string>): Promise<RunningProcess>;
  /** The /metrics address of each worker started ready. */
  readonly workerMetrics: Map<RunningProcess, string>;
  /** Kills every process left, drops the database and the files. */
  close(): Promise<void>;
}

export interface FaultStackOptions {
  postgresUrl: string;
  /** The test's own reads of the queue (a stuck run's job); the processes' too unless `redisEnv` says otherwise. */
  redisUrl: string;
  /** How the processes reach Redis when not by REDIS_URL (REDIS_SENTINELS…, REDIS_CLUSTER_NODES…). */
  redisEnv?: Record<string, string>;
  /** Added to every process's environment (api and workers). */
  env?: Record<string, string>;
  /** Added to the first api process's environment only. */
  apiEnv?: Record<string, string>;
}

const JWT_SECRET = 'fault-tests-jwt-secret-0123456789abcdef';

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  ensureBuilt('api');
  ensureBuilt('worker');
  const database = `faults_${randomBytes(5).toString('hex')}`;
  const databaseUrl = options.postgresUrl.replace(/\/[^/?]*(\?|$)/, `/${database}$1`);
  const admin = new pg.Client({ connectionString: options.postgresUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  // A pool of our own that shrugs off a server going away (a fault test stops it on purpose).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-faults-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const common = {
    DATABASE_URL: databaseUrl,
    ...(options.redisEnv ?? { REDIS_URL: options.redisUrl }),
    QUEUE_PREFIX: `faults-${randomBytes(4).toString('hex')}`,
    DATA_DIR: dataDir,
    JWT_SECRET,
    PUBLIC_URL: apiUrl,
    GENERATION_PROVIDER: 'instant',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const startApi = async (extra: Record<string, string> = {}) => {
    const started = runEntry('api', { ...common, ...extra, PORT: String(port), HOST: '127.0.0.1' });
    await waitForOk(`${apiUrl}/healthz`, started);
    return started;
  };
  let api = await startApi(options.apiEnv);

  const workers: RunningProcess[] = [];
  const workerMetrics = new Map<RunningProcess, string>();
  const startWorker = (extra: Record<string, string> = {}) => {
    const w = runEntry('worker', { ...common, ...extra });
    workers.push(w);
    return w;
  };
  return {
    db,
    queuePrefix: common.QUEUE_PREFIX,
    apiUrl,
    redisUrl: options.redisUrl,
    get api() {
      return api;
    },
    workers,
    workerMetrics,
    restartApi: async (extra = {}) => {
      if (api.child.exitCode === null && api.child.signalCode === null) {
        api.child.kill('SIGKILL');
        await api.exited;
      }
      api = await startApi(extra);
      return api;
    },
    startWorker,
    startReadyWorker: async (extra = {}) => {
      const healthPort = await freePort();
      const w = startWorker({ ...extra, WORKER_METRICS_PORT: String(healthPort) });
      await waitForOk(`http://127.0.0.1:${healthPort}/healthz`, w);
      workerMetrics.set(w, `http://127.0.0.1:${healthPort}/metrics`);
      return w;
    },
    close: async () => {
      for (const p of [api, ...workers]) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all([api, ...workers].map((p) => p.exited));
      await db.destroy();
      const dropper = new pg.Client({ connectionString: options.postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadAccount {
  userId: string;
  token: string;
  credits: number;
  /** An upload of this person, the source of each of their runs. */
  source: string;
}

/** An account made directly in the database, a token the api accepts, and one uploaded photo. */
export async function createLoadAccount(stack: FaultStack, credits: number): Promise<LoadAccount> {
  const email = `faults-${randomBytes(5).toString('hex')}@example.com`;
  const user = await new UsersRepository(stack.db).create({ email, referral_code: randomBytes(6).toString('base64url') });
  await new CreditsRepository(stack.db).apply({ userId: user.id, delta: credits, reason: 'signup' });
  const token = await new TokenService(JWT_SECRET).signAccessToken(user.id, randomUUID());
  const auth = { Authorization: `Bearer ${token}` };

  const signed = await fetch(`${stack.apiUrl}/api/cloudinary-sign`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ folder: 'sources' }),
  });
  if (signed.status !== 200) throw new Error(`sign ${signed.status}: ${await signed.text()}`);
  const { timestamp, signature, apiKey, cloudName, folder } = (await signed.json()) as Record<string, string>;
  const form = new FormData();
  form.set('timestamp', String(timestamp));
  form.set('signature', String(signature));
  form.set('api_key', String(apiKey));
  form.set('folder', String(folder));
  form.set('file', new Blob([new Uint8Array(fixture('astronaut.png'))], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${stack.apiUrl}/v1_1/${cloudName}/auto/upload`, { method: 'POST', body: form });
  if (uploaded.status !== 200) throw new Error(`upload ${uploaded.status}: ${await uploaded.text()}`);
  const { secure_url: source } = (await uploaded.json()) as { secure_url: string };
  return { userId: user.id, token, credits, source };
}

export interface Submission {
  runId: string;
  account: LoadAccount;
  status: number;
  body: { error?: string; code?: string; message?: string } & Record<string, unknown>;
  /** When it was sent (ms since the epoch), and how long its answer took. */
  sentAt: number;
  ms: number;
}

/** One run submitted through the api (cost 2), with a client timeout well above any fail-fast answer. */
export async function submitRun(stack: FaultStack, account: LoadAccount): Promise<Submission> {
  const runId = `run_${randomBytes(8).toString('hex')}`;
  const started = Date.now();
  try {
    const res = await fetch(`${stack.apiUrl}/api/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ORACLE_OF_SEOUL, runId, sourceAssetId: account.source }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: Submission['body'] = {};
    try {
      body = JSON.parse(text) as Submission['body'];
    } catch {
      body = { raw: text };
    }
    return { runId, account, status: res.status, body, sentAt: started, ms: Date.now() - started };
  } catch (error) {
    // No answer at all (a timeout, a reset): recorded as status 0 for the test to judge.
    return { runId, account, status: 0, body: { error: String(error) }, sentAt: started, ms: Date.now() - started };
  }
}

/**
 * Submits `total` runs spread round-robin over the accounts, `perTick` at a time every
 * `everyMs`, so the load lasts while the test injects its faults.
 */
export async function driveLoad(stack: FaultStack, accounts: LoadAccount[], total: number, perTick: number, everyMs: number): Promise<Submission[]> {
  const pending: Promise<Submission>[] = [];
  for (let i = 0; i < total; i += 1) {
    pending.push(submitRun(stack, accounts[i % accounts.length]!));
    if ((i + 1) % perTick === 0) await sleep(everyMs);
  }
  return Promise.all(pending);
}


/** Runs still processing, each with its BullMQ job's state: what a test prints when a run is stuck. */
export async function describeStuckRuns(stack: FaultStack): Promise<string> {
  const stuck = await stack.db.selectFrom('generation_runs').select(['run_id', 'attempts', 'stage']).where('status', '=', 'processing').execute();
  const processes = [stack.api, ...stack.workers].map((p, i) => `${i === 0 ? 'api' : `worker ${i}`}: exit ${p.child.exitCode ?? p.child.signalCode ?? 'running'}`);
  if (stuck.length === 0) return `no run stuck; ${processes.join(', ')}`;
  const connection = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
  const queue = new Queue('generation', { connection, prefix: stack.queuePrefix });
  try {
    const lines: string[] = [];
    for (const run of stuck.slice(0, 10)) {
      const job = await queue.getJob(run.run_id);
      const state = job ? await job.getState() : 'no job';
      lines.push(`${run.run_id} attempts=${run.attempts} stage=${run.stage} job=${state} attemptsMade=${job?.attemptsMade} reason=${job?.failedReason}`);
    }
    const dead = [stack.api, ...stack.workers].filter((p) => p.child.exitCode !== null && p.child.signalCode !== 'SIGKILL');
    // The reconciler that should have found them runs on the maintenance queue's scheduler.
    const maintenance = new Queue('maintenance', { connection, prefix: stack.queuePrefix });
    const schedulers = await maintenance
      .getJobSchedulers()
      .then((list) => list.map((s) => `${s.key} next ${s.next ? new Date(s.next).toISOString() : '-'}`).join('; '))
      .catch((error: Error) => `schedulers unreadable: ${error.message}`)
      .finally(() => maintenance.close());
    const counts = await maintenance.getJobCounts().catch(() => ({}));
    return [
      processes.join(', '),
      ...lines,
      `maintenance: ${schedulers}; ${JSON.stringify(counts)}; now ${new Date().toISOString()}`,
      ...dead.map((p) => p.output().slice(-1_500)),
      ...stack.workers.map((w, i) => `worker ${i + 1} log tail:\n${w.output().slice(-2_000)}`),
    ].join('\n');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Runs of this stack still processing. */
export async function processingCount(db: Db): Promise<number> {
  const row = await db.selectFrom('generation_runs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'processing').executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Books {
  done: number;
  failed: number;
  attemptsOf: Map<string, number>;
}

/**
 * The invariants every fault must keep, read from the database: each accepted run finished
 * (done, or failed with a reason), one media row per done run and none for a failed one, one
 * debit per run, a full refund per failed run and none for a done one, and every balance equal
 * to its start minus the cost of its done runs. Runs answered otherwise than 202 left nothing
 * reserved: refunded in full, or never created.
 */
export async function checkBooks(db: Db, accounts: LoadAccount[], submissions: Submission[]): Promise<Books> {
  const problems: string[] = [];
  const runs = await db.selectFrom('generation_runs').selectAll().execute();
  const byId = new Map(runs.map((r) => [r.run_id, r]));
  const media = await db.selectFrom('media').select('run_id').execute();
  const mediaCount = new Map<string, number>();
  for (const m of media) if (m.run_id) mediaCount.set(m.run_id, (mediaCount.get(m.run_id) ?? 0) + 1);
  const ledger = await db.selectFrom('credit_ledger').select(['run_id', 'delta', 'reason', 'user_id']).execute();
  const ledgerOf = new Map<string, Array<{ delta: number; reason: string }>>();
  for (const l of ledger) if (l.run_id) ledgerOf.set(l.run_id, [...(ledgerOf.get(l.run_id) ?? []), { delta: l.delta, reason: l.reason }]);

  let done = 0;
  let failed = 0;
  const spent = new Map<string, number>();
  const attemptsOf = new Map<string, number>();
  for (const s of submissions) {
    const run = byId.get(s.runId);
    const entries = ledgerOf.get(s.runId) ?? [];
    const debits = entries.filter((e) => e.reason === 'generation');
    const refunds = entries.filter((e) => e.reason === 'refund');
    if (s.status !== 202) {
      // Refused (402/429/503…): nothing may stay reserved.
      const net = entries.reduce((sum, e) => sum + e.delta, 0);
      if (net !== 0) problems.push(`${s.runId} answered ${s.status} but holds ${net} credits`);
      if (run && run.status === 'processing') problems.push(`${s.runId} answered ${s.status} but its run is still processing`);
      if (run?.status === 'done') problems.push(`${s.runId} answered ${s.status} but its run is done`);
      continue;
    }
    if (!run) {
      problems.push(`${s.runId} was accepted (202) but has no run`);
      continue;
    }
    attemptsOf.set(s.runId, run.attempts);
    if (debits.length !== 1 || debits[0]!.delta !== -run.credits_reserved) problems.push(`${s.runId} debits ${JSON.stringify(debits)}`);
    const mediaRows = mediaCount.get(s.runId) ?? 0;
    if (run.status === 'done') {
      done += 1;
      spent.set(run.user_id, (spent.get(run.user_id) ?? 0) + run.credits_reserved);
      if (mediaRows !== 1) problems.push(`${s.runId} done with ${mediaRows} media rows`);
      if (refunds.length !== 0) problems.push(`${s.runId} done yet refunded ${JSON.stringify(refunds)}`);
    } else if (run.status === 'failed') {
      failed += 1;
      if (!run.error) problems.push(`${s.runId} failed without a reason`);
      if (mediaRows !== 0) problems.push(`${s.runId} failed with ${mediaRows} media rows`);
      if (refunds.length !== 1 || refunds[0]!.delta !== run.credits_reserved) problems.push(`${s.runId} failed, refunds ${JSON.stringify(refunds)}`);
    } else {
      problems.push(`${s.runId} still ${run.status} (attempts ${run.attempts})`);
    }
  }
  const users = await db.selectFrom('users').select(['id', 'credits']).execute();
  const balance = new Map(users.map((u) => [u.id, u.credits]));
  for (const a of accounts) {
    const expected = a.credits - (spent.get(a.userId) ?? 0);
    if (balance.get(a.userId) !== expected) problems.push(`account ${a.userId} holds ${balance.get(a.userId)} credits, expected ${expected}`);
  }
  if (problems.length > 0) throw new Error(`the books do not balance:\n${problems.slice(0, 30).join('\n')}`);
  return { done, failed, attemptsOf };
}

/**
 * Waits until no run of the stack is processing (naming the stuck ones, with their jobs, if some
 * stay past `timeoutMs`), then checks the books over every submission.
 */
export async function settleAndCheckBooks(stack: FaultStack, accounts: LoadAccount[], submissions: Submission[], timeoutMs: number): Promise<Books> {
  await until(() => processingCount(stack.db), (n) => n === 0, timeoutMs, 'every run to finish').catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await describeStuckRuns(stack)}`);
  });
  return checkBooks(stack.db, accounts, submissions);
}

/** How the answers split by status, e.g. { 202: 60, 429: 4 }. */
export function statusCounts(submissions: Submission[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of submissions) counts[s.status] = (counts[s.status] ?? 0) + 1;
  return counts;
}

/** How long the answers took, for a test's log line: "answer ms min 3, median 12, max 40". */
export function answerTimes(submissions: Submission[]): string {
  const ms = submissions.map((s) => s.ms).sort((a, b) => a - b);
  return `answer ms min ${ms[0]}, median ${ms[Math.floor(ms.length / 2)]}, max ${ms.at(-1)}`;
}

/** The messages of the api's failed requests so far (its "request failed" log lines): why a 500 was a 500. */
export function apiErrorMessages(stack: FaultStack): string[] {
  return stack.api
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request failed"'))
    .map((line) => /"message":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? line.slice(0, 300));
}
