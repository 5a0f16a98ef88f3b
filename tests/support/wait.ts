import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `ok` holds, every `everyMs`; fails after `timeoutMs` naming `what` and the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${describe(value)}`);
    await sleep(everyMs);
  }
}

/** The last value for the failure's message; an HTTP response (circular) is named by its status. */
function describe(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return typeof value === 'object' && value !== null && 'status' in value ? `status ${String(value.status)}` : String(value);
  }
}
