// Where the api's time goes on unified-generate: the built api under the bench's closed loop with
// V8's CPU profiler on (`--cpu-prof`), then its samples summed by package (or our source area) and
// by function. Not part of `npm run bench`: run it alone, `npx tsx bench/profile-submit.ts`
// (`BENCH_API_ROOT=<dir>`: the api of another checkout already built there, as in submit-path.ts).
// It also counts the round trips of a submit: Postgres transactions of the bench's database (each
// autocommit statement is one) and Redis commands by name (the server's counters, which count the
// commands BullMQ's script runs inside Redis too; other work on the same Redis adds to them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '@app/shared/server/db';
import { closedLoop } from './load-client';
import { startApiStack, submission } from './submit-path';
import { isMain } from './table';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's owner: the npm package, our source area (api/src/…), node's internals, or V8's own work. */
function ownerOf(url: string): string {
  if (!url) return '(V8: gc, idle, program)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  const ours = /\/(api|shared|worker)\/src\/([^/]+)/.exec(url);
  return ours ? `${ours[1]}/src/${ours[2]}` : path.basename(url);
}

export function summarize(profile: CpuProfile, top = 25): string {
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
    total += ms;
    const owner = ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${owner}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  // Inclusive: a sample counts for every owner (and every named step) on its stack, once each.
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inclusiveOwner = new Map<string, number>();
  const inclusiveStep = new Map<string, number>();
  const socketWrites = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const leaf = byId.get(id);
    if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
    const owners = new Set<string>();
    const steps = new Set<string>();
    // The root's own frame ("(root)") is on every stack: left out.
    for (let node: ProfileNode | undefined = leaf; node && parent.has(node.id); node = parent.get(node.id)) {
      owners.add(ownerOf(node.callFrame.url));
      const step = STEPS[node.callFrame.functionName];
      if (step) steps.add(step);
    }
    for (const owner of owners) inclusiveOwner.set(owner, (inclusiveOwner.get(owner) ?? 0) + ms);
    for (const step of steps) inclusiveStep.set(step, (inclusiveStep.get(step) ?? 0) + ms);
    // A socket write's cost, by whose write it is: the nearest package (or our file) on its stack.
    if (SOCKET_WRITES.has(leaf.callFrame.functionName)) {
      let writer = 'node internals';
      for (let node = parent.get(leaf.id); node && writer === 'node internals'; node = parent.get(node.id)) {
        const owner = ownerOf(node.callFrame.url);
        if (owner !== 'node internals' && !owner.startsWith('(V8')) writer = owner;
      }
      socketWrites.set(writer, (socketWrites.get(writer) ?? 0) + ms);
    }
  }
  return [
    `busy ${total.toFixed(0)} ms of CPU`,
    `by owner (self time)\n${rows(byOwner)}`,
    `by function (self time)\n${rows(byFunction)}`,
    `by owner (inclusive: on the stack)\n${rows(inclusiveOwner)}`,
    `socket writes (writev, writeBuffer, writeUtf8String self time) by writer\n${rows(socketWrites)}`,
    `by step (inclusive, synchronous part only: what runs after an await is under the event that resumed it)\n${rows(inclusiveStep)}`,
  ].join('\n\n');
}

const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

/** Functions that name a step of a submit (as the bundle keeps their names), for the inclusive rows. */
const STEPS: Record<string, string> = {
  verifyAccessToken: 'auth: JWT verify (jose)',
  isDenied: 'auth: session denylist (Redis)',
  jsonParser: 'body: express.json',
  parseGenerationRequest: 'zod: the request',
  parse: 'zod/JSON parse (any)',
  submitContext: 'Postgres: submitContext (build + send)',
  submitStatement: 'Postgres: reserveRun (build + send)',
  enqueue: 'BullMQ: add (build + send)',
  securityHeaders: 'middleware: security headers',
  compression: 'middleware: compression',
  requestLogging: 'middleware: request log',
  logRequest: 'middleware: request log',
  handleDataRow: 'pg: rows read',
  parseRow: 'pg: rows read',
  onSocketData: 'http: request parse',
  parserOnHeadersComplete: 'http: request parse',
  json: 'http: res.json',
  stringify: 'JSON.stringify (any)',
  processTicksAndRejections: 'microtasks/ticks (any)',
  'garbage collector': 'GC',
  '(garbage collector)': 'GC',
};

if (isMain(import.meta.url)) await profileSubmit();

async function profileSubmit(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-profile-'));
  const stack = await startApiStack({ accounts: 200, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], apiRoot: process.env.BENCH_API_ROOT });
  let result;
  let roundTrips: string;
  try {
    const request = submission(stack.accounts);
    await closedLoop({ url: stack.apiUrl, seconds: 2, connections: 32, request, expectStatus: 202 });
    const before = { pg: await transactions(stack.db.db), redis: await redisCommands(stack.redis) };
    result = await closedLoop({ url: stack.apiUrl, seconds: SECONDS, connections: 32, request, expectStatus: 202 });
    // The statistics collector publishes a backend's counts when it goes idle (within a second).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const pg = (await transactions(stack.db.db)) - before.pg;
    const redis = [...(await redisCommands(stack.redis))].map(([name, calls]) => [name, calls - (before.redis.get(name) ?? 0)] as const).filter(([, n]) => n >= result!.requests / 100);
    const per = (n: number) => (n / result!.requests).toFixed(2);
    roundTrips = `per submit: Postgres transactions ${per(pg)}; Redis commands ${redis.map(([name, n]) => `${name} ${per(n)}`).join(', ')}\n`;
  } finally {
    // The profile is written when the api exits.
    await stack.close();
  }
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  console.log(`unified-generate: ${result.rate.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (32 connections, ${SECONDS} s)\n`);
  console.log(roundTrips);
  console.log(summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile));
  // PROFILE_KEEP=<file>: the profile kept there (for Chrome DevTools or another summary).
  if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_KEEP);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Transactions committed in the bench's database so far. */
async function transactions(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`select xact_commit as n from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Calls of each Redis command since the server started (`INFO commandstats`). */
async function redisCommands(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  return new Map([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
}
