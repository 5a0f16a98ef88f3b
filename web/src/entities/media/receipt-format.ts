import type { RunReceipt } from '@app/shared/api/run-receipt';

/** Texts of a run's receipt (issue 16): what it cost and how it went. */

/** '2 reserved · 2 charged · 0 refunded' (the row is labelled Credits). */
export function receiptCredits(receipt: RunReceipt): string {
  return `${receipt.creditsReserved} reserved · ${receipt.creditsCharged} charged · ${receipt.creditsRefunded} refunded`;
}

/** '0.61 → 0.78 (needs 0.75)'; null without attempts. */
export function receiptAttempts(receipt: RunReceipt): string | null {
  if (receipt.attempts.length === 0) return null;
  const scores = receipt.attempts.map((attempt) => (attempt.identityScore === null ? '–' : attempt.identityScore.toFixed(2))).join(' → ');
  return receipt.threshold === null ? scores : `${scores} (needs ${receipt.threshold.toFixed(2)})`;
}

/** '8 s', '1 min 5 s'. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** '3 s queued · 21 s running'; null when neither is known. */
export function receiptTimes(receipt: RunReceipt): string | null {
  const parts: string[] = [];
  if (receipt.queuedSeconds !== null) parts.push(`${durationText(receipt.queuedSeconds)} queued`);
  if (receipt.runningSeconds !== null) parts.push(`${durationText(receipt.runningSeconds)} running`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** 'fal · flux-pro'; null when neither is known. */
export function receiptEngine(receipt: RunReceipt, providerName: (provider: string) => string = (p) => p): string | null {
  const parts = [receipt.provider ? providerName(receipt.provider) : null, receipt.model].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(' · ') : null;
}
