// npm run bench (part): what screening an output costs (issue 42). nsfwjs' MobileNetV2 on tfjs' wasm
// backend (single-threaded in Node: one core). In this process: the model's load (wall, CPU, RSS
// before and after) and the time per 512 px image, decode included, p50/p95 over 36 images; then
// the same model on its thread as the worker runs it: the first image's wait (thread + model load,
// the lazy start's price) and the longest event-loop stall while it screens, against in-process.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { loadNsfwModel } from '../worker/src/screening/nsfwjs-model';
import { createThreadedScreener } from '../worker/src/screening/threaded-screener';
import { type BenchRow, isMain, printTable } from './table';

const PHOTOS = ['astronaut.png', 'grace_hopper.jpg', 'camera.png', 'chelsea.png'].map((name) => readFileSync(new URL(`../tests/fixtures/faces/${name}`, import.meta.url)));
const IMAGES = 36;
const GOAL_MS = 100;

const rssMb = () => process.memoryUsage().rss / 1e6;
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await task();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/** The longest event-loop delay (ms) while `task` runs. */
async function longestStall(task: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await task();
  histogram.disable();
  return histogram.max / 1e6;
}

export async function run(): Promise<BenchRow[]> {
  // 512 px versions of the fixture portraits, each a little different (crop), as outputs would be.
  const images = await Promise.all(
    Array.from({ length: IMAGES }, (_, i) => sharp(PHOTOS[i % PHOTOS.length]).resize(512, 512, { fit: 'cover', position: i % 3 === 0 ? 'top' : 'centre' }).jpeg({ quality: 90 }).toBuffer()),
  );

  // Threaded first, in a fresh process state: the first image waits for the thread and the model.
  const threaded = createThreadedScreener();
  const first = await timed(() => threaded.screen(images[0]!));
  const threadStall = await longestStall(async () => {
    for (const image of images.slice(0, 12)) await threaded.screen(image);
  });
  await threaded.close();

  const rssBefore = rssMb();
  const load = await timed(() => loadNsfwModel());
  const model = load.value;
  const rssAfter = rssMb();
  await model.classify(images[0]!); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const image of images) {
    const one = await timed(() => model.classify(image));
    wall.push(one.wallMs);
    cpu.push(one.cpuMs);
  }
  const inProcessStall = await longestStall(async () => {
    for (const image of images.slice(0, 12)) await model.classify(image);
  });
  const rssEnd = rssMb();
  model.dispose();

  const p50 = quantile(cpu, 0.5);
  return [
    {
      name: 'screening one 512 px image, CPU (one core)',
      value: p50,
      unit: 'ms',
      goal: `≤ ${GOAL_MS} ms`,
      met: p50 <= GOAL_MS,
      note: `p95 ${quantile(cpu, 0.95).toFixed(0)} ms; wall p50 ${quantile(wall, 0.5).toFixed(0)} / p95 ${quantile(wall, 0.95).toFixed(0)} ms; ${IMAGES} images, decode included`,
    },
    {
      name: 'model load in-process (import, wasm backend, MobileNetV2)',
      value: load.wallMs,
      unit: 'ms',
      note: `CPU ${load.cpuMs.toFixed(0)} ms; RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB (${rssEnd.toFixed(0)} MB after ${IMAGES + 13} images)`,
    },
    {
      name: 'first image on the thread (thread start + model load + one image)',
      value: first.wallMs,
      unit: 'ms',
      note: 'what the lazy start adds to the first run a worker process screens',
    },
    {
      name: 'longest event-loop stall while screening 12 images, threaded',
      value: threadStall,
      unit: 'ms',
      baseline: { name: 'the same in-process', value: inProcessStall },
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
