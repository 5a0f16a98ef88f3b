import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `ok` holds, every `everyMs`; fails after `timeoutMs` naming `what` and the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(everyMs);
  }
}
