/**
 * When a run's webhook is tried again (issue 45 §2): 30 s, 2 min, 10 min, 30 min, 1 h after the
 * failures before, then every 2 h, for as long as the tries stay within 24 h of the first. Every
 * wait is a multiple of one base (WEBHOOK_RETRY_BASE_MS, 30 s), so a test runs the same schedule
 * in milliseconds.
 */
const FIRST_STEPS = [1, 4, 20, 60, 120];
const LATER_STEP = 240;
/** 24 h in steps of the 30 s base. */
const WINDOW_STEPS = 2880;

/** The waits, in base units, before each retry: 1-based, retry n follows the n-th failure. */
const RETRY_STEPS: readonly number[] = (() => {
  const steps: number[] = [];
  let elapsed = 0;
  for (let n = 0; ; n++) {
    const step = FIRST_STEPS[n] ?? LATER_STEP;
    if (elapsed + step > WINDOW_STEPS) return steps;
    steps.push(step);
    elapsed += step;
  }
})();

/** Every try of a webhook: the first and its retries (17 with the default schedule). */
export const WEBHOOK_ATTEMPTS = RETRY_STEPS.length + 1;

/** The backoff type of the webhooks queue's jobs: the worker serves it with `webhookRetryDelayMs`. */
export const WEBHOOK_BACKOFF = 'webhook-schedule';

/** The wait after the `failures`-th failed try (1-based, as BullMQ counts them) with a base of `baseMs`. */
export function webhookRetryDelayMs(failures: number, baseMs: number): number {
  const step = RETRY_STEPS[Math.min(Math.max(failures, 1), RETRY_STEPS.length) - 1] ?? LATER_STEP;
  return step * baseMs;
}
