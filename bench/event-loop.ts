// npm run bench (part): how long the worker's event loop stalls while the local engine renders,
// with the renders on the loop and on the render threads, measured in the same run. A stalled
// loop delays BullMQ's lock renewals and heartbeats; the goal is p99 < 50 ms.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { createHumanEmbedder, type FaceEmbedder } from '../worker/src/pipeline/identity/face-embedder';
import { createThreadedFaceEmbedder } from '../worker/src/pipeline/identity/threaded-face-embedder';
import { LocalProvider } from '../worker/src/providers/local/local-provider';
import type { ImageProvider } from '../worker/src/providers/provider';
import { ThreadedLocalProvider } from '../worker/src/providers/threads/threaded-local-provider';

const RENDERS = 12;
const photo = readFileSync(new URL('../tests/fixtures/faces/astronaut.png', import.meta.url));

async function stalls(provider: ImageProvider): Promise<{ p99: number; max: number; seconds: number }> {
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
async function embeddingStalls(embedder: FaceEmbedder): Promise<{ p99: number; max: number; seconds: number }> {
  await embedder.embed(photo);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  histogram.enable();
  for (let i = 0; i < RENDERS; i++) await embedder.embed(photo);
  histogram.disable();
  await embedder.close();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, seconds: (performance.now() - started) / 1000 };
}

const threaded = new ThreadedLocalProvider(2, 60_000);
const onLoop = await stalls(new LocalProvider());
const offLoop = await stalls(threaded);
await threaded.close();
const embeddingsOnLoop = await embeddingStalls(await createHumanEmbedder());
const embeddingsOffLoop = await embeddingStalls(await createThreadedFaceEmbedder());

console.log(`\nworker event loop while rendering ${RENDERS} images two at a time (${os.cpus().length} cores)`);
console.log('| renders | loop delay p99 | longest stall | time |');
console.log('|---|---|---|---|');
for (const [name, r] of [['on the event loop', onLoop], ['on render threads', offLoop], [`${RENDERS} face embeddings on the loop`, embeddingsOnLoop], [`${RENDERS} face embeddings on their thread`, embeddingsOffLoop]] as const) {
  console.log(`| ${name} | ${r.p99.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.seconds.toFixed(1)} s |`);
}
console.log(`p99 on threads / on the loop: renders ${(offLoop.p99 / onLoop.p99).toFixed(2)}×, embeddings ${(embeddingsOffLoop.p99 / embeddingsOnLoop.p99).toFixed(2)}× (goal: p99 < 50 ms)`);
