// npm run bench (part): how long the worker's event loop stalls while the local engine renders,
// on the render threads beside the same renders on the loop, in the same run; and the renders on
// threads again while every core is also busy with other work (one spinning process per core). A
// stalled loop delays BullMQ's lock renewals and heartbeats; the goal is p99 < 50 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { createHumanEmbedder, type FaceEmbedder } from '../worker/src/pipeline/identity/face-embedder';
import { createThreadedFaceEmbedder } from '../worker/src/pipeline/identity/threaded-face-embedder';
import { LocalProvider } from '../worker/src/providers/local/local-provider';
import type { ImageProvider } from '../worker/src/providers/provider';
import { ThreadedLocalProvider } from '../worker/src/providers/threads/threaded-local-provider';
import { type BenchRow, isMain, printTable } from './table';

const RENDERS = 12;

interface Stalls {
  p99: number;
  max: number;
  seconds: number;
}

const photo = readFileSync(new URL('../tests/fixtures/faces/astronaut.png', import.meta.url));

async function stalls(provider: ImageProvider): Promise<Stalls> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  histogram.enable();
  // Two at a time, as a worker with WORKER_GENERATION_CONCURRENCY=2 runs them.
  for (let i = 0; i < RENDERS; i += 2) {
    await Promise.all(
      [i, i + 1].map((n) =>
        provider.generate({ mode: 'ghibli-reaction', prompt: 'a portrait in anime style', source: photo, aspectRatio: '4:5', attempt: 1, seed: n, signal: AbortSignal.timeout(60_000) }),
      ),
    );
  }
  histogram.disable();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, seconds: (performance.now() - started) / 1000 };
}

/** The likeness check's embeddings (tfjs on WASM, ~200 ms of synchronous work each): on the loop and on their thread. */
async function embeddingStalls(embedder: FaceEmbedder): Promise<Stalls> {
  await embedder.embed(photo);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  histogram.enable();
  for (let i = 0; i < RENDERS; i++) await embedder.embed(photo);
  histogram.disable();
  await embedder.close();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, seconds: (performance.now() - started) / 1000 };
}

const GOAL_MS = 50;

/** One process spinning per core, at normal priority, for as long as `task` runs: a busy machine. */
async function whileMachineBusy<T>(task: () => Promise<T>): Promise<T> {
  const burners: ChildProcess[] = Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  try {
    return await task();
  } finally {
    for (const burner of burners) burner.kill('SIGKILL');
  }
}

export async function run(): Promise<BenchRow[]> {
  const threaded = new ThreadedLocalProvider(2, 60_000);
  const onLoop = await stalls(new LocalProvider());
  const offLoop = await stalls(threaded).finally(() => threaded.close());
  const busyThreads = new ThreadedLocalProvider(2, 120_000);
  const offLoopBusy = await whileMachineBusy(() => stalls(busyThreads)).finally(() => busyThreads.close());
  const embeddingsOnLoop = await embeddingStalls(await createHumanEmbedder());
  const embeddingsOffLoop = await embeddingStalls(await createThreadedFaceEmbedder());
  const row = (name: string, measured: Stalls, baseline: Stalls, baselineName: string): BenchRow => ({
    name,
    value: measured.p99,
    unit: 'ms',
    baseline: { name: baselineName, value: baseline.p99 },
    goal: `p99 < ${GOAL_MS} ms`,
    met: measured.p99 < GOAL_MS,
    note: `longest stall ${measured.max.toFixed(0)} ms (on the loop ${baseline.max.toFixed(0)} ms), ${measured.seconds.toFixed(1)} s`,
  });
  return [
    row(`worker loop delay p99, ${RENDERS} renders on threads`, offLoop, onLoop, 'on the loop'),
    row(`worker loop delay p99, ${RENDERS} renders on threads, every core busy`, offLoopBusy, onLoop, 'on the loop (idle machine)'),
    row(`worker loop delay p99, ${RENDERS} embeddings on their thread`, embeddingsOffLoop, embeddingsOnLoop, 'on the loop'),
  ];
}

if (isMain(import.meta.url)) printTable(await run());
