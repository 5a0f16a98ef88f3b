import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import { type FaultStack, type FaultStackOptions, type LoadAccount, type Submission, createLoadAccount, driveLoad, startFaultStack, submitRun, until } from './fault-stack';

/** What a fault test works on: its stack and the accounts that load it. Set once beforeAll has run. */
export interface FaultSuite {
  readonly stack: FaultStack;
  readonly accounts: LoadAccount[];
}

export interface FaultSuiteOptions extends Pick<FaultStackOptions, 'env' | 'apiEnv'> {
  /** How many load accounts to make, and the credits each starts with. */
  accounts: number;
  credits: number;
  /** Where the stack's Postgres and Redis are: the machine's by default; a test that stops one starts its own here. */
  servers?: () => Promise<Pick<FaultStackOptions, 'postgresUrl' | 'redisUrl' | 'redisEnv'>>;
  /** Before the stack closes (a server the test stopped must be back for the database to be dropped). */
  beforeClose?: () => void | Promise<void>;
  /** After the stack closed (the test's own servers go). */
  afterClose?: () => void | Promise<void>;
}

/**
 * Registers the hooks every fault test repeats: start the stack and its load accounts before the
 * tests (building the product first takes a while, hence the long timeout), close it after them.
 */
export function useFaultStack(options: FaultSuiteOptions): FaultSuite {
  let stack: FaultStack | undefined;
  const accounts: LoadAccount[] = [];
  beforeAll(async () => {
    const servers = options.servers ? await options.servers() : { postgresUrl: inject('postgresUrl') ?? '', redisUrl: inject('redisUrl') };
    stack = await startFaultStack({ ...servers, env: options.env, apiEnv: options.apiEnv });
    for (let i = 0; i < options.accounts; i += 1) accounts.push(await createLoadAccount(stack, options.credits));
  }, 180_000);
  afterAll(async () => {
    await options.beforeClose?.();
    await stack?.close();
    await options.afterClose?.();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the fault stack is not started (used outside a test?)');
      return stack;
    },
    accounts,
  };
}

/** Waves of one run per account, `pauseMs` after each: the load a test sends while a server it needs is down. */
export async function driveWaves(suite: FaultSuite, waves: number, pauseMs: number): Promise<Submission[]> {
  const submissions: Submission[] = [];
  for (let wave = 0; wave < waves; wave += 1) {
    submissions.push(...(await driveLoad(suite.stack, suite.accounts, suite.accounts.length, suite.accounts.length, 0)));
    await sleep(pauseMs);
  }
  return submissions;
}

/** Waits for the api to answer /readyz with 200 again (its output in the failure); returns how long that took. */
export async function untilApiReady(stack: FaultStack, timeoutMs = 30_000): Promise<number> {
  const from = Date.now();
  const readyz = () => fetch(`${stack.apiUrl}/readyz`).then((r) => r.status, () => 0);
  await until(readyz, (s) => s === 200, timeoutMs, 'the api to be ready again').catch((error: Error) => {
    throw new Error(`${error.message}; api exit ${stack.api.child.exitCode}:\n${stack.api.output().slice(-3_000)}`);
  });
  return Date.now() - from;
}

/**
 * Runs submitted at a steady rate (one every `everyMs`, round-robin over the accounts) until
 * stopped; each account stays under the product's per-person submit limit.
 */
export function steadyLoad(stack: FaultStack, accounts: LoadAccount[], everyMs: number) {
  const pending: Promise<Submission>[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      pending.push(submitRun(stack, accounts[i % accounts.length]!));
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Promise.all(pending);
    },
  };
}

/** Seconds from `from` until a run is accepted again (the probes join `into`, so the books cover them). */
export async function secondsToAccept(stack: FaultStack, account: LoadAccount, from: number, into: Submission[], timeoutMs = 90_000): Promise<number> {
  for (;;) {
    const probe = await submitRun(stack, account);
    into.push(probe);
    if (probe.status === 202) return (Date.now() - from) / 1000;
    if (Date.now() - from > timeoutMs) throw new Error(`no run accepted ${timeoutMs} ms after the fault; last ${probe.status} ${JSON.stringify(probe.body)}`);
    await sleep(200);
  }
}

/** The runs a worker has finished so far, from its own /metrics (generation_runs_total, every label). */
async function runsFinishedBy(metricsUrl: string): Promise<number> {
  const text = await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) }).then((r) => r.text(), () => '');
  let total = 0;
  for (const line of text.split('\n')) if (line.startsWith('generation_runs_total{')) total += Number(line.split(' ').at(-1));
  return total;
}

/**
 * Seconds from `since` (when Redis answered again) until every worker started ready had finished a
 * run again (the slowest of them), read from each worker's own /metrics every 200 ms.
 */
export async function secondsUntilEveryWorkerFinishesARun(stack: FaultStack, since: number, timeoutMs = 90_000): Promise<number> {
  const workers = [...stack.workerMetrics.values()];
  const before = await Promise.all(workers.map(runsFinishedBy));
  const again = new Map<number, number>();
  await until(
    async () => {
      const now = await Promise.all(workers.map(runsFinishedBy));
      now.forEach((count, i) => {
        if (count > before[i]! && !again.has(i)) again.set(i, Date.now());
      });
      return again.size;
    },
    (size) => size === workers.length,
    timeoutMs,
    'every worker to finish a run again',
    200,
  );
  return (Math.max(...again.values()) - since) / 1000;
}

