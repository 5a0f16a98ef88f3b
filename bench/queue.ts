// npm run bench (part): the queue end to end — one api and two workers from the build, instant
// provider — beside a BullMQ no-op worker on the same Redis in the same run (scripts/load.ts,
// at a smaller size than `npm run load`).
import { Cleanup, type LoadOptions, runLoad } from '../scripts/load';
import { databaseUrl, redisUrl } from './env';
import { type BenchRow, isMain, printTable } from './table';

const OPTIONS: LoadOptions = {
  runs: Number(process.env.BENCH_QUEUE_RUNS ?? 300),
  accounts: 50,
  rate: 150,
  burst: 0.2,
  concurrency: 2,
  databaseUrl,
  redisUrl,
  settleSeconds: 180,
  // The bench measures the queue's pace; the ETA is `npm run load`'s.
  etaRuns: 0,
  etaRate: 60,
};
const GOAL = 0.25;

export async function run(): Promise<BenchRow[]> {
  const cleanup = new Cleanup();
  try {
    const { code, summary, figures } = await runLoad(OPTIONS, cleanup);
    const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
    return [
      {
        name: `queue end to end (${OPTIONS.runs} runs, ${OPTIONS.accounts} accounts)`,
        value: figures.completedRate,
        unit: 'runs/s',
        baseline: { name: 'BullMQ no-op', value: figures.ceiling },
        ratio: figures.ratio,
        goal: `≥ ${GOAL}×`,
        met: figures.ratio >= GOAL,
        note: `accepted ${figures.acceptedRate.toFixed(1)}/s, submit p99 ${ms(figures.submitP99)}, submit→done p99 ${ms(figures.doneP99)}${code === 0 ? '' : `; CHECKS FAILED: ${summary}`}`,
      },
    ];
  } finally {
    await cleanup.run();
  }
}

if (isMain(import.meta.url)) printTable(await run());
