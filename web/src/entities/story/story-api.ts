import { getStoryCall, listStoriesCall, type Story } from '@app/shared/api/stories';
import { callApiData } from '../../api/client';

/** The public story calls (spec 3 §7 story-api): no session needed, so none is sent. */

export type { Story };

export function fetchStories(signal?: AbortSignal): Promise<Story[]> {
  return callApiData(listStoriesCall, { auth: 'none', signal });
}

export function fetchStory(slug: string, signal?: AbortSignal): Promise<Story> {
  return callApiData(getStoryCall, { auth: 'none', signal, query: { slug } });
}
