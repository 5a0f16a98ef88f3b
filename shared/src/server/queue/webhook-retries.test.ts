import { describe, expect, it } from 'vitest';
import { WEBHOOK_ATTEMPTS, webhookRetryDelayMs } from './webhook-retries';

describe('the webhook retry schedule', () => {
  it('waits 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h, all within 24 h of the first try', () => {
    const base = 30_000;
    const waits = Array.from({ length: WEBHOOK_ATTEMPTS - 1 }, (_, i) => webhookRetryDelayMs(i + 1, base) / 60_000);
    expect(waits.slice(0, 6)).toEqual([0.5, 2, 10, 30, 60, 120]);
    expect(new Set(waits.slice(5))).toEqual(new Set([120]));
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeLessThanOrEqual(24 * 60);
    // One more 2 h wait would pass the day.
    expect(total + 120).toBeGreaterThan(24 * 60);
    expect(WEBHOOK_ATTEMPTS).toBe(17);
  });

  it('scales with its base, so a test runs the same schedule in milliseconds', () => {
    expect([1, 2, 3, 4, 5, 6, 16].map((n) => webhookRetryDelayMs(n, 10))).toEqual([10, 40, 200, 600, 1_200, 2_400, 2_400]);
  });
});
