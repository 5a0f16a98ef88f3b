import { UPLOAD_PROGRESS_CAP } from '@app/shared';
import { type RandomSource, systemRandom, systemTimers, type TimerHandle, type Timers } from '../../lib/scheduler';

/** Spec 1 §4: every 200–500 ms the shown progress grows by 5–20, capped at 90 until done. */
export const PROGRESS_MIN_STEP = 5;
export const PROGRESS_MAX_STEP = 20;
export const PROGRESS_MIN_INTERVAL_MS = 200;
export const PROGRESS_MAX_INTERVAL_MS = 500;

export interface SimulatedProgress {
  /** The value shown now. */
  value(): number;
  /** The upload finished: shows 100 and stops. */
  complete(): void;
  /** The upload failed or was cancelled: stops where it is. */
  stop(): void;
}

/** A whole number from `min` to `max`, both included. */
function between(random: RandomSource, min: number, max: number): number {
  const r = Math.min(Math.max(random(), 0), 0.999999);
  return min + Math.floor(r * (max - min + 1));
}

/** Starts the simulated display at 0 and reports every change to `onProgress`. */
export function startSimulatedProgress(
  onProgress: (percent: number) => void,
  options: { timers?: Timers; random?: RandomSource } = {},
): SimulatedProgress {
  const timers = options.timers ?? systemTimers;
  const random = options.random ?? systemRandom;
  let value = 0;
  let running = true;
  let handle: TimerHandle | undefined;

  const schedule = () => {
    handle = timers.setTimeout(tick, between(random, PROGRESS_MIN_INTERVAL_MS, PROGRESS_MAX_INTERVAL_MS));
  };
  function tick() {
    if (!running) return;
    const next = Math.min(UPLOAD_PROGRESS_CAP, value + between(random, PROGRESS_MIN_STEP, PROGRESS_MAX_STEP));
    if (next !== value) {
      value = next;
      onProgress(value);
    }
    // At the cap nothing more can change until the upload is done.
    if (value < UPLOAD_PROGRESS_CAP) schedule();
  }

  onProgress(value);
  schedule();

  const stop = () => {
    running = false;
    timers.clearTimeout(handle);
  };
  return {
    value: () => value,
    complete: () => {
      if (!running) return;
      stop();
      value = 100;
      onProgress(value);
    },
    stop,
  };
}
