import { INVALID_SECURE_URL_MESSAGE } from './error-messages';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Spec 1 §5: the secure URL an upload returns must be https; null when it is, else the message.
 * Plain http is accepted for loopback hosts only (a secure context in browsers), so the embedded
 * development set-up on http://localhost works.
 */
export function checkSecureUrl(url: unknown): string | null {
  if (typeof url !== 'string') return INVALID_SECURE_URL_MESSAGE;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return null;
    if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)) return null;
    return INVALID_SECURE_URL_MESSAGE;
  } catch {
    return INVALID_SECURE_URL_MESSAGE;
  }
}
