import { parentPort } from 'node:worker_threads';
import { LocalProvider } from '../local/local-provider';
import type { ImageRequest } from '../provider';

/** A render thread: runs the local engine on requests posted by `ThreadedLocalProvider`. */
export type RenderInput = Omit<ImageRequest, 'signal' | 'source' | 'additionalSources'> & { source: Uint8Array; timeoutMs: number };

const provider = new LocalProvider();

parentPort?.on('message', async (input: RenderInput) => {
  try {
    const { timeoutMs, source, ...request } = input;
    const image = await provider.generate({ ...request, source: Buffer.from(source.buffer, source.byteOffset, source.byteLength), signal: AbortSignal.timeout(timeoutMs) });
    const data = new Uint8Array(image.data);
    parentPort?.postMessage({ ok: true, value: { ...image, data } }, [data.buffer]);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    parentPort?.postMessage({ ok: false, error: { name, message } });
  }
});
