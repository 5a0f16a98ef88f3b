import type { GeneratedImage, ImageProvider, ImageRequest } from '../provider';
import { PermanentGenerationError } from '../provider';
import type { RenderInput, RenderOutput } from './local-render-thread';
import { ThreadPool, threadScript } from './thread-pool';

/**
 * The local engine on worker threads: the same output as `LocalProvider`, made off the worker
 * process's event loop so BullMQ's lock renewal and heartbeats never wait behind a render.
 */
export class ThreadedLocalProvider implements ImageProvider {
  readonly name = 'local';
  private readonly pool: ThreadPool<RenderInput, RenderOutput>;

  constructor(threads: number, private readonly timeoutMs: number) {
    this.pool = new ThreadPool(threadScript('local-render-thread', import.meta.url), threads);
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    request.signal.throwIfAborted();
    const { signal, additionalSources: _others, source: photo, ...rest } = request;
    // A copy of the photo moves to the thread (transferred, not cloned twice).
    const source = new Uint8Array(photo);
    const image = this.pool.run({ input: { ...rest, source, timeoutMs: this.timeoutMs }, transfer: [source.buffer as ArrayBuffer] });
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    // The render may finish first: an abort after it must not surface as an unhandled rejection.
    aborted.catch(() => {});
    const made = await Promise.race([image, aborted]).catch((error: Error) => {
      // Errors cross the thread as name and message: a permanent one stays permanent.
      if (error.name === 'PermanentGenerationError') throw new PermanentGenerationError(error.message);
      throw error;
    });
    const { data } = made;
    return { ...made, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
