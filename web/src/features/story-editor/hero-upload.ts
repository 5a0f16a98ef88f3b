import { STORY_HERO_IMAGE_CALL, storyHeroImageAnswerSchema } from '@app/shared/api/stories';
import type { ApiErrorBody } from '@app/shared';
import { FUNCTIONS_BASE } from '../../api/client';
import { editorAccess } from './editor-token';

/**
 * The hero image's upload with the editor's own token (POST story-hero-image, multipart): the
 * editor holds no account, so it needs no separate sign-in. Answers the image's address.
 */
export async function uploadHeroImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(`${FUNCTIONS_BASE}/${STORY_HERO_IMAGE_CALL}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${editorAccess().token ?? ''}` },
  });
  const body: unknown = await response.json().catch(() => undefined);
  const answer = storyHeroImageAnswerSchema.safeParse(body);
  if (response.ok && answer.success) return answer.data.url;
  const error = (body as ApiErrorBody | undefined)?.error;
  throw new Error(typeof error === 'string' && error ? error : `Upload failed (${response.status})`);
}
