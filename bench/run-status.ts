// npm run bench (part): GET getMediaByRunId on a run still processing (every open browser polls it
// every 5 s) beside GET /healthz of the same api process, in the same run. One connection at a time,
// so the difference of the medians is the server time the call adds (goal ≤ 1 ms); then 32
// connections for the throughput ratio. The note gives the plan of the run's look-up.
import { sql } from 'kysely';
import { processCpuMs } from '../scripts/load';
import { closedLoop, type LoadRequest, type LoadResult } from './load-client';
import { type ApiStack, startApiStack, submission } from './submit-path';
import { type BenchRow, isMain, printTable } from './table';

const ACCOUNTS = 20;
const SECONDS = 5;

/**
 * One run for each of the stack's accounts (in their order), left processing (no worker runs),
 * and the poll of them as open pages make it, run by run.
 */
export async function pollOfProcessingRuns(stack: ApiStack): Promise<{ runIds: string[]; poll: (i: number) => LoadRequest }> {
  const submit = submission(stack.accounts);
  const runs: Array<{ runId: string; authorization: string }> = [];
  for (const [i, account] of stack.accounts.entries()) {
    const request = submit(i);
    const res = await fetch(`${stack.apiUrl}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
    const answer = (await res.json()) as { runId?: string };
    if (res.status !== 202 || !answer.runId) throw new Error(`unified-generate answered ${res.status}: ${JSON.stringify(answer)}`);
    runs.push({ runId: answer.runId, authorization: account.authorization });
  }
  const poll = (i: number): LoadRequest => {
    const { runId, authorization } = runs[i % runs.length]!;
    return { method: 'GET', path: `/api/getMediaByRunId?runId=${runId}`, headers: { authorization } };
  };
  return { runIds: runs.map((r) => r.runId), poll };
}

export async function run(): Promise<BenchRow[]> {
  const stack = await startApiStack({ accounts: ACCOUNTS });
  try {
    const { runIds, poll } = await pollOfProcessingRuns(stack);
    const health = (): LoadRequest => ({ method: 'GET', path: '/healthz' });
    /** The closed loop, and the api process's CPU per answer over it (from /proc). */
    const measure = async (request: (i: number) => LoadRequest, expectStatus: number, connections: number): Promise<LoadResult & { cpuMs: number }> => {
      await closedLoop({ url: stack.apiUrl, seconds: 1, connections, request, expectStatus });
      const before = processCpuMs(stack.api.pid) ?? NaN;
      const result = await closedLoop({ url: stack.apiUrl, seconds: SECONDS, connections, request, expectStatus });
      return { ...result, cpuMs: ((processCpuMs(stack.api.pid) ?? NaN) - before) / result.requests };
    };
    // 404 PROCESSING is the answer while a run is processing (spec 1 §7).
    const single = { status: await measure(poll, 404, 1), health: await measure(health, 200, 1) };
    const many = { status: await measure(poll, 404, 32), health: await measure(health, 200, 32) };

    // The plan of GenerationRunsRepository.ofAccount: the account and its run, each by primary key.
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select users.id, users.banned, r.status from users
      left join generation_runs r on r.run_id = ${runIds[0]!} where users.id = ${stack.accounts[0]!.userId}`.execute(stack.db.db);
    const explain = plan.rows.map((r) => r['QUERY PLAN'].trim()).join('; ');
    const added = single.status.p50 - single.health.p50;
    return [
      {
        name: 'getMediaByRunId (processing) server time over /healthz',
        value: added,
        unit: 'ms',
        goal: '≤ 1 ms',
        met: added <= 1 && single.status.errors === 0,
        note:
          `1 connection: p50 ${single.status.p50.toFixed(2)} ms vs /healthz ${single.health.p50.toFixed(2)} ms; ` +
          `api CPU per answer ${single.status.cpuMs.toFixed(2)} vs ${single.health.cpuMs.toFixed(2)} ms; one query, the account and the run: ${explain}`,
      },
      {
        name: 'getMediaByRunId (processing) req/s',
        value: many.status.rate,
        unit: 'req/s',
        baseline: { name: '/healthz', value: many.health.rate },
        note: `32 connections, ${SECONDS} s; p99 ${many.status.p99.toFixed(1)} ms vs ${many.health.p99.toFixed(1)} ms; errors ${many.status.errors}`,
      },
    ];
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) printTable(await run());
