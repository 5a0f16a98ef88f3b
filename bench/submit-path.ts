// npm run bench (part): POST /api/unified-generate of the real api (the built bundle, on Postgres
// and Redis of its own) beside the least a durable submit needs — Express + express.json() + one
// autocommit INSERT of a run row (its own transaction, one round trip; same Postgres, same pool size) + BullMQ
// queue.add(jobId) → 202 — both in child processes, driven by the same client in the same run:
// closed loop at 32 connections from 200 signed-in accounts, then the api alone open loop at half
// the closed loop's rate (latency below capacity) and at 1,000 req/s (beyond it). Between the closed
// loop and the open ones, the cost of tracing (issue 44): the same closed loop on a second api with
// every span sampled and exported over OTLP/HTTP to a sink of the bench's own, off and on in turn.
// No worker runs: the queued jobs are never processed, and every key and the database are removed
// after.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { newRunId } from '@app/shared';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '@app/shared/server/db';
import { createRedis, freePort, scanKeys, whenReady } from '@app/shared/server/redis';
import { CreditsRepository, UploadsRepository, UsersRepository } from '@app/shared/server/repositories';
import type { Redis } from 'ioredis';
import { TokenService } from '../api/src/services/tokens';
import { admin, processCpuMs, waitForOk } from '../scripts/load';
import { databaseUrl as adminUrl, redisUrl } from './env';
import { type LoadRequest, type LoadResult, closedLoop, openLoop } from './load-client';
import { type BenchRow, isMain, printTable } from './table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ACCOUNTS = 200;
const CONNECTIONS = 32;
const WARM_UP_SECONDS = 3;
const SECONDS = 10;
const OPEN_RATE = 1_000;

