import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useFaultStack } from '../support/fault-suite';
import { repoRoot } from '../support/process';

const postgresUrl = inject('postgresUrl') ?? '';

/** `npm run load -- --target …` as a CI job runs it: its output and exit code. */
function loadAgainst(target: string, apiKey: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/load.ts', '--target', target, ...args], {
      cwd: repoRoot,
      // The key from the environment, as docs/operations.md's CI job passes it (out of the logged command line).
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOAD_API_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function createKey(apiUrl: string, token: string, scopes: string[]): Promise<string> {
  const res = await fetch(`${apiUrl}/api/create-api-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `load ${scopes.join('+')}`, scopes }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

/**
 * The load test against a deployed instance (issue 45 §4): the built api and a worker (instant
 * engine) on Postgres and Redis, driven only through the public API with an API key — the script
 * is given no database or Redis address. Its figures are checked against the database.
 */
describe.runIf(postgresUrl)('npm run load -- --target (an instance, through its public API)', () => {
  // One account's 40 runs at 10/s: more in flight at once than a person may have by default.
  const suite = useFaultStack({ accounts: 1, credits: 400, env: { MAX_RUNS_IN_FLIGHT: '100' } });

  it('drives 40 runs with a key, follows them on the event stream, and reports 0 lost and 0 charged twice, as the database says', async () => {
    const { stack, accounts } = suite;
    await stack.startReadyWorker();
    const key = await createKey(stack.apiUrl, accounts[0]!.token, ['generate', 'read']);

    const { code, output } = await loadAgainst(stack.apiUrl, key, ['--runs', '40', '--rate', '10', '--settle-seconds', '120']);
    console.log(`[load --target]\n${output}`);
    expect(code, output).toBe(0);
    expect(output).toMatch(/accepted\/s\s+\d/);
    expect(output).toMatch(/submit\s+p50 \d+ ms, p99 \d+ ms/);
    expect(output).toMatch(/time to done\s+p50 \d+ ms, p99 \d+ ms/);
    expect(output).toMatch(/followed\s+\d+ ended on the event stream, \d+ by a poll; events read \d+\n/);
    expect(output).toContain('runs 40 accepted 40 done 40 failed 0 lost 0 double-charged 0');

    // What it reported is what happened: 40 runs of the key's owner, each done and debited once.
    const runs = await stack.db.selectFrom('generation_runs').select(['run_id', 'status']).where('user_id', '=', accounts[0]!.userId).where('run_id', 'like', 'load-%').execute();
    expect(runs).toHaveLength(40);
    expect(runs.every((run) => run.status === 'done')).toBe(true);
    const debits = await stack.db
      .selectFrom('credit_ledger')
      .select((eb) => ['run_id', eb.fn.countAll<string>().as('count')])
      .where('user_id', '=', accounts[0]!.userId)
      .where('reason', '=', 'generation')
      .groupBy('run_id')
      .execute();
    expect(debits.filter((row) => row.run_id?.startsWith('load-'))).toHaveLength(40);
    expect(debits.every((row) => Number(row.count) === 1)).toBe(true);
  }, 200_000);

  it('stops at once, exit 1, with a read-only key: it says the key needs the generate scope, and submits nothing', async () => {
    const { stack, accounts } = suite;
    const key = await createKey(stack.apiUrl, accounts[0]!.token, ['read']);
    const before = await stack.db.selectFrom('generation_runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const { code, output } = await loadAgainst(stack.apiUrl, key, ['--runs', '5', '--rate', '5']);
    expect(code).toBe(1);
    expect(output).toMatch(/quote-generation answered 403: .*generate/);
    const after = await stack.db.selectFrom('generation_runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  }, 60_000);
});
