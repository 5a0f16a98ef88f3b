/**
 * `npm run load`: the queue under load, end to end. Starts one api and two worker processes
 * from the built bundles (instant provider, a database, queue prefix and data dir of their own),
 * warms them up (100 runs at 25/s), runs the ETA phase (`--eta-runs` at `--eta-rate`, a steady
 * overload the queue grows under), then drives `--runs` generations from `--accounts` people through
 * POST /api/unified-generate at `--rate` per second and then a burst, waits for every accepted run, and checks from the
 * database and Redis that none was lost, stuck, charged twice or left unrefunded. Prints the
 * throughput beside a BullMQ no-op ceiling measured on the same Redis, and how far the queue's
 * ETAs were off: every account follows its runs' event stream (GET /api/run-events), each run's
 * first ETA is kept with the time it came, and the median of |ETA − actual| ÷ actual (actual: from
 * that event to the run's finished_at) over the runs with 10+ runs ahead then, for the ETA phase (the
 * goal) and the burst (for information). Cleans up after itself.
 * (One file: the scripts project type-checks only `scripts/*.ts`.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generationCost } from '@app/shared';
import { createDatabase, type Db } from '@app/shared/server/db';
import { DEFAULT_JOB_OPTIONS, JobQueues } from '@app/shared/server/queue';
import { parseConfig } from '@app/shared/server/config';
import { type RedisClient, type RedisEndpoint, createRedis, freePort, scanKeys, whenReady } from '@app/shared/server/redis';
import { CreditsRepository, UsersRepository } from '@app/shared/server/repositories';
import { Queue, Worker } from 'bullmq';
import pg from 'pg';
import { TokenService } from '../api/src/services/tokens';
import { ensureBuilt, root } from './ensure-built.mjs';
import { eventStreamData, ms, perSecond, percentile } from './load-stats';
import { parseRemoteOptions, runRemoteLoad } from './load-remote';

export interface LoadOptions {
  runs: number;
  accounts: number;
  /** Open-loop submissions per second before the burst. */
  rate: number;
  /** Share of the runs sent all at once at the end. */
  burst: number;
  /** Generation concurrency of each worker process (two of them). */
  concurrency: number;
  /** Admin connection used to create (and drop) the load test's own database. */
  databaseUrl: string;
  /** How the processes reach Redis: the product's own variables (REDIS_URL, or REDIS_SENTINELS…, or REDIS_CLUSTER_NODES…). */
  redisEnv: Record<string, string>;
  /** How long to wait for every accepted run to finish. */
  settleSeconds: number;
  /** Runs of the ETA phase: a steady overload the queue grows under, before the load itself (0: none). */
  etaRuns: number;
  /** Their pace per second: above what the workers finish, within what the api takes. */
  etaRate: number;
}

const HELP = `npm run load -- [--runs 1000] [--accounts 100] [--rate 150] [--burst 0.2] [--concurrency 2]
                 [--eta-runs 300] [--eta-rate 60]
                 [--database-url postgres://…] [--redis-url redis://…] [--settle-seconds 180]
Redis: --redis-url, else the product's own REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_NAME,
or REDIS_CLUSTER_NODES (with REDIS_PASSWORD / REDIS_TLS), as the api and workers take them.
Against a deployed instance instead: npm run load -- --target https://… --api-key mv_… (see load-remote.ts).`;

