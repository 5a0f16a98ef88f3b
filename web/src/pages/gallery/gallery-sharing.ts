import { toast } from '../../components/toast/toast-store';
import { downloadItem, fetchMediaBlob } from '../../entities/media/download';
import { singleDownloadName } from '../../entities/media/download-names';
import { captionOf } from '../../entities/media/caption';
import type { MediaItem } from '../../entities/media/media-item';
import { pageLinkOf } from '../../features/viewer';

/** The gallery's texts (spec 2 §8, mobile). */
export const GALLERY_TEXT = {
  saved: 'Saved to Photos',
  downloadFailed: ['Download Failed', 'Could not download media'],
  shareFailed: ['Share Failed', 'Could not share media'],
  shareUnsupported: ['Share Not Supported', 'Your device does not support sharing files'],
} as const;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Shares one creation with the system share sheet: the file itself where the device can share
 * files, else its address, else says sharing is not supported.
 */
export async function shareItem(item: MediaItem): Promise<void> {
  const url = item.url;
  if (!url) {
    toast.error(...GALLERY_TEXT.shareFailed);
    return;
  }
  const title = 'Made with Mirrorverse';
  const caption = captionOf(item);
  const text = caption.title ?? caption.text;
  try {
    if (typeof navigator.share === 'function' && typeof navigator.canShare === 'function') {
      const blob = await fetchMediaBlob(url).catch(() => null);
      if (blob) {
        const file = new File([blob], singleDownloadName(item), { type: blob.type || (item.mediaType === 'video' ? 'video/mp4' : 'image/jpeg') });
        if (navigator.canShare({ files: [file] })) {
          await navigator.share({ files: [file], title, text });
          return;
        }
      }
    }
    if (typeof navigator.share === 'function') {
      // A public creation has a page with its own preview card; a private one only its file.
      await navigator.share({ title, text, url: item.isPublic ? pageLinkOf(item) : new URL(url, window.location.href).href });
      return;
    }
    toast.error(...GALLERY_TEXT.shareUnsupported);
  } catch (error) {
    if (isAbort(error)) return;
    toast.error(...GALLERY_TEXT.shareFailed);
  }
}

/** Saves one creation to the device: 'Saved to Photos', or 'Download Failed'. */
export async function saveItem(item: MediaItem): Promise<void> {
  try {
    await downloadItem(item);
    toast.success(GALLERY_TEXT.saved);
  } catch {
    toast.error(...GALLERY_TEXT.downloadFailed);
  }
}
