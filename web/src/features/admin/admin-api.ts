import {
  ADMIN_SECRET_HEADER,
  adminAdjustCreditsCall,
  adminAuditCall,
  adminBanUserCall,
  adminConfigCall,
  adminDeleteMediaCall,
  adminDeleteUserCall,
  adminMediaCall,
  adminRunTimelineCall,
  adminSettingsCall,
  adminUpdateSettingsCall,
  adminUsersCall,
  adminVerifyCall,
  type AdminSettings,
} from '@app/shared/api/admin';
import { adminGetReportsCall, adminResolveReportCall, type ResolveAction } from '@app/shared/api/reports';
import { ADMIN_MEDIA_PAGE_SIZE } from '@app/shared';
import type { ApiCall } from '@app/shared/api/define-call';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from '../../api/api-error';
import { type CallOptions, callApiData } from '../../api/client';
import { adminSecret, forgetAdminSecret } from './admin-session';

/**
 * The admin calls (spec 3 §7). The admin is not a signed-in person: no bearer token, the secret
 * in X-Admin-Secret. A stored secret the server refuses (401) logs the admin out.
 */
async function adminCall<C extends ApiCall<$ZodType | undefined, $ZodType>>(call: C, options: CallOptions<C> = {}) {
  const secret = adminSecret() ?? '';
  try {
    return await callApiData(call, { ...options, auth: 'none', headers: { [ADMIN_SECRET_HEADER]: secret } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && adminSecret() === secret) forgetAdminSecret();
    throw error;
  }
}

/** Resolves when the server accepts the secret; throws ApiError otherwise. */
export async function verifyAdminSecret(secret: string): Promise<void> {
  await callApiData(adminVerifyCall, { body: { adminSecret: secret }, auth: 'none', headers: { [ADMIN_SECRET_HEADER]: secret } });
}

export const getAdminConfig = (signal?: AbortSignal) => adminCall(adminConfigCall, { signal });

export const getAdminUsers = (search: string, signal?: AbortSignal) =>
  adminCall(adminUsersCall, { query: { search: search.trim() || undefined }, signal });

export const adjustCredits = (userId: string, adjustment: 10 | -10) => adminCall(adminAdjustCreditsCall, { body: { userId, adjustment } });

export const setBanned = (userId: string, banned: boolean) => adminCall(adminBanUserCall, { body: { userId, banned } });

export const deleteUser = (userId: string) => adminCall(adminDeleteUserCall, { body: { userId } });

export const getAdminMedia = (offset: number, signal?: AbortSignal) =>
  adminCall(adminMediaCall, { query: { limit: ADMIN_MEDIA_PAGE_SIZE, offset }, signal });

export const deleteAdminMedia = (id: string, type: 'image' | 'video') => adminCall(adminDeleteMediaCall, { body: { id, type } });

/** Where a run's time went (issue 44), from what the run recorded. */
export const getRunTimeline = (runId: string, signal?: AbortSignal) => adminCall(adminRunTimelineCall, { query: { runId }, signal });

/** The review queue (issue 42), most urgent first. */
export const getReviewQueue = async (signal?: AbortSignal) => (await adminCall(adminGetReportsCall, { query: { limit: 100 }, signal })).entries;

export const resolveReport = (mediaId: string, action: ResolveAction, banOwner: boolean) =>
  adminCall(adminResolveReportCall, { body: { mediaId, action, banOwner } });

export const getAdminSettings = async (signal?: AbortSignal) => (await adminCall(adminSettingsCall, { signal })).settings;

export const updateAdminSettings = async (change: Partial<AdminSettings>) => (await adminCall(adminUpdateSettingsCall, { body: change })).settings;

export const getAuditLog = async (signal?: AbortSignal) => (await adminCall(adminAuditCall, { query: { limit: 50 }, signal })).entries;

/**
 * The queue dashboard (/admin/queues) reads the secret from a cookie; this sets it, so the
 * link opens logged in.
 */
export async function openQueueDashboardSession(): Promise<void> {
  await fetch('/admin/queues/session', { method: 'POST', headers: { [ADMIN_SECRET_HEADER]: adminSecret() ?? '' }, credentials: 'same-origin' });
}