function positive(name: string, value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new Error(`--${name} must be a number above 0${max < 1e9 ? ` and at most ${max}` : ''}\n${HELP}`);
  return n;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      accounts: { type: 'string' },
      rate: { type: 'string' },
      burst: { type: 'string' },
      concurrency: { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'settle-seconds': { type: 'string' },
      'eta-runs': { type: 'string' },
      'eta-rate': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  return {
    runs: Math.round(positive('runs', values.runs, 1000)),
    accounts: Math.round(positive('accounts', values.accounts, 100)),
    rate: positive('rate', values.rate, 150),
    burst: values.burst === '0' ? 0 : positive('burst', values.burst, 0.2, 1),
    concurrency: Math.round(positive('concurrency', values.concurrency, 2)),
    databaseUrl: values['database-url'] ?? env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisEnv: values['redis-url'] ? { REDIS_URL: values['redis-url'] } : redisEnvOf(env),
    settleSeconds: positive('settle-seconds', values['settle-seconds'], 180),
    etaRuns: values['eta-runs'] === '0' ? 0 : Math.round(positive('eta-runs', values['eta-runs'], 300)),
    etaRate: positive('eta-rate', values['eta-rate'], 60),
  };
}

/** The p-th percentile (0–100) of some numbers, nearest rank; NaN when there are none. */

const OUTPUT_KEPT = 64 * 1024;

/** The first ETA a run's stream told, when, and with how many runs ahead. */
export interface FirstEta {
  /** Wall-clock time the event arrived (ms), comparable with the run's finished_at. */
  at: number;
  etaSeconds: number;
  position: number;
}

/** Runs with at least this many runs ahead when first estimated are the ones the ETA error is about. */
export const ETA_MIN_AHEAD = 10;
const ETA_ERROR_GOAL = 0.3;

/**
 * The ETA's median relative error over the runs first estimated with ETA_MIN_AHEAD+ runs ahead:
 * |ETA − actual| ÷ actual, actual being the seconds from that event to the run's finish.
 */
export function etaError(first: ReadonlyMap<string, FirstEta>, finishedAt: ReadonlyMap<string, number>): { median: number; count: number; ratios: number[] } {
  const errors: number[] = [];
  /** ETA ÷ actual of each run: below 1 the ETA was too short, above too long. */
  const ratios: number[] = [];
  for (const [runId, eta] of first) {
    const finished = finishedAt.get(runId);
    if (finished === undefined || eta.position < ETA_MIN_AHEAD) continue;
    const actual = (finished - eta.at) / 1000;
    if (actual <= 0) continue;
    errors.push(Math.abs(eta.etaSeconds - actual) / actual);
    ratios.push(eta.etaSeconds / actual);
  }
  return { median: percentile(errors, 50), count: errors.length, ratios };
}

/**
 * Follows each account's run events (the live stream a browser opens, authenticated by the
 * Authorization header) and keeps each run's first run.queued that carries an ETA.
 * Resolves once every stream is open.
 */
async function followEtas(
  apiUrl: string,
  accounts: LoadAccount[],
): Promise<{ first: Map<string, FirstEta>; every: Array<{ runId: string; at: number; position: number; etaSeconds: number | null }>; close(): void }> {
  const first = new Map<string, FirstEta>();
  /** Every run.queued, for the error of all estimates and LOAD_ETA_TRACE (a JSON file to study them). */
  const every: Array<{ runId: string; at: number; position: number; etaSeconds: number | null }> = [];
  const abort = new AbortController();
  const read = async (body: ReadableStream<Uint8Array>) => {
    for await (const data of eventStreamData(body)) {
      const event = data as { type: string; runId: string; position?: number; etaSeconds?: number | null };
      if (event.type === 'run.queued') every.push({ runId: event.runId, at: Date.now(), position: event.position ?? 0, etaSeconds: event.etaSeconds ?? null });
      if (event.type !== 'run.queued' || first.has(event.runId) || typeof event.etaSeconds !== 'number') continue;
      first.set(event.runId, { at: Date.now(), etaSeconds: event.etaSeconds, position: event.position ?? 0 });
    }
  };
  await Promise.all(
    accounts.map(async (account) => {
      const res = await fetch(`${apiUrl}/api/run-events`, { headers: { authorization: account.authorization, accept: 'text/event-stream' }, signal: abort.signal });
      if (!res.ok || !res.body) throw new Error(`run-events answered ${res.status}`);
      void read(res.body).catch(() => {}); // ends with the abort
    }),
  );
  return {
    first,
    every,
    close: () => {
      abort.abort();
      if (process.env.LOAD_ETA_TRACE) fs.writeFileSync(process.env.LOAD_ETA_TRACE, JSON.stringify(every));
    },
  };
}

/** One product process started the way production starts it (`node scripts/start.mjs <entry>`). */
class ProductProcess {
  private readonly child: ChildProcess;
  private output = '';
  private stopping = false;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    entry: 'api' | 'worker',
    env: Record<string, string>,
    nodeArgs: string[] = [],
  ) {
    this.child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs'), entry], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Gone without being asked to stop: a crash the load test must report. */
  get died(): boolean {
    return !this.stopping && !this.alive;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** How it ended ("exit code 1", "signal SIGKILL"), or "running". */
  exitDescription(): string {
    if (this.child.signalCode) return `signal ${this.child.signalCode}`;
    return this.child.exitCode === null ? 'running' : `exit code ${this.child.exitCode}`;
  }

  log(): string {
    return this.output;
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL if it is still there after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const gone = await Promise.race([this.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!gone) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** Polls a URL until it answers 200; fails early if the process exits. */
export async function waitForOk(url: string, proc: Pick<ProductProcess, 'name' | 'alive' | 'log'>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.alive) throw new Error(`${proc.name} exited while starting:\n${proc.log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name}: ${url} did not answer 200 within ${timeoutMs} ms:\n${proc.log()}`);
}

/** The product as production runs it: one api and two worker processes on a database, prefix and data dir of their own. */
interface Stack {
  apiUrl: string;
  /** A connection to the product's Redis, for reading its queues. */
  redis: RedisClient;
  databaseUrl: string;
  prefix: string;
  jwtSecret: string;
  processes: ProductProcess[];
  /** Each worker's /metrics. */
  workerMetrics: string[];
}

/** The same admin URL pointing at another database. */
const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** One statement on its own connection (create or drop a database). */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Everything the load test made, undone in reverse order, once. */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => Promise<void> }> = [];

  add(what: string, run: () => Promise<void>): void {
    this.steps.push({ what, run });
  }

  private running: Promise<void> | undefined;

  /** Every caller (the end of the run, a signal) waits for the one cleanup. */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.splice(0).reverse()) {
        await step.run().catch((error: unknown) => console.error(`cleanup (${step.what}) failed: ${(error as Error).message}`));
      }
    })();
    return this.running;
  }
}

/** Deletes every Redis key under a prefix (queues, heartbeats, rate limiters). */
async function deleteKeys(redis: RedisClient, prefix: string): Promise<void> {
  const keys = await scanKeys(redis, `${prefix}:*`);
  // In batches: one DEL of every key could pass Redis's argument limits on a big run.
  for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
}

