import { signUploadCall } from '@app/shared/api/uploads';
import { callApiData } from '../../api/client';
import type { SignUploadRequest, UploadSignature } from './upload-types';

/** POST cloudinary-sign (spec 1 §7): a signature for one direct upload into one of the user's folders. */
export function signUpload(request: SignUploadRequest, signal?: AbortSignal): Promise<UploadSignature> {
  const body: SignUploadRequest = request.resource_type
    ? { folder: request.folder, resource_type: request.resource_type }
    : { folder: request.folder };
  return callApiData(signUploadCall, { body, signal });
}

/**
 * The direct upload's address: same origin, not under the functions base, no auth header
 * (the form's signature authorises it).
 */
export function mediaCloudUploadUrl(cloudName: string): string {
  return `/v1_1/${encodeURIComponent(cloudName)}/auto/upload`;
}
