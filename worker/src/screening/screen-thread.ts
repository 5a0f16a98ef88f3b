import { parentPort } from 'node:worker_threads';
import { type NsfwModel, loadNsfwModel } from './nsfwjs-model';

/** The screening thread: loads the model on its first request, then answers in order. */
export interface ScreenInput {
  image: Uint8Array;
}

let model: Promise<NsfwModel> | undefined;

/** Never rejects: a failure is posted back as the answer (a failed load is tried again next time). */
async function answer({ image }: ScreenInput): Promise<void> {
  try {
    model ??= loadNsfwModel().catch((error: unknown) => {
      model = undefined;
      throw error;
    });
    const loaded = await model;
    const value = await loaded.classify(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    parentPort?.postMessage({ ok: true, value });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    parentPort?.postMessage({ ok: false, error: { name, message } });
  }
}

parentPort?.on('message', (input: ScreenInput) => void answer(input));