/** The product's Redis variables, as `npm run load` found them in its environment. */
const REDIS_VARIABLES = ['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD', 'REDIS_CLUSTER_NODES', 'REDIS_PASSWORD', 'REDIS_TLS'] as const;

function redisEnvOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const chosen = Object.fromEntries(REDIS_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return chosen.REDIS_URL || chosen.REDIS_SENTINELS || chosen.REDIS_CLUSTER_NODES ? chosen : { ...chosen, REDIS_URL: 'redis://127.0.0.1:6379' };
}

/** Where those variables point, read (and refused when wrong) by the product's own settings. */
function redisEndpointOf(redisEnv: Record<string, string>): RedisEndpoint {
  const { redis } = parseConfig({ ...redisEnv, QUEUE_PREFIX: '{load}' });
  if (!('endpoint' in redis)) throw new Error('npm run load needs a Redis server (REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES)');
  return redis.endpoint;
}

async function startStack(options: LoadOptions, cleanup: Cleanup): Promise<Stack> {
  const id = randomBytes(4).toString('hex');
  const database = `load_${id}`;
  // Hash-tagged: on a Redis Cluster every key of the run shares a slot (plain Redis takes it as it is).
  const prefix = `{load-${id}}`;
  const jwtSecret = randomBytes(32).toString('base64url');

  // Registered first, so it runs last: no process is left to write under the prefix again.
  const redis = createRedis(redisEndpointOf(options.redisEnv), 'producer');
  await whenReady(redis);
  cleanup.add('delete the queue keys', async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  // Built once here, so the three processes start from fresh bundles instead of racing to build.
  ensureBuilt('api');
  ensureBuilt('worker');

  await admin(options.databaseUrl, `create database ${database}`);
  cleanup.add('drop the database', () => admin(options.databaseUrl, `drop database if exists ${database} with (force)`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-load-'));
  cleanup.add('remove the data dir', async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  const databaseUrl = withDatabase(options.databaseUrl, database);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    ...options.redisEnv,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    GENERATION_PROVIDER: 'instant',
    WORKER_GENERATION_CONCURRENCY: String(options.concurrency),
  };
  const processes: ProductProcess[] = [];
  cleanup.add('stop the processes', async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  // The api first: it migrates the empty database before the workers open it.
  const apiPort = await freePort();
  const api = new ProductProcess('api', 'api', { ...env, PORT: String(apiPort) });
  processes.push(api);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitForOk(`${apiUrl}/readyz`, api);

  const workers = await Promise.all(
    ['worker-1', 'worker-2'].map(async (name) => {
      const port = await freePort();
      // LOAD_WORKER_NODE_ARGS: e.g. --cpu-prof for bench/profile-worker.ts.
      const nodeArgs = process.env.LOAD_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      const worker = new ProductProcess(name, 'worker', { ...env, WORKER_METRICS_PORT: String(port) }, nodeArgs);
      processes.push(worker);
      return { worker, port };
    }),
  );
  await Promise.all(workers.map(({ worker, port }) => waitForOk(`http://127.0.0.1:${port}/healthz`, worker)));
  const workerMetrics = workers.map(({ port }) => `http://127.0.0.1:${port}/metrics`);
  return { apiUrl, redis, databaseUrl, prefix, jwtSecret, processes, workerMetrics };
}

/**
 * Each worker's event-loop delay over the whole run, from its own /metrics (prom-client's
 * monitorEventLoopDelay gauges, reset on each scrape: this is the first): p99 and the longest, in ms.
 */
async function eventLoopDelays(urls: string[]): Promise<Array<{ p99: number; max: number } | undefined>> {
  return Promise.all(
    urls.map(async (url) => {
      try {
        const text = await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).text();
        const gauge = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1]) * 1000;
        return { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') };
      } catch {
        return undefined;
      }
    }),
  );
}

/** A person of the load test: signed in, with one photo of their own to generate from. */
interface LoadAccount {
  userId: string;
  startCredits: number;
  authorization: string;
  sourceUrl: string;
}

const PHOTO = path.join(root, 'tests/fixtures/faces/grace_hopper.jpg');

/** Creates the account directly and signs its access token with the api's secret (as the tests do). */
async function createAccount(db: Db, tokens: TokenService, credits: number): Promise<Omit<LoadAccount, 'sourceUrl'>> {
  const email = `load-${randomBytes(6).toString('hex')}@example.com`;
  const user = await new UsersRepository(db).create({ email, referral_code: randomBytes(6).toString('base64url') });
  await new CreditsRepository(db).apply({ userId: user.id, delta: credits, reason: 'signup' });
  // A session id of its own: no logout can deny it.
  const token = await tokens.signAccessToken(user.id, randomUUID());
  return { userId: user.id, startCredits: credits, authorization: `Bearer ${token}` };
}

async function expectOk(res: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Uploads the photo through the real endpoints, as the browser does: sign, then the multipart upload. */
async function uploadPhoto(apiUrl: string, authorization: string, photo: Buffer): Promise<string> {
  const signRes = await fetch(`${apiUrl}/api/cloudinary-sign`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ folder: 'sources' }),
  });
  const signed = await expectOk(signRes, 'cloudinary-sign');
  const form = new FormData();
  // The fields come before the file: the api checks the signature before it reads the file.
  form.append('timestamp', String(signed.timestamp));
  form.append('signature', String(signed.signature));
  form.append('api_key', String(signed.apiKey));
  form.append('folder', String(signed.folder));
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const uploadRes = await fetch(`${apiUrl}/v1_1/${String(signed.cloudName)}/auto/upload`, { method: 'POST', body: form });
  const uploaded = await expectOk(uploadRes, 'upload');
  return String(uploaded.secure_url);
}

