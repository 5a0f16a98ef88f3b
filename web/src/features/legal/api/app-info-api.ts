import { getAppInfoCall } from '@app/shared/api/launch';
import { callApiData } from '../../../api/client';
import { useLoadedValue } from '../../../lib/use-loaded-value';

/** The mailbox the legal pages name when the server does not say (spec 2 §2: a hello mailbox). */
export const FALLBACK_CONTACT_EMAIL = 'hello@mirrorverse.app';

let cached: Promise<string> | null = null;

/** GET get-app-info → contactEmail; read once per page load. */
export function loadContactEmail(): Promise<string> {
  cached ??= callApiData(getAppInfoCall, { auth: 'none' })
    .then((answer) => (answer.contactEmail.includes('@') ? answer.contactEmail : FALLBACK_CONTACT_EMAIL))
    .catch(() => FALLBACK_CONTACT_EMAIL);
  return cached;
}

export function useContactEmail(): string {
  return useLoadedValue(loadContactEmail, FALLBACK_CONTACT_EMAIL);
}
