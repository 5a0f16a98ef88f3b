import { FALLBACK_CONTACT_EMAIL, loadAppInfo } from '../../../api/app-info';
import { useLoadedValue } from '../../../lib/use-loaded-value';

const loadContactEmail = () => loadAppInfo().then((info) => info.contactEmail);

/** The contact mailbox of get-app-info, read once per page load. */
export function useContactEmail(): string {
  return useLoadedValue(loadContactEmail, FALLBACK_CONTACT_EMAIL);
}