/** `count` accounts with `credits` each, `parallel` at a time. */
async function createAccounts(db: Db, apiUrl: string, jwtSecret: string, count: number, credits: number, parallel = 8): Promise<LoadAccount[]> {
  const tokens = new TokenService(jwtSecret);
  const photo = fs.readFileSync(PHOTO);
  const accounts: LoadAccount[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        next++;
        const account = await createAccount(db, tokens, credits);
        accounts.push({ ...account, sourceUrl: await uploadPhoto(apiUrl, account.authorization, photo) });
      }
    }),
  );
  return accounts;
}

/** One POST /api/unified-generate and what came back. */
interface Submission {
  runId: string;
  account: LoadAccount;
  /** Wall-clock send time (ms), comparable with the run's finished_at. */
  sentAt: number;
  latencyMs: number;
  /** The HTTP status, or 0 when no answer came (refused connection, timeout). */
  status: number;
  error?: string;
}

interface DrivePlan {
  runs: number;
  rate: number;
  /** Share of the runs sent all at once after the steady part. */
  burst: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

async function submit(apiUrl: string, account: LoadAccount, runId: string): Promise<Submission> {
  const sentAt = Date.now();
  const started = performance.now();
  try {
    const res = await fetch(`${apiUrl}/api/unified-generate`, {
      method: 'POST',
      headers: { authorization: account.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'custom', prompt: 'portrait in a neon-lit rainy street at night', runId, sourceAssetId: account.sourceUrl }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const latencyMs = performance.now() - started;
    return { runId, account, sentAt, latencyMs, status: res.status, ...(res.status === 202 ? {} : { error: text.slice(0, 300) }) };
  } catch (error) {
    return { runId, account, sentAt, latencyMs: performance.now() - started, status: 0, error: (error as Error).message };
  }
}

/**
 * Open loop: runs are sent on a clock whatever the answers (`rate` per second), then the last
 * `burst` share all at once; accounts take turns so each has as few runs in flight as possible.
 */
async function drive(apiUrl: string, accounts: LoadAccount[], plan: DrivePlan): Promise<Submission[]> {
  const steady = Math.round(plan.runs * (1 - plan.burst));
  const start = performance.now();
  const due = (i: number) => start + (Math.min(i, steady) * 1000) / plan.rate;
  const pending: Array<Promise<Submission>> = [];
  for (let i = 0; i < plan.runs; i++) {
    const wait = due(i) - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(submit(apiUrl, accounts[i % accounts.length]!, randomUUID()));
  }
  return Promise.all(pending);
}

/** What the database and Redis say about the runs once they have settled. */
interface Verdict {
  accepted: number;
  refused: number;
  /** Answers other than 202 and 429, or no answer at all. */
  errored: number;
  done: number;
  failed: number;
  /** A 202 without a run row. */
  lost: number;
  /** A 429 that left a run row all the same. */
  refusedButRecorded: number;
  stuck: number;
  failedWithoutReason: number;
  /** Done runs without exactly one media row, or any run with more than one. */
  mediaMismatches: number;
  /** Runs debited more than their cost (two debits, or a refund missing from a settled charge). */
  doubleCharged: number;
  /** Failed runs with nothing kept whose credits did not all come back. */
  missedRefunds: number;
  /** Accounts whose balance is not start − Σ(reserved − refunded), or whose ledger does not add up to it. */
  balanceMismatches: number;
  /** Jobs in BullMQ's failed set whose run is not failed with a reason. */
  unexplainedFailedJobs: number;
  /** Jobs still waiting, active or delayed after the runs settled. */
  jobsLeft: number;
  /** finished_at of every settled accepted run, by run id. */
  finishedAt: Map<string, number>;
  /** A few examples of each problem, for the report. */
  problems: string[];
}

const EXAMPLES_PER_PROBLEM = 3;

/** Polls until no run is processing (or the deadline); returns how many still are. */
async function waitForSettled(db: Db, deadlineMs: number, onProgress: (processing: number) => void): Promise<number> {
  let lastPrinted = 0;
  for (;;) {
    const { processing } = await db
      .selectFrom('generation_runs')
      .select((eb) => eb.fn.countAll<number>().as('processing'))
      .where('status', '=', 'processing')
      .executeTakeFirstOrThrow();
    if (Number(processing) === 0 || Date.now() > deadlineMs) return Number(processing);
    if (Date.now() - lastPrinted > 5_000) {
      onProgress(Number(processing));
      lastPrinted = Date.now();
    }
    await sleep(250);
  }
}

async function verify(db: Db, queue: Queue, submissions: Submission[], accounts: LoadAccount[]): Promise<Verdict> {
  const problems: string[] = [];
  const counts = new Map<string, number>();
  const problem = (kind: string, detail: string) => {
    const seen = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, seen);
    if (seen <= EXAMPLES_PER_PROBLEM) problems.push(`${kind}: ${detail}`);
  };
  /** How many problems of `kind` were found (the verdict's tallies). */
  const times = (kind: string) => counts.get(kind) ?? 0;

  const userIds = accounts.map((a) => a.userId);
  const runs = await db
    .selectFrom('generation_runs')
    .select(['run_id', 'user_id', 'status', 'error', 'credits_reserved', 'credits_refunded', 'finished_at'])
    .where('user_id', 'in', userIds)
    .execute();
  const mediaRows = await db.selectFrom('media').select(['run_id']).where('user_id', 'in', userIds).execute();
  const ledger = await db.selectFrom('credit_ledger').select(['user_id', 'run_id', 'delta', 'reason']).where('user_id', 'in', userIds).execute();
  const users = await db.selectFrom('users').select(['id', 'credits']).where('id', 'in', userIds).execute();

  const runById = new Map(runs.map((r) => [r.run_id, r]));
  const mediaPerRun = new Map<string, number>();
  for (const m of mediaRows) if (m.run_id) mediaPerRun.set(m.run_id, (mediaPerRun.get(m.run_id) ?? 0) + 1);

  const accepted = submissions.filter((s) => s.status === 202);
  const refused = submissions.filter((s) => s.status === 429);
  const errored = submissions.filter((s) => s.status !== 202 && s.status !== 429);
  for (const s of errored) problem('errored submission', `${s.status || 'no answer'} ${s.error ?? ''}`.trim());
  for (const s of accepted) if (!runById.has(s.runId)) problem('lost', `run ${s.runId} answered 202 but has no row`);
  const refusedButRecorded = refused.filter((s) => runById.has(s.runId));
  for (const s of refusedButRecorded) problem('refused but recorded', `run ${s.runId} answered 429 yet has a row`);

  let done = 0;
  let failed = 0;
  const finishedAt = new Map<string, number>();
  const ledgerByRun = new Map<string, Array<{ delta: number; reason: string }>>();
  for (const entry of ledger) {
    if (!entry.run_id) continue;
    const list = ledgerByRun.get(entry.run_id) ?? [];
    list.push(entry);
    ledgerByRun.set(entry.run_id, list);
  }

  for (const run of runs) {
    const media = mediaPerRun.get(run.run_id) ?? 0;
    if (run.finished_at) finishedAt.set(run.run_id, new Date(run.finished_at).getTime());
    if (run.status === 'processing') {
      problem('stuck', `run ${run.run_id} still processing`);
      continue;
    }
    if (run.status === 'done') done++;
    else failed++;
    if (run.status === 'failed' && !run.error) problem('failed without a reason', `run ${run.run_id}`);
    if ((run.status === 'done' && media !== 1) || media > 1) problem('media', `run ${run.run_id} (${run.status}) has ${media} media rows`);
    const entries = ledgerByRun.get(run.run_id) ?? [];
    const debits = entries.filter((e) => e.reason === 'generation').length;
    const charged = -entries.reduce((sum, e) => sum + e.delta, 0);
    const cost = run.credits_reserved - run.credits_refunded;
    if (debits > 1 || charged > cost) {
      problem('double charge', `run ${run.run_id}: ${debits} debits, ${charged} charged, cost ${cost}`);
    } else if (charged < cost) {
      problem('undercharged', `run ${run.run_id}: ${charged} charged, cost ${cost}`);
    }
    if (run.status === 'failed' && media === 0 && (run.credits_refunded !== run.credits_reserved || charged !== 0)) {
      problem('missed refund', `run ${run.run_id}: reserved ${run.credits_reserved}, refunded ${run.credits_refunded}, charged ${charged}`);
    }
  }

  const costByUser = new Map<string, number>();
  for (const run of runs) costByUser.set(run.user_id, (costByUser.get(run.user_id) ?? 0) + run.credits_reserved - run.credits_refunded);
  const ledgerByUser = new Map<string, number>();
  for (const entry of ledger) ledgerByUser.set(entry.user_id, (ledgerByUser.get(entry.user_id) ?? 0) + entry.delta);
  const balances = new Map(users.map((u) => [u.id, u.credits]));
  for (const account of accounts) {
    const balance = balances.get(account.userId);
    const expected = account.startCredits - (costByUser.get(account.userId) ?? 0);
    const ledgerSum = ledgerByUser.get(account.userId) ?? 0;
    if (balance !== expected || ledgerSum !== balance) {
      problem('balance', `account ${account.userId}: balance ${balance}, expected ${expected}, ledger adds up to ${ledgerSum}`);
    }
  }

  for (const job of await queue.getFailed(0, -1)) {
    const run = job.id ? runById.get(job.id) : undefined;
    if (!run || run.status !== 'failed' || !run.error) {
      problem('failed job', `job ${job.id} (${job.failedReason}) — run ${run ? run.status : 'missing'}`);
    }
  }
  const left = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  const jobsLeft = Object.values(left).reduce((sum, n) => sum + n, 0);
  if (jobsLeft > 0) problem('jobs left', JSON.stringify(left));

  for (const [kind, n] of counts) if (n > EXAMPLES_PER_PROBLEM) problems.push(`${kind}: … ${n - EXAMPLES_PER_PROBLEM} more`);
  return {
    accepted: accepted.length,
    refused: refused.length,
    errored: errored.length,
    done,
    failed,
    lost: times('lost'),
    refusedButRecorded: refusedButRecorded.length,
    stuck: times('stuck'),
    failedWithoutReason: times('failed without a reason'),
    mediaMismatches: times('media'),
    doubleCharged: times('double charge'),
    missedRefunds: times('missed refund'),
    balanceMismatches: times('balance'),
    unexplainedFailedJobs: times('failed job'),
    jobsLeft,
    finishedAt,
    problems,
  };
}

/**
 * The most BullMQ itself does on this Redis and machine: `jobs` plain `Queue.add`s (the
 * generation queue's options, sent as the api sends them, many at once) taken by an empty
 * worker with the product's total concurrency. Jobs per second from the first add to the last completion.
 */
async function measureCeiling(endpoint: RedisEndpoint, prefix: string, jobs: number, concurrency: number): Promise<number> {
  const producer = createRedis(endpoint, 'producer');
  const consumer = createRedis(endpoint, 'worker');
  await Promise.all([whenReady(producer), whenReady(consumer)]);
  const queue = new Queue('ceiling', { connection: producer, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS.generation });
  let completed = 0;
  let resolveAll: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (resolveAll = resolve));
  const worker = new Worker('ceiling', async () => undefined, { connection: consumer, prefix, concurrency });
  worker.on('completed', () => {
    if (++completed === jobs) resolveAll();
  });
  try {
    await worker.waitUntilReady();
    const started = performance.now();
    await Promise.all(Array.from({ length: jobs }, (_, i) => queue.add('noop', { i }, { jobId: `noop-${i}` })));
    await Promise.race([allDone, new Promise((_, reject) => setTimeout(() => reject(new Error('the no-op ceiling did not finish within 120 s')), 120_000).unref())]);
    return (jobs * 1000) / (performance.now() - started);
  } finally {
    await worker.close();
    await queue.close();
    await deleteKeys(producer, prefix);
    producer.disconnect();
    consumer.disconnect();
  }
}

const CEILING_GOAL = 0.25;
const WARM_UP_RUNS = 100;
const WARM_UP_RATE = 25;

const failing = (v: Verdict) =>
  v.lost + v.refusedButRecorded + v.stuck + v.doubleCharged + v.errored + v.failedWithoutReason + v.mediaMismatches + v.missedRefunds + v.balanceMismatches + v.unexplainedFailedJobs + v.jobsLeft > 0;

/** What one load test measured (`npm run bench` reads these). */
export interface LoadFigures {
  completedRate: number;
  acceptedRate: number;
  /** BullMQ no-op jobs/s on the same Redis, NaN when it could not be measured. */
  ceiling: number;
  ratio: number;
  submitP99: number;
  doneP99: number;
  /** The ETA's median relative error at 10+ runs ahead (NaN when no run was estimated there). */
  etaError: number;
  /** CPU milliseconds the worker processes (every thread) spent per run finished in the measured phases; NaN without /proc. */
  workerCpuMsPerRun: number;
}

/** CPU milliseconds a process has used so far, every thread (Linux /proc); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces), from the third: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ, which /proc/<pid>/stat counts in (100 on every mainstream build). */
const CLOCK_TICKS_PER_SECOND = 100;

function workersCpuMs(stack: { processes: ProductProcess[] }): number {
  return stack.processes.filter((p) => p.name.startsWith('worker')).reduce((sum, p) => sum + (processCpuMs(p.pid) ?? Number.NaN), 0);
}

/** Runs the load test; the exit code, the summary line (printed last, after the cleanup) and the figures. */
export async function runLoad(options: LoadOptions, cleanup: Cleanup): Promise<{ code: number; summary: string; figures: LoadFigures }> {
  const cores = os.availableParallelism();
  const burstRuns = Math.round(options.runs * options.burst);
  console.log(
    `load: ${options.runs} runs from ${options.accounts} accounts — ${options.runs - burstRuns} at ${options.rate}/s, then ${burstRuns} at once; ` +
      `1 api + 2 workers × concurrency ${options.concurrency}; ${cores} cores`,
  );
  const stack = await startStack(options, cleanup);
  const handle = await createDatabase({ url: stack.databaseUrl, poolSize: 4 });
  cleanup.add('close the database pool', () => handle.destroy());
  const queues = new JobQueues(stack.redis, stack.prefix);
  cleanup.add('close the queues', () => queues.close());

  // Enough credits for every run an account is sent, whatever is refused or refunded.
  const cost = generationCost({ serviceMode: 'custom-prompt' });
  const credits = Math.ceil((WARM_UP_RUNS + options.etaRuns + options.runs) / options.accounts) * cost + cost;
  const accounts = await createAccounts(handle.db, stack.apiUrl, stack.jwtSecret, options.accounts, credits);
  console.log(`${accounts.length} accounts with ${credits} credits and one uploaded photo each`);

  /** Runs sent at a steady `rate`, once every one of them has settled (the queue is empty again). */
  const steadyPhase = async (runs: number, rate: number) => {
    const sent = await drive(stack.apiUrl, accounts, { runs, rate, burst: 0 });
    await waitForSettled(handle.db, Date.now() + options.settleSeconds * 1000, () => {});
    return sent;
  };

  // Deployed processes are warm: the api and the workers first handle a few runs at an easy pace
  // (checked with the rest), so what is measured is not the processes' first seconds of JIT and pools.
  const warmUp = await steadyPhase(WARM_UP_RUNS, WARM_UP_RATE);
  console.log(`warmed up with ${WARM_UP_RUNS} runs at ${WARM_UP_RATE}/s`);
  const workerCpuBefore = workersCpuMs(stack);
  const etas = await followEtas(stack.apiUrl, accounts);
  cleanup.add('close the event streams', async () => etas.close());

  // The ETA phase: the queue grows under a steady overload, as at a busy hour, and every person
  // follows their runs' estimates. (The burst below is a stress test: on one machine its 150
  // submissions a second take the workers' CPU for two seconds and the pace doubles when they stop,
  // which no measured estimate can foresee; its ETA figures are printed for information.)
  const etaPhase = options.etaRuns > 0 ? await steadyPhase(options.etaRuns, options.etaRate) : [];
  if (options.etaRuns > 0) console.log(`ETA phase: ${options.etaRuns} runs at ${options.etaRate}/s`);
  const submissions = await drive(stack.apiUrl, accounts, options);
  const submitted = Date.now();
  const firstSent = Math.min(...submissions.map((s) => s.sentAt));
  const accepted = submissions.filter((s) => s.status === 202);
  console.log(`submitted in ${((submitted - firstSent) / 1000).toFixed(1)} s; waiting for the runs to finish…`);

  const processing = await waitForSettled(handle.db, submitted + options.settleSeconds * 1000, (n) => console.log(`  ${n} still processing`));
  const workerCpuMs = workersCpuMs(stack) - workerCpuBefore;
  const died = stack.processes.filter((p) => p.died);
  for (const p of died) console.error(`${p.name} died during the load (${p.exitDescription()}):\n${p.log().slice(-4000)}`);
  if (processing > 0) console.error(`${processing} runs still processing after ${options.settleSeconds} s`);
  etas.close();
  const loopDelays = await eventLoopDelays(stack.workerMetrics);
  // Stopped before the checks: a graceful shutdown must not change any settled run.
  await Promise.all(stack.processes.map((p) => p.stop()));

  const verdict = await verify(handle.db, queues.queue('generation'), [...warmUp, ...etaPhase, ...submissions], accounts);
  if (verdict.errored > 0) console.error(`the api's log (end):\n${stack.processes.find((p) => p.name === 'api')?.log().slice(-4000)}`);

  const answeredAt = Math.max(...accepted.map((s) => s.sentAt + s.latencyMs));
  const finished = accepted.flatMap((s) => {
    const at = verdict.finishedAt.get(s.runId);
    return at === undefined ? [] : [{ at, latency: at - s.sentAt }];
  });
  const lastFinished = Math.max(...finished.map((f) => f.at));
  const acceptedRate = perSecond(accepted.length, answeredAt - firstSent);
  const completedRate = perSecond(finished.length, lastFinished - firstSent);
  // After the last submission the workers have the machine to themselves.
  const drainRate = perSecond(finished.filter((f) => f.at > submitted).length, lastFinished - submitted);
  const submitLatencies = accepted.map((s) => s.latencyMs);
  const doneLatencies = finished.map((f) => f.latency);
  const measuredRuns = [...etaPhase, ...submissions].filter((s) => s.status === 202 && verdict.finishedAt.has(s.runId)).length;
  const workerCpuMsPerRun = workerCpuMs / measuredRuns;

  let ceiling = Number.NaN;
  try {
    ceiling = await measureCeiling(redisEndpointOf(options.redisEnv), `${stack.prefix}-ceiling`, options.runs, options.concurrency * 2);
  } catch (error) {
    console.error(`the no-op ceiling could not be measured: ${(error as Error).message}`);
  }
  const ratio = completedRate / ceiling;
  const etaOf = (phase: Submission[]) => {
    const ids = new Set(phase.map((s) => s.runId));
    const first = etaError(new Map([...etas.first].filter(([runId]) => ids.has(runId))), verdict.finishedAt);
    // Every estimate at 10+ ahead, not only each run's first (each counted as if it were a first).
    const every = etaError(
      new Map(etas.every.flatMap((e, i) => (e.etaSeconds === null || !ids.has(e.runId) ? [] : [[`${e.runId}#${i}`, { at: e.at, etaSeconds: e.etaSeconds, position: e.position }] as const]))),
      new Map(etas.every.flatMap((e, i) => { const at = verdict.finishedAt.get(e.runId); return at === undefined ? [] : [[`${e.runId}#${i}`, at] as const]; })),
    );
    return { first, every };
  };
  const eta = etaOf(etaPhase);
  const burstEta = etaOf(submissions);
  if (process.env.LOAD_ETA_TRACE) fs.writeFileSync(`${process.env.LOAD_ETA_TRACE}.finished`, JSON.stringify([...verdict.finishedAt]));

  console.log('');
  console.log(`cores                   ${cores}`);
  console.log(`submitted               ${submissions.length} (accepted ${verdict.accepted}, refused 429 ${verdict.refused}, errored ${verdict.errored})`);
  console.log(`accepted runs/s         ${acceptedRate.toFixed(1)}`);
  console.log(`completed runs/s        ${completedRate.toFixed(1)} (${drainRate.toFixed(1)} after the last submission)`);
  console.log(`submit latency          p50 ${ms(percentile(submitLatencies, 50))}   p99 ${ms(percentile(submitLatencies, 99))}`);
  console.log(`submit → done           p50 ${ms(percentile(doneLatencies, 50))}   p99 ${ms(percentile(doneLatencies, 99))}`);
  console.log(`BullMQ no-op ceiling    ${ceiling.toFixed(1)} jobs/s (${options.runs} jobs, concurrency ${options.concurrency * 2})`);
  console.log(`completed / ceiling     ${ratio.toFixed(2)}× (goal ≥ ${CEILING_GOAL}×)`);
  console.log(`worker CPU per run      ${workerCpuMsPerRun.toFixed(1)} ms (both workers, every thread, over the ${measuredRuns} runs after the warm-up)`);
  console.log(
    `worker event loop       ${loopDelays.map((d, i) => (d ? `worker-${i + 1} p99 ${d.p99.toFixed(0)} ms, longest ${d.max.toFixed(0)} ms` : `worker-${i + 1} not measured`)).join('; ')} (goal p99 < 50 ms)`,
  );
  const percent = (value: number) => (Number.isNaN(value) ? '–' : `${(value * 100).toFixed(0)} %`);
  const ratios = (r: number[]) => `ETA ÷ actual p10 ${percentile(r, 10).toFixed(2)}, p50 ${percentile(r, 50).toFixed(2)}, p90 ${percentile(r, 90).toFixed(2)}`;
  console.log(
    `ETA error (${ETA_MIN_AHEAD}+ ahead)   ${options.etaRate}/s phase: first estimate median ${percent(eta.first.median)} of the actual wait over ${eta.first.count} runs, ` +
      `every estimate ${percent(eta.every.median)} over ${eta.every.count} (goal ≤ ${ETA_ERROR_GOAL * 100} %); ${ratios(eta.first.ratios)}`,
  );
  console.log(
    `ETA in the burst        first estimate ${percent(burstEta.first.median)} over ${burstEta.first.count} runs, every estimate ${percent(burstEta.every.median)} over ${burstEta.every.count}; ` +
      `${ratios(burstEta.first.ratios)} (for information: see the ETA phase)`,
  );
  if (!(eta.first.median <= ETA_ERROR_GOAL && eta.every.median <= ETA_ERROR_GOAL)) console.warn(`warning: the ETA's median error is above ${ETA_ERROR_GOAL * 100} %`);
  if (!(ratio >= CEILING_GOAL)) console.warn(`warning: completed runs/s is below ${CEILING_GOAL}× the no-op ceiling`);
  console.log(
    `checks                  stuck ${verdict.stuck}, refused but recorded ${verdict.refusedButRecorded}, failed without reason ${verdict.failedWithoutReason}, media mismatches ${verdict.mediaMismatches}, ` +
      `missed refunds ${verdict.missedRefunds}, balance mismatches ${verdict.balanceMismatches}, unexplained failed jobs ${verdict.unexplainedFailedJobs}, jobs left ${verdict.jobsLeft}`,
  );
  for (const line of verdict.problems) console.error(`  ${line}`);
  return {
    code: died.length > 0 || failing(verdict) ? 1 : 0,
    summary: `runs ${warmUp.length + etaPhase.length + submissions.length} accepted ${verdict.accepted} done ${verdict.done} failed ${verdict.failed} lost ${verdict.lost} double-charged ${verdict.doubleCharged}`,
    figures: { completedRate, acceptedRate, ceiling, ratio, submitP99: percentile(submitLatencies, 99), doneP99: percentile(doneLatencies, 99), etaError: Math.max(eta.first.median, eta.every.median), workerCpuMsPerRun },
  };
}

// The CLI (`npm run load`); importing the module (`npm run bench`) runs nothing.
if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url && process.argv.includes('--target')) {
  // Against a deployed instance, through its public API only (load-remote.ts).
  let code = 1;
  try {
    const { code: outcome, report } = await runRemoteLoad(parseRemoteOptions(process.argv.slice(2), process.env));
    console.log(`runs ${report.sent} accepted ${report.accepted} done ${report.done} failed ${report.failed} lost ${report.lost} double-charged ${report.chargedTwice}`);
    code = outcome;
  } catch (error) {
    console.error(`load test failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(code);
} else if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const options = parseOptions(process.argv.slice(2), process.env);
  const cleanup = new Cleanup();

  // `on`, not `once`: tsx relays the same signal again when it is slow to see ours handled, and a
  // second one with no listener would end the process before the cleanup is done.
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping the processes and cleaning up…`);
      void cleanup.run().finally(() => process.exit(130));
    });
  }

  let result = { code: 1, summary: '' };
  try {
    result = await runLoad(options, cleanup);
  } catch (error) {
    // After a Ctrl-C the cleanup pulls the database from under the run: that error says nothing.
    if (!interrupted) console.error(`load test failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await cleanup.run();
  }
  if (interrupted) process.exit(130);
  if (result.summary) console.log(result.summary);
  process.exit(result.code);
}
