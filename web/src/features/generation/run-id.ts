import { isValidRunId } from '@app/shared';

/** A fresh run id (crypto.randomUUID: 36 of [0-9a-f-], within the 8–100 of [A-Za-z0-9_-] the api takes). */
export function createRunId(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  // Outside a secure context randomUUID is missing; getRandomValues still works.
  const bytes = new Uint8Array(16);
  if (cryptoApi && typeof cryptoApi.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  const id = `run-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return isValidRunId(id) ? id : `run-${Date.now().toString(36)}`;
}
