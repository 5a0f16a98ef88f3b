import { singleDownloadName } from './download-names';
import type { MediaItem } from './media-item';

/** Fetching media files and handing them to the browser as downloads. */

/**
 * The file behind a media url, fetched directly. Stored media lives under /media on the api:
 * when an absolute address of it cannot be read from this page (another host name for the
 * same server, without CORS), the same path on this origin is tried.
 */
export async function fetchMediaBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return await readBlob(url, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    const sameOrigin = sameOriginFallback(url);
    if (!sameOrigin) throw error;
    return readBlob(sameOrigin, signal);
  }
}

async function readBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`Download of ${url} answered ${response.status}`);
  return response.blob();
}

function sameOriginFallback(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin === window.location.origin || !parsed.pathname.startsWith('/media/')) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Downloads one item as `{brand}-{id}.jpg|mp4`. */
export async function downloadItem(item: Pick<MediaItem, 'id' | 'mediaType' | 'url'>): Promise<void> {
  const url = item.url;
  if (!url) throw new Error('This item has no file yet');
  saveBlob(await fetchMediaBlob(url), singleDownloadName(item));
}