/** The admin secret a fault stack is started with when a test reads the diagnosis. */
export const FAULT_ADMIN_SECRET = 'fault-tests-admin-secret-0123456789abcdef';

/**
 * The System Diagnosis's overall health, read every 500 ms while a fault runs: the states it
 * went through in order (`unanswered` when admin-config did not answer 200 within 10 s: a frozen
 * Redis costs its commands their 3 s timeout). `settled()` waits until it says healthy again and
 * answers the states seen. A measurement is reused for 3 s, so a shorter outage may not show.
 */
export function watchDiagnosis(stack: FaultStack) {
  const seen: string[] = [];
  const read = async () => {
    const answer = await fetch(`${stack.apiUrl}/.netlify/functions/admin-config`, { headers: { 'X-Admin-Secret': FAULT_ADMIN_SECRET }, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    const health = answer?.ok ? ((await answer.json()) as { systemConfig: { overall_health: string } }).systemConfig.overall_health : 'unanswered';
    if (seen.at(-1) !== health) seen.push(health);
    return health;
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      await read();
      await sleep(500);
    }
  })();
  return {
    settled: async (timeoutMs = 60_000): Promise<string[]> => {
      running = false;
      await loop;
      await until(read, (health) => health === 'healthy', timeoutMs, 'the diagnosis to say healthy again', 500);
      return seen;
    },
  };
}

/** One fault made under a steady load, as the Redis fault tests report it (issue 43). */
export interface FaultRow {
  fault: string;
  submitted: number;
  accepted: number;
  refused5xx: number;
  /** From the fault until the api accepted runs again: the first accepted one sent after the last refused (5xx or unanswered). */
  recoverySeconds: number;
  /** From Redis answering again until every worker had finished a run again. */
  jobsAgainSeconds: number;
  /** The longest the api took to answer a submit during the fault. */
  longestAnswerMs: number;
  /** The System Diagnosis's overall health through the fault, in order (needs FAULT_ADMIN_SECRET). */
  diagnosis: string[];
  /** When the refused submits were sent, in seconds from the fault. */
  refusedAt: number[];
}

/**
 * Makes a fault while runs are submitted at a steady rate (one every 250 ms over `load`), probes
 * with `probe` until a run is accepted again, and measures the row. `inject` makes the fault and
 * answers when it began and when Redis answered again (ms since the epoch). Every submission goes into `into`.
 */
export async function faultUnderLoad(
  stack: FaultStack,
  accounts: { load: LoadAccount[]; probe: LoadAccount },
  fault: string,
  inject: () => Promise<{ from: number; answering: number }>,
  into: Submission[],
): Promise<FaultRow> {
  const load = steadyLoad(stack, accounts.load, 250);
  await sleep(1_500);
  const diagnosis = watchDiagnosis(stack);
  const probes: Submission[] = [];
  const { from, answering } = await inject();
  await secondsToAccept(stack, accounts.probe, from, probes);
  const jobsAgainSeconds = await secondsUntilEveryWorkerFinishesARun(stack, answering);
  await sleep(1_500);
  const submitted = [...(await load.stop()), ...probes].sort((a, b) => a.sentAt - b.sentAt);
  into.push(...submitted);
  const refused = (s: Submission) => s.status >= 500 || s.status === 0;
  const lastRefused = submitted.findLast(refused);
  const backAt = lastRefused ? submitted.find((s) => s.sentAt > lastRefused.sentAt && s.status === 202)?.sentAt : from;
  const recoverySeconds = Math.max(0, ((backAt ?? Date.now()) - from) / 1000);
  return {
    fault,
    submitted: submitted.length,
    accepted: submitted.filter((s) => s.status === 202).length,
    refused5xx: submitted.filter(refused).length,
    recoverySeconds,
    jobsAgainSeconds,
    longestAnswerMs: Math.max(...submitted.map((s) => s.ms)),
    diagnosis: await diagnosis.settled(),
    refusedAt: submitted.filter(refused).map((s) => Math.round((s.sentAt - from) / 100) / 10),
  };
}

/** The table of faults a test prints (the books balanced, so lost and charged twice are 0 when it gets here). */
export function printFaultTable(tag: string, rows: FaultRow[]): void {
  console.log(`[${tag}] fault | submitted | accepted | refused 5xx | lost | charged twice | accepted again s | every worker done a run again s | longest answer ms | diagnosis | refused at`);
  for (const row of rows) {
    console.log(
      `[${tag}] ${row.fault} | ${row.submitted} | ${row.accepted} | ${row.refused5xx} | 0 | 0 | ${row.recoverySeconds.toFixed(1)} | ${row.jobsAgainSeconds.toFixed(1)} | ${row.longestAnswerMs} | ${row.diagnosis.join(' → ')} | refused at ${row.refusedAt.join(', ')} s`,
    );
  }
}
