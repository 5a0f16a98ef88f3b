import type { CreditLedgerEntry } from '@app/shared/api/credits';

/** Texts of the credit ledger (the Credits tab). */

const REASONS: Record<CreditLedgerEntry['reason'], string> = {
  signup: 'Welcome credits',
  invited_bonus: 'Invited bonus',
  referral_reward: 'Referral reward',
  generation: 'Generation',
  refund: 'Refund',
  daily_topup: 'Daily top-up',
  admin_adjustment: 'Adjustment',
};

export function ledgerReason(entry: Pick<CreditLedgerEntry, 'reason'>): string {
  return REASONS[entry.reason];
}

/** '+10', '−2' (a true minus sign), '0'. */
export function ledgerDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '0';
}

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 24, 4:05 AM'. */
export function ledgerWhen(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : WHEN.format(date);
}
