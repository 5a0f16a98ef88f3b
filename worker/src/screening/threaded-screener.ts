import { ThreadPool, threadScript } from '../providers/threads/thread-pool';
import type { ContentScreener, ScreeningScores } from './content-screener';
import { NSFWJS_CLASSIFIER } from './nsfwjs-model';
import type { ScreenInput } from './screen-thread';

/**
 * nsfwjs on a thread of its own: an image takes ~60–150 ms of synchronous WASM and the model's
 * load ~1–3 s, either of which on the worker's event loop would hold up job-lock renewals and
 * heartbeats. One thread (the model is not re-entrant); requests wait their turn in order.
 * Nothing starts until the first image: the thread and its model (~200 MB) load then, so a worker
 * process that never screens never pays for them (docs/performance.md, "Screening").
 */
export function createThreadedScreener(): ContentScreener {
  const pool = new ThreadPool<ScreenInput, ScreeningScores>(threadScript('screen-thread', import.meta.url), 1);
  let closed = false;
  return {
    classifier: NSFWJS_CLASSIFIER,
    async screen(image) {
      if (closed) throw new Error('the screener is closed');
      const copy = new Uint8Array(image);
      return { scores: await pool.run({ input: { image: copy }, transfer: [copy.buffer as ArrayBuffer] }) };
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
