import { toast } from '../../components/toast/toast-store';
import { downloadItem } from '../../entities/media/download';
import { captionOf } from '../../entities/media/caption';
import type { MediaItem } from '../../entities/media/media-item';

/** Saves the media as a file (`{brand}-{id}.jpg|mp4`). */
export async function downloadMedia(item: MediaItem): Promise<void> {
  try {
    await downloadItem(item);
  } catch {
    toast.error('Download failed', 'Please try again.');
  }
}

/** The system share sheet where there is one, else the link on the clipboard. */
export async function shareMedia(item: MediaItem): Promise<void> {
  const url = item.url ?? item.posterUrl;
  if (!url) return;
  const caption = captionOf(item);
  const data = { title: 'Made with Mirrorverse', text: caption.title ?? caption.text, url: new URL(url, window.location.href).href };
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share(data);
      return;
    }
    await navigator.clipboard.writeText(data.url);
    toast.success('Link copied', 'Share it anywhere.');
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') return;
    toast.error('Could not share', 'Please try again.');
  }
}
