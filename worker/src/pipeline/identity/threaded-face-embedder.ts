import { ThreadPool, threadScript } from '../../providers/threads/thread-pool';
import type { EmbedInput } from './face-embed-thread';
import type { FaceEmbedder } from './face-embedder';

/**
 * The face model on a thread of its own: an embedding takes ~150–250 ms of synchronous WASM,
 * which on the worker's event loop would hold up lock renewals and heartbeats. One thread, as the
 * model is not re-entrant; requests wait their turn in order.
 */
export async function createThreadedFaceEmbedder(): Promise<FaceEmbedder> {
  const pool = new ThreadPool<EmbedInput, Float32Array | Float32Array[] | null>(threadScript('face-embed-thread', import.meta.url), 1);
  const ask = (op: EmbedInput['op'], image: Buffer) => {
    const copy = new Uint8Array(image);
    return pool.run({ input: { op, image: copy }, transfer: [copy.buffer as ArrayBuffer] });
  };
  let closed = false;
  const embedder: FaceEmbedder = {
    embed: (image) => (closed ? Promise.reject(new Error('face embedder is closed')) : (ask('embed', image) as Promise<Float32Array | null>)),
    embedAll: (image) => (closed ? Promise.reject(new Error('face embedder is closed')) : (ask('embedAll', image) as Promise<Float32Array[]>)),
    async close() {
      closed = true;
      await pool.close();
    },
  };
  // The model loads in the thread now, not on the first run: a broken install fails start-up.
  await embedder.embedAll(await blank());
  return embedder;
}

/** A small blank image, to make the thread load its model. */
async function blank(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();
}
