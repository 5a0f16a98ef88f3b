import { NON_FILE_STRING_MESSAGE } from '@app/shared';

const DATA_URL = /^data:([^,]*),(.*)$/is;

export function isDataUrl(value: string): boolean {
  return /^data:/i.test(value.trim());
}

/**
 * A `data:` URL as a Blob (its media type kept). Any other string is refused with
 * 'Non-file string passed to upload' (spec 1 §5): remote URLs are never uploaded.
 */
export function dataUrlToBlob(value: string): Blob {
  const match = DATA_URL.exec(value.trim());
  if (!match) throw new Error(NON_FILE_STRING_MESSAGE);
  const header = match[1] ?? '';
  const payload = match[2] ?? '';
  const parts = header.split(';');
  const type = (parts[0] ?? '').trim().toLowerCase();
  const isBase64 = parts.slice(1).some((part) => part.trim().toLowerCase() === 'base64');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (isBase64) {
      const binary = atob(payload.replace(/\s+/g, ''));
      bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    } else {
      bytes = new TextEncoder().encode(decodeURIComponent(payload));
    }
  } catch {
    throw new Error(NON_FILE_STRING_MESSAGE);
  }
  return new Blob([bytes], { type });
}
