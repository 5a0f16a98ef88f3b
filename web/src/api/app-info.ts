import type { ProviderName, ServiceMode } from '@app/shared';
import { getAppInfoCall } from '@app/shared/api/launch';
import { callApiData } from './client';

/** The mailbox the legal pages name when the server does not say (spec 2 §2: a hello mailbox). */
export const FALLBACK_CONTACT_EMAIL = 'hello@mirrorverse.app';

export interface AppInfo {
  contactEmail: string;
  /** Where our own media are served from; empty when the server did not say. */
  mediaBaseUrl: string;
  /** The engine that makes each service mode's images; empty when the server did not say. */
  engines: Partial<Record<ServiceMode, ProviderName>>;
  /** The price table the server charges by (credits); null when it did not say. */
  prices: { image: number; video: number; storyPerPhoto: number; storyMinPhotos: number } | null;
}

const FALLBACK: AppInfo = { contactEmail: FALLBACK_CONTACT_EMAIL, mediaBaseUrl: '', engines: {}, prices: null };
let cached: Promise<AppInfo> | null = null;

/** GET get-app-info, read once per page load; a failure falls back to the defaults. */
export function loadAppInfo(): Promise<AppInfo> {
  cached ??= callApiData(getAppInfoCall, { auth: 'none' })
    .then((answer) => ({
      contactEmail: answer.contactEmail.includes('@') ? answer.contactEmail : FALLBACK_CONTACT_EMAIL,
      mediaBaseUrl: answer.mediaBaseUrl,
      engines: answer.engines,
      prices: answer.prices,
    }))
    .catch(() => FALLBACK);
  return cached;
}
