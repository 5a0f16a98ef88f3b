import { apiRequest } from '../../../api/client';

export interface UserSettings {
  share_to_feed: boolean;
  media_upload_agreed: boolean;
}

/** GET user-settings. */
export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  const answer = await apiRequest<{ settings?: Partial<UserSettings> }>('user-settings', { signal });
  return {
    share_to_feed: answer.settings?.share_to_feed !== false,
    media_upload_agreed: answer.settings?.media_upload_agreed === true,
  };
}

/** POST upload-agreement: records the acceptance (no body). */
export async function postUploadAgreement(): Promise<void> {
  await apiRequest('upload-agreement', { method: 'POST' });
}
