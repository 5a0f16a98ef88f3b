import { describe, expect, it } from 'vitest';
import { ledgerDelta, ledgerReason } from './ledger-format';

describe('credit ledger texts', () => {
  it('names each kind of change and signs the amount', () => {
    expect(ledgerReason({ reason: 'generation' })).toBe('Generation');
    expect(ledgerReason({ reason: 'daily_topup' })).toBe('Daily top-up');
    expect(ledgerDelta(-2)).toBe('\u22122');
    expect(ledgerDelta(10)).toBe('+10');
    expect(ledgerDelta(0)).toBe('0');
  });
});
