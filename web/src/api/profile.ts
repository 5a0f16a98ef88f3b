import { getUserProfileCall, updateProfileCall } from '@app/shared/api/account';
import type { CallRequest, CallResponse } from '@app/shared/api/define-call';
import { callApiData } from './client';

/** The signed-in user's profile (spec 1 §7, spec 3 §7). */
export type UserProfile = CallResponse<typeof getUserProfileCall>;

/** GET get-user-profile. */
export function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  return callApiData(getUserProfileCall, { signal });
}

export type ProfileUpdate = CallRequest<typeof updateProfileCall>;

/**
 * POST update-profile. An empty update is sent after every sign-in: the server marks the
 * onboarding complete then (spec 3 §4).
 */
export function updateProfile(fields: ProfileUpdate) {
  return callApiData(updateProfileCall, { body: fields });
}
