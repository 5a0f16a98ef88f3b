import { type CreditLedgerAnswer, getCreditLedgerCall } from '@app/shared/api/credits';
import { getMediaByRunIdCall } from '@app/shared/api/generation';
import { runReceiptSchema, type RunReceipt } from '@app/shared/api/run-receipt';
import { ApiError } from './api-error';
import { callApi, callApiData } from './client';

/** GET get-credit-ledger: a page of the person's credit changes, newest first (issue 16). */
export function getCreditLedger(cursor: number | null, signal?: AbortSignal) {
  return callApiData(getCreditLedgerCall, { query: { ...(cursor !== null ? { cursor } : {}) }, signal });
}

/**
 * A run's receipt, read from getMediaByRunId (its done and its failed answers carry it); null
 * while the run is still processing (202, or a 404) or when the server keeps none.
 */
export async function getRunReceipt(runId: string, signal?: AbortSignal): Promise<RunReceipt | null> {
  try {
    const result = await callApi(getMediaByRunIdCall, { query: { runId }, signal });
    if (result.ok && result.data.status === 'processing') return null;
    const receipt = result.ok ? (result.data as { receipt?: unknown }).receipt : result.body.receipt;
    const parsed = runReceiptSchema.safeParse(receipt);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** At most this many ledger pages are summed for the credits used (100 entries each). */
const USED_MAX_PAGES = 20;

/**
 * The credits spent on runs, from the ledger: what runs were charged less what was refunded.
 * Null when the ledger is longer than the pages read (the figure would be short).
 */
export async function getCreditsUsed(signal?: AbortSignal): Promise<number | null> {
  let used = 0;
  let cursor: number | null = null;
  for (let page = 0; page < USED_MAX_PAGES; page += 1) {
    const answer: CreditLedgerAnswer = await callApiData(getCreditLedgerCall, { query: { limit: 100, ...(cursor !== null ? { cursor } : {}) }, signal });
    for (const entry of answer.entries) {
      if (entry.reason === 'generation' || entry.reason === 'refund') used -= entry.delta;
    }
    if (answer.nextCursor === null) return Math.max(0, used);
    cursor = answer.nextCursor;
  }
  return null;
}
