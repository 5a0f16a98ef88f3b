import { getCreditLedgerCall } from '@app/shared/api/credits';
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
 * while the run is still processing (404) or when the server keeps none.
 */
export async function getRunReceipt(runId: string, signal?: AbortSignal): Promise<RunReceipt | null> {
  try {
    const result = await callApi(getMediaByRunIdCall, { query: { runId }, signal });
    const receipt = result.ok ? result.data.receipt : result.body.receipt;
    const parsed = runReceiptSchema.safeParse(receipt);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
