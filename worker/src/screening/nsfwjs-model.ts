/**
 * nsfwjs 4.4 with its bundled MobileNetV2 weights (base64 inside the package: nothing is fetched)
 * on tfjs' WASM backend, the one the face model runs on. The only file that imports nsfwjs or
 * tfjs for screening; it runs inside the screening thread (screen-thread.ts), never on the
 * worker's event loop, and imports nothing heavy until `loadNsfwModel()`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { SCREENING_CLASSES } from '@app/shared/server/config';
import { processFailureListeners, removeListenersAddedSince } from '../pipeline/identity/human-runtime';
import type { ScreeningScores } from './content-screener';

export const NSFWJS_CLASSIFIER = 'nsfwjs 4.4.0 MobileNetV2';

/** The model's input: 224 × 224 RGB, stretched as nsfwjs itself would resize it. */
const SIZE = 224;

export interface NsfwModel {
  classify(image: Buffer): Promise<ScreeningScores>;
  dispose(): void;
}

export async function loadNsfwModel(): Promise<NsfwModel> {
  const tf = await import('@tensorflow/tfjs');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  // The binaries beside the installed package (the default is a CDN).
  const wasmRoot = path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/package.json'));
  setWasmPaths(path.join(wasmRoot, 'dist') + path.sep);
  // Emscripten installs handlers that rethrow every uncaught error (see human-runtime.ts).
  const installed = processFailureListeners();
  const info = console.info;
  let model: Awaited<ReturnType<typeof import('nsfwjs/core').load>>;
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('screening: the tfjs wasm backend did not start');
    const { load } = await import('nsfwjs/core');
    const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
    // nsfwjs greets on console.info when it loads a bundled model; a worker's log is JSON lines.
    console.info = () => undefined;
    model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  } finally {
    console.info = info;
    removeListenersAddedSince(installed);
  }
  return {
    async classify(image) {
      const { data } = await sharp(image, { failOn: 'none' })
        .rotate()
        .resize(SIZE, SIZE, { fit: 'fill' })
        .flatten({ background: { r: 255, g: 255, b: 255 } })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const input = tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [SIZE, SIZE, 3], 'int32');
      try {
        const ranked = await model.classify(input, SCREENING_CLASSES.length);
        const scores = Object.fromEntries(SCREENING_CLASSES.map((name) => [name, 0])) as ScreeningScores;
        for (const { className, probability } of ranked) scores[className] = probability;
        return scores;
      } finally {
        input.dispose();
      }
    },
    dispose: () => model.dispose(),
  };
}