/** A child process whose output goes to a file (read back only when it fails). */
class Child {
  readonly exited: Promise<void>;
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    private readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(name: string, args: string[], env: Record<string, string>, logDir: string, cwd = root): Child {
    const logFile = path.join(logDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    return new Child(name, child, logFile);
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  log(): string {
    return fs.readFileSync(this.logFile, 'utf8').slice(-8_000);
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    if (await Promise.race([this.exited.then(() => true), sleep(10_000).then(() => false)])) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/**
 * The bare durable route: the least a queue-backed 202 that keeps its run needs, with nothing of
 * ours in it — the run's row committed by one autocommit INSERT (issue 47: not BEGIN/INSERT/COMMIT,
 * three round trips) before its job is added.
 */
const BARE_SERVER = `
import express from 'express';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue('generation', { connection, prefix: process.env.QUEUE_PREFIX });
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) });
await pool.query('create table if not exists bare_runs (run_id text primary key, request jsonb not null, created_at timestamptz not null default now())');
const app = express();
app.disable('x-powered-by');
app.get('/healthz', (_req, res) => res.json({ ok: true }));
app.post('/api/unified-generate', express.json(), async (req, res) => {
  const runId = req.body.runId;
  // One autocommit INSERT: a statement outside BEGIN is its own transaction, one round trip.
  await pool.query('insert into bare_runs (run_id, request) values ($1, $2)', [runId, req.body]);
  await queue.add('generate', { runId }, { jobId: runId });
  res.status(202).json({ success: true, jobId: runId, runId, status: 'processing' });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => { server.close(); server.closeAllConnections(); void connection.quit(); void pool.end(); });
`;
/** The api's pool size (DATABASE_POOL_SIZE's default), given to the bare route too. */
const POOL_SIZE = 10;

export interface BenchAccount {
  userId: string;
  authorization: string;
  sourceUrl: string;
}

/** The api from the build on a database and queue prefix of its own, with signed-in accounts. */
export interface ApiStack {
  apiUrl: string;
  db: DatabaseHandle;
  redis: Redis;
  prefix: string;
  accounts: BenchAccount[];
  api: Child;
  logDir: string;
  /** Also starts the bare route server on the same Redis, under a prefix of its own. */
  startBare(): Promise<{ url: string; child: Child }>;
  /**
   * Also starts another api from the same build on the same database, prefix and secret (so the
   * same accounts and uploads), on a port of its own, with `env` added (e.g. tracing on).
   */
  startApi(name: string, env: Record<string, string>): Promise<{ url: string; child: Child }>;
  close(): Promise<void>;
}

export async function startApiStack(options: {
  accounts: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Another checkout whose dist/ is already built (`npm run build:server` there), e.g. the last commit's. */
  apiRoot?: string;
}): Promise<ApiStack> {
  const id = randomBytes(4).toString('hex');
  const database = `bench_submit_${id}`;
  const prefix = `bench-submit-${id}`;
  const jwtSecret = randomBytes(32).toString('base64url');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-bench-'));
  const steps: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const step of steps.splice(0).reverse()) await step().catch((error: unknown) => console.error(`bench cleanup: ${(error as Error).message}`));
  };
  try {
    const redis = createRedis(redisUrl, 'producer');
    await whenReady(redis);
    steps.push(async () => {
      // Every queue key of both servers (a hash-tagged prefix included): their jobs are never run.
      const keys = await scanKeys(redis, `*${prefix}*`);
      // In slices: a run leaves hundreds of thousands of keys, too many arguments for one call.
      for (let i = 0; i < keys.length; i += 1_000) await redis.del(...keys.slice(i, i + 1_000));
      redis.disconnect();
    });
    if (!options.apiRoot) {
      const built = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
      if (built.status !== 0) throw new Error('npm run build:server failed');
    }

    await admin(adminUrl, `create database ${database}`);
    steps.push(() => admin(adminUrl, `drop database if exists ${database} with (force)`));
    steps.push(async () => fs.rmSync(logDir, { recursive: true, force: true }));
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const children: Child[] = [];
    steps.push(async () => {
      await Promise.all(children.map((c) => c.stop()));
    });

    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const startApi = async (name: string, env: Record<string, string>, port?: number) => {
      port ??= await freePort();
      const child = Child.start(
        name,
        [...(options.nodeArgs ?? []), '--enable-source-maps', 'dist/api.js'],
        {
          // As npm run load: the instant provider is refused in production (no worker runs here anyway).
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: url.toString(),
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          DATA_DIR: path.join(logDir, 'data'),
          JWT_SECRET: jwtSecret,
          PORT: String(port),
          // The first api's address for every api: the accounts' uploads are named by it (sourceUrl).
          PUBLIC_URL: apiUrl,
          GENERATION_PROVIDER: 'instant',
          // The benchmark's people have hundreds of runs queued: the per-person cap would refuse them.
          MAX_RUNS_IN_FLIGHT: '1000000',
          ...options.env,
          ...env,
        },
        logDir,
        options.apiRoot,
      );
      children.push(child);
      const childUrl = `http://127.0.0.1:${port}`;
      await waitForOk(`${childUrl}/readyz`, child, 60_000);
      return { url: childUrl, child };
    };
    const { child: api } = await startApi('api', {}, apiPort);

    const db = await createDatabase({ url: url.toString(), poolSize: 4 });
    steps.push(() => db.destroy());
    const accounts = await createAccounts(db, jwtSecret, apiUrl, options.accounts);

    const startBare = async () => {
      const port = await freePort();
      const child = Child.start(
        'bare',
        ['--input-type=module', '-e', BARE_SERVER],
        { NODE_ENV: 'test', REDIS_URL: redisUrl, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(POOL_SIZE), QUEUE_PREFIX: `${prefix}-bare`, PORT: String(port) },
        logDir,
      );
      children.push(child);
      const bareUrl = `http://127.0.0.1:${port}`;
      await waitForOk(`${bareUrl}/healthz`, child, 60_000);
      return { url: bareUrl, child };
    };
    return { apiUrl, db, redis, prefix, accounts, api, logDir, startBare, startApi: (name, env) => startApi(name, env), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Accounts made in the database (as the tests do), each with ample credits, a token and one photo. */
async function createAccounts(handle: DatabaseHandle, jwtSecret: string, apiUrl: string, count: number): Promise<BenchAccount[]> {
  const tokens = new TokenService(jwtSecret);
  const users = new UsersRepository(handle.db);
  const credits = new CreditsRepository(handle.db);
  const uploads = new UploadsRepository(handle.db);
  const accounts: BenchAccount[] = [];
  for (let i = 0; i < count; i++) {
    const user = await users.create({ email: `bench-${i}-${randomBytes(4).toString('hex')}@example.com`, referral_code: randomBytes(6).toString('base64url') });
    await credits.apply({ userId: user.id, delta: 1_000_000_000, reason: 'signup' });
    const publicId = `sources/bench-${randomUUID()}`;
    const upload = await uploads.insert({
      public_id: publicId,
      user_id: user.id,
      folder: 'sources',
      resource_type: 'image',
      format: 'jpg',
      content_type: 'image/jpeg',
      bytes: 100_000,
      width: 1024,
      height: 1024,
      duration_seconds: null,
      storage_key: `${publicId}.jpg`,
    });
    // The address local storage serves the upload at (PUBLIC_URL/media/<key>), as a client sends it.
    const sourceUrl = `${apiUrl}/media/${upload.storage_key}`;
    accounts.push({ userId: user.id, authorization: `Bearer ${await tokens.signAccessToken(user.id, randomUUID())}`, sourceUrl });
  }
  return accounts;
}

/** The i-th submission: accounts take turns, each with a fresh run id. */
export function submission(accounts: BenchAccount[]): (i: number) => LoadRequest {
  return (i) => {
    const account = accounts[i % accounts.length]!;
    return {
      method: 'POST',
      path: '/api/unified-generate',
      headers: { authorization: account.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'custom', prompt: 'portrait in a neon-lit rainy street at night', runId: newRunId(), sourceAssetId: account.sourceUrl }),
    };
  };
}

type Measured = LoadResult & { cpuMs: number; postgresCpuMs: number };

/**
 * CPU milliseconds used so far by each Postgres backend serving the bench's database (/proc: the
 * server runs on this machine in the bench's setups; an empty map otherwise). Only this database's:
 * other work on the same server is not counted.
 */
async function postgresBackendsCpuMs(db: DatabaseHandle | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!db) return cpu;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(db.db);
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) cpu.set(pid, ms);
  }
  return cpu;
}

/**
 * The closed loop after a warm-up; with the server's pid, also its CPU per answer (from /proc), NaN
 * without; with the database, the CPU its Postgres backends spent per answer (NaN when none was read).
 */
async function measure(url: string, request: (i: number) => LoadRequest, pid?: number, warmUpSeconds = WARM_UP_SECONDS, db?: DatabaseHandle): Promise<Measured> {
  if (warmUpSeconds > 0) await closedLoop({ url, seconds: warmUpSeconds, connections: CONNECTIONS, request, expectStatus: 202 });
  const before = processCpuMs(pid) ?? Number.NaN;
  const postgresBefore = await postgresBackendsCpuMs(db);
  const result = await closedLoop({ url, seconds: SECONDS, connections: CONNECTIONS, request, expectStatus: 202 });
  const cpuMs = ((processCpuMs(pid) ?? Number.NaN) - before) / result.requests;
  // Backends alive through the whole loop (a pool keeps its connections); one opened meanwhile counts from zero.
  const postgresAfter = await postgresBackendsCpuMs(db);
  const postgresMs = [...postgresAfter].reduce((sum, [backend, ms]) => sum + ms - (postgresBefore.get(backend) ?? 0), 0);
  return { ...result, cpuMs, postgresCpuMs: postgresAfter.size > 0 ? postgresMs / result.requests : Number.NaN };
}

function checked<T extends LoadResult>(what: string, result: T): T {
  if (result.errors > 0) console.warn(`${what}: ${result.errors} of ${result.requests} answers were not 202 (${JSON.stringify(result.statuses)}), e.g. ${result.sample}`);
  return result;
}

/**
 * The length-delimited values of one field of a protobuf message, the others skipped: enough to
 * walk an ExportTraceServiceRequest down to its spans' names without a protobuf library.
 */
function protobufField(bytes: Buffer, field: number): Buffer[] {
  const found: Buffer[] = [];
  let pos = 0;
  const varint = () => {
    // A number, not a bigint: only tags and lengths are read; a 64-bit value is skipped whatever its precision.
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = bytes[pos++];
      if (byte === undefined) throw new Error('protobuf: truncated varint');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
  };
  while (pos < bytes.length) {
    const tag = varint();
    const wireType = tag % 8;
    if (wireType === 0) varint();
    else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else if (wireType === 2) {
      const length = varint();
      if (Math.floor(tag / 8) === field) found.push(bytes.subarray(pos, pos + length));
      pos += length;
    } else throw new Error(`protobuf: unsupported wire type ${wireType}`);
  }
  return found;
}

/** What a sink received: export requests, their bytes, and the spans in them by name and by service. */
interface SinkCounts {
  requests: number;
  bytes: number;
  spans: number;
  byName: Map<string, number>;
  services: Set<string>;
}

interface OtlpSink {
  url: string;
  counts(): SinkCounts;
  close(): Promise<void>;
}

/**
 * A stand-in OTLP/HTTP collector on 127.0.0.1: answers every POST /v1/traces 200 (an empty
 * ExportTraceServiceResponse, full success) and keeps the bodies. They are decoded only when
 * counted, after the measurement: the sink shares the load client's event loop and must not slow it.
 */
async function startOtlpSink(): Promise<OtlpSink> {
  const bodies: Buffer[] = [];
  let bytes = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      bytes += body.length;
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    counts() {
      const byName = new Map<string, number>();
      const services = new Set<string>();
      let spans = 0;
      // Field numbers of opentelemetry/proto: ExportTraceServiceRequest.resource_spans 1,
      // ResourceSpans.resource 1 / scope_spans 2, Resource.attributes 1, KeyValue key 1 / value 2,
      // AnyValue.string_value 1, ScopeSpans.spans 2, Span.name 5.
      for (const body of bodies) {
        for (const resourceSpans of protobufField(body, 1)) {
          for (const resource of protobufField(resourceSpans, 1)) {
            for (const attribute of protobufField(resource, 1)) {
              if (protobufField(attribute, 1)[0]?.toString() !== 'service.name') continue;
              for (const value of protobufField(attribute, 2)) services.add(protobufField(value, 1)[0]?.toString() ?? '');
            }
          }
          for (const scopeSpans of protobufField(resourceSpans, 2)) {
            for (const span of protobufField(scopeSpans, 2)) {
              const name = protobufField(span, 5)[0]?.toString() ?? '';
              byName.set(name, (byName.get(name) ?? 0) + 1);
              spans++;
            }
          }
        }
      }
      return { requests: bodies.length, bytes, spans, byName, services };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The closed loop on the api with tracing on (`traced`: a second process of the same build on the
 * same database and prefix, every span sampled and exported over OTLP/HTTP protobuf, the default
 * protocol, to `sink`) against the api without it, in the order off, on, on, off. An api is still
 * warming up for 12–15 s from cold (its rate nearly doubles; a traced one a little slower), well past
 * the 3 s warm-up, so the first of each (off: `ours`, already measured) are both fresh processes
 * after that warm-up and the second of each follow without one, already warm: off, on, off would
 * set a fresh on against a mean with a warm off. The mean of each pair also cancels what drifts
 * through the bench (the runs piling up in the database); the note gives each pair's ratio too.
 */
async function tracingCost(stack: ApiStack, traced: { url: string; child: Child }, sink: OtlpSink, request: (i: number) => LoadRequest, off: Measured): Promise<BenchRow[]> {
  // Every submission sent to the traced api, warm-up included: each should come back as a unified-generate span.
  let sent = 0;
  const counted = (i: number) => {
    sent++;
    return request(i);
  };
  const on = checked('unified-generate, tracing on', await measure(traced.url, counted, traced.child.pid));
  const onAgain = checked('unified-generate, tracing on (warm)', await measure(traced.url, counted, traced.child.pid, 0));
  // SIGTERM: the api's shutdown flushes the spans still batched (tracing.shutdown()).
  await traced.child.stop();
  const offAgain = checked('unified-generate, tracing off (warm)', await measure(stack.apiUrl, request, stack.api.pid, 0));
  const counts = sink.counts();

  const offMean = (pick: (r: Measured) => number) => (pick(off) + pick(offAgain)) / 2;
  const onMean = (pick: (r: Measured) => number) => (pick(on) + pick(onAgain)) / 2;
  const ratio = onMean((r) => r.rate) / offMean((r) => r.rate);
  const both = (pick: (r: Measured) => number, digits: number) =>
    `on ${pick(on).toFixed(digits)} then ${pick(onAgain).toFixed(digits)}, off ${pick(off).toFixed(digits)} then ${pick(offAgain).toFixed(digits)}`;
  const submitSpans = counts.byName.get('unified-generate') ?? 0;
  const others = [...counts.byName].filter(([name]) => name !== 'unified-generate').map(([name, n]) => `${name} ${n}`);
  const order = `runs off, on, on, off (${SECONDS} s each; the first of each a fresh api after a ${WARM_UP_SECONDS} s warm-up, the second warm), mean of each pair`;
  return [
    {
      name: 'unified-generate req/s, tracing off',
      value: offMean((r) => r.rate),
      unit: 'req/s',
      note: `${order}; ${off.rate.toFixed(0)} then ${offAgain.rate.toFixed(0)} req/s; errors ${off.errors + offAgain.errors}`,
    },
    {
      name: 'unified-generate req/s, tracing on (every span sampled and exported)',
      value: onMean((r) => r.rate),
      unit: 'req/s',
      baseline: { name: 'tracing off', value: offMean((r) => r.rate) },
      ratio,
      goal: '≥ 0.9×',
      met: ratio >= 0.9,
      // Tracing's cost is work in the api process: its CPU per submit says how much, beside the rate.
      note: `OTEL_TRACES_SAMPLER=always_on, OTLP/HTTP protobuf to a 127.0.0.1 sink; fresh ${on.rate.toFixed(0)} vs ${off.rate.toFixed(0)} req/s (${(on.rate / off.rate).toFixed(2)}×), warm ${onAgain.rate.toFixed(0)} vs ${offAgain.rate.toFixed(0)} (${(onAgain.rate / offAgain.rate).toFixed(2)}×); api CPU per submit ${onMean((r) => r.cpuMs).toFixed(2)} ms vs ${offMean((r) => r.cpuMs).toFixed(2)} off; errors ${on.errors + onAgain.errors}`,
    },
    { name: 'unified-generate p50, tracing on (closed loop)', value: onMean((r) => r.p50), unit: 'ms', baseline: { name: 'tracing off', value: offMean((r) => r.p50) }, note: both((r) => r.p50, 1) },
    { name: 'unified-generate p99, tracing on (closed loop)', value: onMean((r) => r.p99), unit: 'ms', baseline: { name: 'tracing off', value: offMean((r) => r.p99) }, note: both((r) => r.p99, 1) },
    {
      name: 'spans the OTLP sink received (tracing on)',
      value: counts.spans,
      unit: 'spans',
      goal: 'a unified-generate span per submit',
      met: submitSpans === sent,
      note: `${counts.requests} export requests, ${(counts.bytes / 1e6).toFixed(1)} MB, service ${[...counts.services].join(', ') || '–'}; unified-generate ${submitSpans} for ${sent} submits (warm-up included)${others.length > 0 ? `, ${others.join(', ')}` : ''}`,
    },
  ];
}

/** unified-generate of the api built in BENCH_BASELINE_ROOT (say, the last commit), on a stack of its own. */
async function baselineBuild(): Promise<LoadResult | undefined> {
  const apiRoot = process.env.BENCH_BASELINE_ROOT;
  if (!apiRoot) return undefined;
  const stack = await startApiStack({ accounts: ACCOUNTS, apiRoot });
  try {
    return checked('unified-generate, baseline build', await measure(stack.apiUrl, submission(stack.accounts)));
  } finally {
    await stack.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  // First, on a quiet machine: after the open loop below the api still works off its backlog.
  const before = await baselineBuild();
  // BENCH_API_ROOT: the api of a checkout already built there (`npm run build:server`), not this one's dist/.
  const stack = await startApiStack({ accounts: ACCOUNTS, apiRoot: process.env.BENCH_API_ROOT });
  const sink = await startOtlpSink();
  try {
    // Started together (start-up is not measured); the traced api waits idle for its turn below.
    const [bare, traced] = await Promise.all([
      stack.startBare(),
      stack.startApi('api-traced', { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf', OTEL_TRACES_SAMPLER: 'always_on', OTEL_SERVICE_NAME: 'bench-api' }),
    ]);
    const request = submission(stack.accounts);
    const bareResult = checked('bare route', await measure(bare.url, request, bare.child.pid, WARM_UP_SECONDS, stack.db));
    await bare.child.stop();
    const ours = checked('unified-generate', await measure(stack.apiUrl, request, stack.api.pid, WARM_UP_SECONDS, stack.db));
    // Before the open loops, whose backlog the api is still working off after them.
    const tracing = await tracingCost(stack, traced, sink, request, ours);
    // Below capacity first: a backlog left by the overload would be in its way.
    const halfRate = Math.max(1, Math.round(ours.rate / 2));
    const half = checked('unified-generate open loop at half capacity', await openLoop({ url: stack.apiUrl, seconds: SECONDS, rate: halfRate, maxConnections: 256, request, expectStatus: 202 }));
    const open = checked('unified-generate open loop', await openLoop({ url: stack.apiUrl, seconds: SECONDS, rate: OPEN_RATE, maxConnections: 256, request, expectStatus: 202 }));
    const ratio = ours.rate / bareResult.rate;
    const loop = `${ACCOUNTS} accounts, ${CONNECTIONS} connections, ${SECONDS} s`;
    return [
      ...(before
        ? [
            {
              name: 'unified-generate req/s, baseline build',
              value: before.rate,
              unit: 'req/s',
              baseline: { name: 'bare durable', value: bareResult.rate },
              ratio: before.rate / bareResult.rate,
              note: `BENCH_BASELINE_ROOT; p50 ${before.p50.toFixed(1)} ms, p99 ${before.p99.toFixed(1)} ms, errors ${before.errors}`,
            },
          ]
        : []),
      {
        name: 'bare durable submit (express.json + one autocommit INSERT + queue.add) req/s',
        value: bareResult.rate,
        unit: 'req/s',
        note: `${loop}; pool ${POOL_SIZE}; p50 ${bareResult.p50.toFixed(1)} ms, p99 ${bareResult.p99.toFixed(1)} ms`,
      },
      { name: 'unified-generate req/s', value: ours.rate, unit: 'req/s', baseline: { name: 'bare durable', value: bareResult.rate }, ratio, goal: '≥ 0.8×', met: ratio >= 0.8, note: `${loop}; errors ${ours.errors}` },
      {
        // Where a submit's work is done, per answer (/proc): the server process and the Postgres backends of the bench's database.
        name: 'unified-generate CPU per submit (api process + its Postgres backends)',
        value: ours.cpuMs + ours.postgresCpuMs,
        unit: 'ms',
        baseline: { name: 'bare durable', value: bareResult.cpuMs + bareResult.postgresCpuMs },
        note: `api ${ours.cpuMs.toFixed(2)} + Postgres ${ours.postgresCpuMs.toFixed(2)} ms; bare route ${bareResult.cpuMs.toFixed(2)} + ${bareResult.postgresCpuMs.toFixed(2)} ms`,
      },
      { name: 'unified-generate p50 (closed loop)', value: ours.p50, unit: 'ms', baseline: { name: 'bare durable', value: bareResult.p50 } },
      { name: 'unified-generate p99 (closed loop)', value: ours.p99, unit: 'ms', baseline: { name: 'bare durable', value: bareResult.p99 } },
      {
        name: `unified-generate p99 open loop at half capacity (${halfRate}/s)`,
        value: half.p99,
        unit: 'ms',
        goal: '≤ 50 ms',
        met: half.p99 <= 50 && half.errors === 0,
        note: `${half.statuses['202'] ?? 0} of ${half.requests} answered 202, p50 ${half.p50.toFixed(1)} ms`,
      },
      {
        name: `unified-generate p99 open loop ${OPEN_RATE}/s`,
        value: open.p99,
        unit: 'ms',
        goal: '≤ 50 ms',
        met: open.p99 <= 50 && open.errors === 0,
        // Not open.rate: it counts the unanswered too, over the grace period (≈ 667/s whenever any time out).
        note: `${open.statuses['202'] ?? 0} of ${open.requests} answered 202 within 5 s of the last send, p50 ${open.p50.toFixed(1)} ms`,
      },
      ...tracing,
    ];
  } finally {
    await stack.close();
    await sink.close();
  }
}

if (isMain(import.meta.url)) printTable(await run());
