import { REPORT_RECEIVED, type ReportReason, reportMediaCall } from '@app/shared/api/reports';
import { callApiData } from '../../api/client';
import { createStore } from '../../lib/create-store';

/** The items reported from this tab: their Report control reads "Reported" (the server keeps one open report per person anyway). */
export const reportedItems = createStore<ReadonlySet<string>>(new Set());

/** POST report-media; resolves with what the reporter reads once it is in. */
export async function sendReport(mediaId: string, reason: ReportReason, note: string): Promise<string> {
  const answer = await callApiData(reportMediaCall, { body: { mediaId, reason, ...(note.trim() ? { note: note.trim() } : {}) } });
  reportedItems.set((ids) => new Set(ids).add(mediaId));
  return answer.message || REPORT_RECEIVED;
}
