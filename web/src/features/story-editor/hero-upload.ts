import { signUploadCall, uploadAnswerSchema, uploadErrorSchema } from '@app/shared/api/uploads';
import { callApiData } from '../../api/client';

/**
 * The hero image's upload: the app's direct upload to the media cloud (a signature from
 * cloudinary-sign for the signed-in person's own folder, then the multipart POST). The upload
 * manager lives inside the create flow, so the editor makes these two calls itself.
 */
export async function uploadHeroImage(file: File): Promise<string> {
  const signature = await callApiData(signUploadCall, { body: { folder: 'users/me', resource_type: 'image' } });
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('timestamp', String(signature.timestamp));
  form.append('signature', signature.signature);
  form.append('api_key', signature.apiKey);
  form.append('folder', signature.folder);
  form.append('resource_type', 'image');
  const response = await fetch(`/v1_1/${encodeURIComponent(signature.cloudName)}/auto/upload`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => undefined);
  const uploaded = uploadAnswerSchema.safeParse(body);
  if (response.ok && uploaded.success) return uploaded.data.secure_url;
  const failure = uploadErrorSchema.safeParse(body);
  throw new Error(failure.success ? failure.data.error.message : `Upload failed (${response.status})`);
}
