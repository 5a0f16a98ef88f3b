import { getUserSettingsCall, uploadAgreementCall, type UserSettings } from '@app/shared/api/account';
import { callApiData } from '../../api/client';

/** GET user-settings. */
export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await callApiData(getUserSettingsCall, { signal })).settings;
}

/** POST upload-agreement: records the acceptance (no body). */
export async function postUploadAgreement(): Promise<void> {
  await callApiData(uploadAgreementCall);
}
