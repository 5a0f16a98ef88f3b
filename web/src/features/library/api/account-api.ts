import type { UserSettings } from '@app/shared';
import { apiRequest } from '../../../api/client';

/** Settings and credits the library screens show (spec 2 §7). */

/** GET user-settings. */
export function getUserSettings(signal?: AbortSignal): Promise<{ success: true; settings: UserSettings }> {
  return apiRequest('user-settings', { signal });
}

/** POST user-settings with share_to_feed. */
export function setShareToFeed(shareToFeed: boolean): Promise<{ success: true; settings: UserSettings }> {
  return apiRequest('user-settings', { body: { share_to_feed: shareToFeed } });
}

/** GET getQuota: the credit balance. */
export function getQuota(signal?: AbortSignal): Promise<{ success: true; remaining?: number; currentBalance?: number }> {
  return apiRequest('getQuota', { signal });
}
