import { parentPort } from 'node:worker_threads';
import { LocalProvider } from '../local/local-provider';
import type { GeneratedImage, ImageRequest } from '../provider';

/** A render thread: runs the local engine on requests posted by `ThreadedLocalProvider`. */
export type RenderInput = Omit<ImageRequest, 'signal' | 'source' | 'additionalSources'> & { source: Uint8Array; timeoutMs: number };

/** What the thread answers: the image, its bytes as the Uint8Array they cross the thread as (a posted Buffer arrives as one). */
export type RenderOutput = Omit<GeneratedImage, 'data'> & { data: Uint8Array };

const provider = new LocalProvider();

/** Never rejects: a failure is posted back as the answer. */
async function answer(input: RenderInput): Promise<void> {
  try {
    const { timeoutMs, source, ...request } = input;
    const image = await provider.generate({ ...request, source: Buffer.from(source.buffer, source.byteOffset, source.byteLength), signal: AbortSignal.timeout(timeoutMs) });
    const data = new Uint8Array(image.data);
    const value: RenderOutput = { ...image, data };
    parentPort?.postMessage({ ok: true, value }, [data.buffer]);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    parentPort?.postMessage({ ok: false, error: { name, message } });
  }
}

parentPort?.on('message', (input: RenderInput) => void answer(input));
