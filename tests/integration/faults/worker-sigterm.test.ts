import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { driveLoad, settleAndCheckBooks, statusCounts, until } from '../../support/fault-stack';
import { useFaultStack } from '../../support/fault-suite';

const postgresUrl = inject('postgresUrl') ?? '';

// The local engine with a fixed delay, so each worker surely holds jobs when the signal comes
// (the instant engine finishes a job before a signal could find it in flight).
const WORKER_ENV = { GENERATION_PROVIDER: 'local', LOCAL_PROVIDER_DELAY_MS: '2500', SHUTDOWN_TIMEOUT_MS: '20000', LOG_LEVEL: 'info' };

/** The pino lines a process printed, parsed. */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

describe.runIf(postgresUrl)('a worker process sent SIGTERM under load', () => {
  const suite = useFaultStack({ accounts: 8, credits: 20 });

  it('finishes the jobs it holds, takes no more, exits 0; the other worker does the rest, each run once', async () => {
    const { stack, accounts } = suite;
    const leaving = stack.startWorker(WORKER_ENV);
    const staying = stack.startWorker(WORKER_ENV);
    const load = driveLoad(stack, accounts, 24, 8, 500);

    // Wait until the leaving worker is inside a generation (its provider sleeping), then signal it.
    await until(
      async () => (await stack.db.selectFrom('generation_runs').select('run_id').where('attempts', '>=', 1).where('status', '=', 'processing').execute()).length,
      (n) => n >= 3,
      60_000,
      'both workers to hold jobs',
    );
    await sleep(500);
    const signalledAt = Date.now();
    leaving.child.kill('SIGTERM');
    const exit = await leaving.exited;
    const exitMs = Date.now() - signalledAt;

    const submissions = await load;
    const books = await settleAndCheckBooks(stack, accounts, submissions, 90_000);

    // What the leaving worker finished after the signal: the jobs it had in flight.
    const lines = logLines(leaving.output());
    const signalLine = lines.findIndex((l) => l.msg === 'shutting down');
    const finishedAfter = lines
      .slice(signalLine + 1)
      .filter((l) => l.msg === 'generation finished')
      .map((l) => String(l.runId));
    const finishedBefore = lines.slice(0, signalLine).filter((l) => l.msg === 'generation finished').length;
    const counts = statusCounts(submissions);
    console.log(
      `[worker-sigterm] answers ${JSON.stringify(counts)}; leaving worker: ${finishedBefore} runs before the signal, ` +
        `${finishedAfter.length} in flight finished after it, exit ${JSON.stringify(exit)} ${exitMs} ms after SIGTERM; ` +
        `done ${books.done}, failed ${books.failed}`,
    );

    expect(exit).toEqual({ code: 0, signal: null });
    expect(signalLine).toBeGreaterThanOrEqual(0);
    // It held jobs when signalled and finished them; it took none after (concurrency 2).
    expect(finishedAfter.length).toBeGreaterThanOrEqual(1);
    expect(finishedAfter.length).toBeLessThanOrEqual(2);
    for (const runId of finishedAfter) {
      const run = await stack.db.selectFrom('generation_runs').select(['status', 'attempts']).where('run_id', '=', runId).executeTakeFirstOrThrow();
      expect(run).toEqual({ status: 'done', attempts: 1 });
    }
    // Nothing was abandoned, so nothing ran twice; the staying worker finished the rest.
    expect(Object.keys(counts).filter((s) => s !== '202' && s !== '429')).toEqual([]);
    expect(books.failed).toBe(0);
    expect(books.done).toBe(counts[202]);
    expect([...books.attemptsOf.values()].every((a) => a === 1)).toBe(true);
    expect(logLines(staying.output()).filter((l) => l.msg === 'generation finished').length).toBeGreaterThan(0);
  }, 150_000);
});
