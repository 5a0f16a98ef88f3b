import {
  createStoryCall,
  deleteStoryCall,
  INVALID_EDITOR_TOKEN,
  listAllStoriesCall,
  type Story,
  type StoryInput,
  updateStoryCall,
} from '@app/shared/api/stories';
import { ApiError, errorMessage } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { dropEditorToken, editorAccess } from './editor-token';

/**
 * The editor's calls to story-api (spec 3 §7). The editor is no signed-in person: no session,
 * the shared token as the bearer, checked by the server. A refused token ends the editing session.
 */
export const EDITING_DISABLED_TEXT = 'Story editing is turned off on this server.';

function editorHeaders(token: string) {
  return { auth: 'none' as const, headers: { Authorization: `Bearer ${token}` } };
}

async function withToken<T>(send: (token: string) => Promise<T>, token = editorAccess().token ?? ''): Promise<T> {
  try {
    return await send(token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && editorAccess().token === token) dropEditorToken(INVALID_EDITOR_TOKEN);
    throw error;
  }
}

/** Every story, any status; also how a typed token is checked before it is kept. */
export const listEditorStories = (token?: string, signal?: AbortSignal): Promise<Story[]> =>
  withToken((bearer) => callApiData(listAllStoriesCall, { ...editorHeaders(bearer), query: { all: '1' }, signal }), token);

export const saveStory = async (input: StoryInput, id: string | null): Promise<Story> =>
  withToken(async (bearer) => {
    const options = { ...editorHeaders(bearer), body: input };
    const answer = id ? await callApiData(updateStoryCall, { ...options, query: { id } }) : await callApiData(createStoryCall, options);
    return answer.story;
  });

export const deleteStory = async (id: string): Promise<void> => {
  await withToken((bearer) => callApiData(deleteStoryCall, { ...editorHeaders(bearer), query: { id } }));
};

/** The server's words for a failed editor call; editing turned off has its own sentence. */
export function editorErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'EDITING_DISABLED') return EDITING_DISABLED_TEXT;
  return errorMessage(error, error instanceof Error ? error.message : 'Something went wrong');
}
