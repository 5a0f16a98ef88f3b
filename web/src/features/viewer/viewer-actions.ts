import { toast } from '../../components/toast/toast-store';
import { downloadItem } from '../../entities/media/download';
import { captionOf } from '../../entities/media/caption';
import type { MediaItem } from '../../entities/media/media-item';
import { paths } from '../../config/paths';

/** Saves the media as a file (`{brand}-{id}.jpg|mp4`). */
export async function downloadMedia(item: MediaItem): Promise<void> {
  try {
    await downloadItem(item);
  } catch {
    toast.error('Download failed', 'Please try again.');
  }
}

/** The creation's page, /m/<id>: what a shared link opens (with its own preview card). */
export function pageLinkOf(item: Pick<MediaItem, 'id'>): string {
  return `${window.location.origin}${paths.media.getHref(item.id)}`;
}

/** The system share sheet where there is one, else the creation's page link on the clipboard. */
export async function shareMedia(item: MediaItem): Promise<void> {
  const caption = captionOf(item);
  const data = { title: 'Made with Mirrorverse', text: caption.title ?? caption.text, url: pageLinkOf(item) };
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share(data);
      return;
    }
    await navigator.clipboard.writeText(data.url);
    toast.success('Page link copied', 'Anyone with the link can see this creation.');
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') return;
    toast.error('Could not share', 'Please try again.');
  }
}
