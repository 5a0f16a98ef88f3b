import { apiRequest } from '../../../api/client';

/** The drafts calls (spec 1 §7): user-drafts (POST, PUT, DELETE) and getUserDrafts. */

export interface Draft {
  id: string;
  media_url: string;
  prompt: string;
  media_type: 'photo' | 'video';
  aspect_ratio: string;
  width: number;
  height: number;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface DraftPayload {
  media_url: string;
  prompt?: string;
  media_type?: 'photo' | 'video';
  aspect_ratio?: string;
  width?: number;
  height?: number;
  metadata?: Record<string, unknown>;
}

export function getUserDrafts(signal?: AbortSignal): Promise<{ success: true; drafts: Draft[] }> {
  return apiRequest('getUserDrafts', { signal });
}

export function createDraft(payload: DraftPayload): Promise<{ success: true; draft: Draft }> {
  return apiRequest('user-drafts', { method: 'POST', body: payload });
}

export function updateDraft(id: string, fields: Partial<DraftPayload>): Promise<{ success: true; draft: Draft }> {
  return apiRequest('user-drafts', { method: 'PUT', body: { id, ...fields } });
}

export function deleteDraft(id: string): Promise<{ success: true }> {
  return apiRequest('user-drafts', { method: 'DELETE', body: { id } });
}
