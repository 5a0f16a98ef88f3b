import { AsyncLocalStorage } from 'node:async_hooks';
import { PermanentGenerationError } from '../provider';

/**
 * The stop of the run a job is working on (its person canceled it), carried to the remote driver
 * through the async context: the job handler sets it around the whole pipeline, and every
 * provider request of the run listens to it besides its own deadline.
 */
const runStops = new AsyncLocalStorage<AbortSignal>();

export function whileRunning<T>(stop: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return runStops.run(stop, fn);
}

/** The stop of the run in hand; undefined outside a job (tests calling a provider directly). */
export function currentRunStop(): AbortSignal | undefined {
  return runStops.getStore();
}

/** The person canceled the run: it ends `canceled`, refunded for what was not made. */
export class RunCanceledError extends PermanentGenerationError {
  constructor() {
    super('The generation was canceled');
    this.name = 'RunCanceledError';
  }
}
