// npm run bench (part): what the grid's WebP variants cost a worker per stored image. Side by side
// in this process, on 1024 px outputs of the local engine (the embedded default): the worker's CPU
// (all threads: process.cpuUsage) per image to render and store it with its variants, against the
// same without them. Also the store step alone, and what AVIF variants would cost instead of WebP.
import { readFileSync } from 'node:fs';
import { PRESET_CATALOGUES } from '@app/shared';
import sharp from 'sharp';
import { VARIANT_WIDTHS } from '../worker/src/pipeline/image-variants';
import { storeOutput } from '../worker/src/pipeline/output-storage';
import { MemoryStorage, storedRequest } from '../worker/testing/pipeline-fakes';
import { LocalProvider } from '../worker/src/providers/local/local-provider';
import type { GeneratedImage } from '../worker/src/providers/provider';
import { type BenchRow, isMain, printTable } from './table';

const PHOTOS = ['astronaut.png', 'grace_hopper.jpg', 'camera.png'].map((name) => readFileSync(new URL(`../tests/fixtures/faces/${name}`, import.meta.url)));
const ROUNDS = 4;
const GOAL = 1.3;
const preset = PRESET_CATALOGUES['ghibli-reaction'][0]!;
const request = storedRequest({ serviceMode: 'presets', presetType: 'ghibli_reaction', presetId: preset.id, prompt: preset.prompt });

/** CPU milliseconds (every thread of the process) a task takes. */
async function cpuMs(task: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await task();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export async function run(): Promise<BenchRow[]> {
  const provider = new LocalProvider();
  const render = (source: Buffer) =>
    provider.generate({ mode: 'ghibli-reaction', preset, prompt: preset.prompt, source, aspectRatio: '4:5', attempt: 1, seed: 7, signal: AbortSignal.timeout(60_000) });
  const store = (still: GeneratedImage, widths: readonly number[]) =>
    storeOutput(new MemoryStorage(), { runId: 'run-bench', userId: 'u', isPublic: true }, request, preset, { type: 'image', still }, widths);

  const stills: GeneratedImage[] = [];
  for (const photo of PHOTOS) stills.push(await render(photo)); // also the warm-up of both paths
  for (const still of stills) await store(still, VARIANT_WIDTHS);

  const totals = { renderOnly: 0, without: 0, with: 0, avif: 0, webpVariants: 0 };
  let images = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, photo] of PHOTOS.entries()) {
      const renderCost = await cpuMs(() => render(photo));
      const still = stills[i]!;
      const without = await cpuMs(() => store(still, []));
      const withVariants = await cpuMs(() => store(still, VARIANT_WIDTHS));
      totals.renderOnly += renderCost;
      totals.without += without;
      totals.with += withVariants;
      const image = sharp(still.data);
      totals.webpVariants += await cpuMs(() => Promise.all(VARIANT_WIDTHS.map((w) => image.clone().resize({ width: w }).webp({ quality: 78, effort: 2 }).toBuffer())));
      totals.avif += await cpuMs(() => Promise.all(VARIANT_WIDTHS.map((w) => image.clone().resize({ width: w }).avif({ quality: 50, effort: 2 }).toBuffer())));
      images += 1;
    }
  }
  const per = (ms: number) => ms / images;
  const perImageWith = per(totals.renderOnly + totals.with);
  const perImageWithout = per(totals.renderOnly + totals.without);
  const ratio = perImageWith / perImageWithout;
  return [
    {
      name: 'worker CPU per stored image, with variants (local engine)',
      value: perImageWith,
      unit: 'ms',
      baseline: { name: 'the same without variants', value: perImageWithout },
      goal: `≤ ${GOAL}×`,
      met: ratio <= GOAL,
      note: `render ${per(totals.renderOnly).toFixed(0)} ms; ${images} images, WebP at ${VARIANT_WIDTHS.join(', ')} px`,
    },
    {
      name: 'store step alone, with variants',
      value: per(totals.with),
      unit: 'ms',
      baseline: { name: 'store without variants (JPEG + thumbnail)', value: per(totals.without) },
      note: 'for information: the codec work only (the instant engine pays this ratio)',
    },
    {
      name: 'AVIF variants (q50, effort 2)',
      value: per(totals.avif),
      unit: 'ms',
      baseline: { name: 'WebP variants (q78, effort 2)', value: per(totals.webpVariants) },
      note: 'why variants are WebP only (docs/performance.md)',
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
