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
