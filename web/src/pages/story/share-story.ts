import { toast } from '../../components/toast/toast-store';

export const STORY_LINK_COPIED = 'Story link copied to clipboard!';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Shares a story with the system share sheet where there is one, else copies its link (spec 3 §8). */
export async function shareStory(story: { title: string; teaser_text: string }, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: story.title, text: story.teaser_text, url });
      return;
    } catch (error) {
      if (isAbort(error)) return;
      // A refused share sheet falls back to the copy.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(STORY_LINK_COPIED);
  } catch {
    toast.error('Could not copy the link', url);
  }
}
