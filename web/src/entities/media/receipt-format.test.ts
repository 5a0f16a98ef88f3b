import type { RunReceipt } from '@app/shared/api/run-receipt';
import { describe, expect, it } from 'vitest';
import { durationText, receiptAttempts, receiptCredits, receiptEngine, receiptTimes } from './receipt-format';

const RECEIPT: RunReceipt = {
  creditsReserved: 2,
  creditsCharged: 2,
  creditsRefunded: 0,
  attempts: [
    { attempt: 1, identityScore: 0.61, passed: false },
    { attempt: 2, identityScore: 0.78, passed: true },
  ],
  threshold: 0.75,
  provider: 'fal',
  model: 'flux-pro',
  queuedSeconds: 3.2,
  runningSeconds: 65,
  reason: null,
};

describe('receipt texts', () => {
  it('reads as what the run cost and how it went', () => {
    expect(receiptCredits(RECEIPT)).toBe('2 reserved · 2 charged · 0 refunded');
    expect(receiptAttempts(RECEIPT)).toBe('0.61 → 0.78 (needs 0.75)');
    expect(receiptEngine(RECEIPT)).toBe('fal · flux-pro');
    expect(receiptTimes(RECEIPT)).toBe('3 s queued · 1 min 5 s running');
    expect(durationText(120)).toBe('2 min');
  });

  it('leaves out what it does not know', () => {
    const bare = { ...RECEIPT, attempts: [], provider: null, model: null, queuedSeconds: null, runningSeconds: null };
    expect(receiptAttempts(bare)).toBeNull();
    expect(receiptEngine(bare)).toBeNull();
    expect(receiptTimes(bare)).toBeNull();
  });
});
