import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { driveLoad, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { useFaultStack } from '../../support/fault-suite';
import type { RunningProcess } from '../../support/process';

const postgresUrl = inject('postgresUrl') ?? '';

// Short locks so a killed worker's jobs are found stalled and taken over within seconds. A job
// killed twice is failed by BullMQ ("stalled more than allowable limit") without its handler
// running; the reconciler re-queues its run, here after 3 s rather than a minute.
const WORKER_ENV = { WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000', RECONCILE_GRACE_SECONDS: '3' };

describe.runIf(postgresUrl)('worker processes SIGKILLed again and again under load', () => {
  const suite = useFaultStack({ accounts: 10, credits: 40 });

  it('completes every accepted run exactly once, with the credits right', async () => {
    const { stack, accounts } = suite;
    const live: RunningProcess[] = [stack.startWorker(WORKER_ENV), stack.startWorker(WORKER_ENV)];
    const load = driveLoad(stack, accounts, 70, 5, 400);

    // ~9 kills, one every 2–3 s, each followed at once by a replacement.
    let kills = 0;
    const killing = (async () => {
      for (let i = 0; i < 9; i += 1) {
        await sleep(2_000 + (i % 2) * 1_000);
        const victim = live.shift()!;
        victim.child.kill('SIGKILL');
        await victim.exited;
        kills += 1;
        live.push(stack.startWorker(WORKER_ENV));
      }
    })();
    const [submissions] = await Promise.all([load, killing]);
    const started = Date.now();
    const books = await settleAndCheckBooks(stack, accounts, submissions, 75_000);

    const counts = statusCounts(submissions);
    const retried = [...books.attemptsOf.values()].filter((a) => a > 1).length;
    console.log(
      `[worker-sigkill] answers ${JSON.stringify(counts)}; ${kills} kills; done ${books.done}, failed ${books.failed}; ` +
        `${retried} runs taken over after a kill; drained ${Date.now() - started} ms after the load`,
    );
    expect(kills).toBe(9);
    // Refusals are the per-person limit (429) only; everything else was accepted.
    expect(Object.keys(counts).filter((s) => s !== '202' && s !== '429')).toEqual([]);
    expect(counts[202]).toBeGreaterThan(40);
    // Every accepted run finished (the books above: done once with one media row and one charge,
    // or failed with a reason and refunded). The instant engine itself never fails, so a failure
    // here can only be a run given up after kills; it must be rare.
    expect(books.done + books.failed).toBe(counts[202]);
    expect(books.failed).toBeLessThanOrEqual(3);
  }, 150_000);
});
