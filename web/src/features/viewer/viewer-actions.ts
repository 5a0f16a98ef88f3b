import { toast } from '../../components/toast/toast-store';
import type { FeedItem } from '../feed/feed-item';

function extensionOf(item: FeedItem): string {
  const match = /\.([a-z0-9]{2,5})(?:\?|$)/i.exec(item.url);
  return match?.[1]?.toLowerCase() ?? (item.type === 'video' ? 'mp4' : 'jpg');
}

/** Saves the media as a file (the browser's download). */
export async function downloadMedia(item: FeedItem): Promise<void> {
  try {
    const response = await fetch(item.url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `mirrorverse-${item.id}.${extensionOf(item)}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch {
    toast.error('Download failed', 'Please try again.');
  }
}

/** The system share sheet where there is one, else the link on the clipboard. */
export async function shareMedia(item: FeedItem): Promise<void> {
  const data = { title: 'Made with Mirrorverse', text: item.prompt || 'A creation on Mirrorverse', url: item.url };
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share(data);
      return;
    }
    await navigator.clipboard.writeText(item.url);
    toast.success('Link copied', 'Share it anywhere.');
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') return;
    toast.error('Could not share', 'Please try again.');
  }
}
