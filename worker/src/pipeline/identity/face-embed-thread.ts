import { parentPort } from 'node:worker_threads';
import { createHumanEmbedder } from './face-embedder';

/** The face model's thread: loads the model once and answers `ThreadedFaceEmbedder`'s requests in order. */
export interface EmbedInput {
  op: 'embed' | 'embedAll';
  image: Uint8Array;
}

const embedder = createHumanEmbedder();

/** Never rejects: a failure is posted back as the answer. */
async function answer({ op, image }: EmbedInput): Promise<void> {
  try {
    const model = await embedder;
    const data = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const value = op === 'embed' ? await model.embed(data) : await model.embedAll(data);
    parentPort?.postMessage({ ok: true, value });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    parentPort?.postMessage({ ok: false, error: { name, message } });
  }
}

parentPort?.on('message', (input: EmbedInput) => void answer(input));
