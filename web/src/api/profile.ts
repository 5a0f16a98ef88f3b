import type { UserProfileResponse } from '@app/shared';
import { apiRequest } from './client';

/** The signed-in user's profile (spec 1 §7, spec 3 §7). */

export type UserProfile = UserProfileResponse;

/** GET get-user-profile. */
export function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest<UserProfile>('get-user-profile', { signal });
}

export interface ProfileUpdate {
  name?: string;
  username?: string;
  avatar?: string;
  onboarding_completed?: boolean;
}

/**
 * POST update-profile. An empty update is sent after every sign-in: the server marks the
 * onboarding complete then (spec 3 §4).
 */
export function updateProfile(fields: ProfileUpdate): Promise<{ success: true; profile: unknown }> {
  return apiRequest('update-profile', { body: fields });
}
