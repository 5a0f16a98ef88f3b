import { createDraftCall, deleteDraftCall, type DraftView, getUserDraftsCall } from '@app/shared/api/drafts';
import type { CallRequest } from '@app/shared/api/define-call';
import { callApiData } from '../../api/client';

/** The drafts calls (spec 1 §7): user-drafts (POST, DELETE) and getUserDrafts, parsed with the shared schemas. */

export type Draft = DraftView;
export type DraftPayload = CallRequest<typeof createDraftCall>;

export function getUserDrafts(signal?: AbortSignal) {
  return callApiData(getUserDraftsCall, { signal });
}

export function createDraft(payload: DraftPayload) {
  return callApiData(createDraftCall, { body: payload });
}

export function deleteDraft(id: string) {
  return callApiData(deleteDraftCall, { body: { id } });
}
