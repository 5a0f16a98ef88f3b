import { checkSecureUrl } from '@app/shared';

/** Whether a source address may be sent with a request (spec 1 §3): https on an allowed host. */
export function isSecureSource(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.length > 0 && checkSecureUrl(url) === null;
}
