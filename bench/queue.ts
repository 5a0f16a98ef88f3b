// npm run bench (part): the queue end to end — one api and two workers from the build, instant
// provider — beside a BullMQ no-op worker on the same Redis in the same run (scripts/load.ts,
// at a smaller size than `npm run load`); and the workers' CPU per run beside the least work a run's
// image needs (the source read from local storage, the instant engine's decode, crop and encode,
// the stored still's encodes and variants written to local storage), in this process, same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readObject } from '@app/shared/server/storage';
import { LocalStorage } from '@app/shared/server/storage/local-storage';
import { storeOutput } from '../worker/src/pipeline/output-storage';
import { InstantProvider } from '../worker/src/providers/instant-provider';
import { Cleanup, type LoadOptions, runLoad } from '../scripts/load';
import { databaseUrl, redisUrl } from './env';
import { type BenchRow, isMain, printTable } from './table';
import { storedRequest } from '../worker/testing/pipeline-fakes';

const OPTIONS: LoadOptions = {
  runs: Number(process.env.BENCH_QUEUE_RUNS ?? 300),
  accounts: 50,
  rate: 150,
  burst: 0.2,
  concurrency: 2,
  databaseUrl,
  redisEnv: { REDIS_URL: redisUrl },
  settleSeconds: 180,
  // The bench measures the queue's pace; the ETA is `npm run load`'s.
  etaRuns: 0,
  etaRate: 60,
};
/** Issue 30: what a worker spends on a run beyond the image codec (database, queue, events, settlement). */
const OVERHEAD_GOAL_MS = 10;
const CODEC_RUNS = 40;

/** The photo the load test's accounts upload, and the request its runs make (custom prompt, 4:5). */
const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../tests/fixtures/faces/grace_hopper.jpg'));
const REQUEST = storedRequest({ serviceMode: 'custom-prompt', presetType: 'custom_prompt', prompt: 'portrait in a neon-lit rainy street at night' });

/** CPU milliseconds (every thread of this process) per run of the image work alone, files included. */
async function codecCpuMsPerRun(): Promise<number> {
  const provider = new InstantProvider();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-codec-'));
  try {
    const storage = new LocalStorage({ root, publicBaseUrl: 'http://127.0.0.1' });
    const sourceKey = REQUEST.sources[0]!.key;
    await storage.put(sourceKey, PHOTO, { contentType: 'image/jpeg' });
    const one = async (i: number) => {
      const source = (await readObject(storage, sourceKey))!;
      const still = await provider.generate({ mode: 'custom-prompt', prompt: REQUEST.prompt, source, aspectRatio: '4:5', attempt: 1, seed: i, signal: AbortSignal.timeout(60_000) });
      await storeOutput(storage, { runId: `codec-${i}`, userId: 'u', isPublic: true }, REQUEST, undefined, { type: 'image', still });
    };
    for (let i = 0; i < 5; i++) await one(i); // warm: sharp's first calls load libvips' operations
    const start = process.cpuUsage();
    for (let i = 0; i < CODEC_RUNS; i++) await one(i);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / CODEC_RUNS;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const cleanup = new Cleanup();
  try {
    const codec = await codecCpuMsPerRun();
    const { code, summary, figures } = await runLoad(OPTIONS, cleanup);
    const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
    const overhead = figures.workerCpuMsPerRun - codec;
    return [
      {
        name: `queue end to end (${OPTIONS.runs} runs, ${OPTIONS.accounts} accounts)`,
        value: figures.completedRate,
        unit: 'runs/s',
        // For information: a no-op job does none of a run's work; what a run costs beyond its image work is the next row.
        baseline: { name: 'BullMQ no-op', value: figures.ceiling },
        ratio: figures.ratio,
        note: `accepted ${figures.acceptedRate.toFixed(1)}/s, submit p99 ${ms(figures.submitP99)}, submit→done p99 ${ms(figures.doneP99)}${code === 0 ? '' : `; CHECKS FAILED: ${summary}`}`,
      },
      {
        name: 'worker CPU per run (instant engine), beyond the image work',
        value: overhead,
        unit: 'ms',
        baseline: { name: 'image work alone', value: codec },
        ratio: figures.workerCpuMsPerRun / codec,
        goal: `≤ ${OVERHEAD_GOAL_MS} ms`,
        met: overhead <= OVERHEAD_GOAL_MS,
        note: `${figures.workerCpuMsPerRun.toFixed(1)} ms per run in both workers (every thread, /proc); image work ${codec.toFixed(1)} ms (source read, instant engine, stored encodes and variants on local storage, ${CODEC_RUNS} runs in this process)`,
      },
    ];
  } finally {
    await cleanup.run();
  }
}

if (isMain(import.meta.url)) printTable(await run());
