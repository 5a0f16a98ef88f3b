/**
 * The clock and the dice of the upload and generation features, injectable so that every delay
 * and random step can be driven by fake timers in unit tests. The defaults read the globals at
 * call time, so `vi.useFakeTimers()` applies to them too.
 */
export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/**
 * Calls `tick` after `nextIn()` ms, again and again while `nextIn` gives a delay (null: stop);
 * returns what stops it.
 */
export function repeat(nextIn: () => number | null, tick: () => void, timers: Timers = systemTimers): () => void {
  let handle: TimerHandle | undefined;
  let stopped = false;
  const schedule = () => {
    const delay = nextIn();
    if (stopped || delay === null) return;
    handle = timers.setTimeout(() => {
      tick();
      schedule();
    }, delay);
  };
  schedule();
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number;

export const systemRandom: RandomSource = () => Math.random();

/** The error an aborted operation rejects with (name 'AbortError', like fetch's). */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}

/** Waits `ms`; rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, options: { timers?: Timers; signal?: AbortSignal } = {}): Promise<void> {
  const timers = options.timers ?? systemTimers;
  const { signal } = options;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      timers.clearTimeout(handle);
      reject(abortError(signal));
    };
    const handle = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
