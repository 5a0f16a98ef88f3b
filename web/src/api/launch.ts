import type { CallResponse } from '@app/shared/api/define-call';
import { getLaunchStatusCall } from '@app/shared/api/launch';
import { callApiData } from './client';

/** GET get-launch-status (spec 3 §7). */
export type LaunchStatusAnswer = CallResponse<typeof getLaunchStatusCall>;

export function getLaunchStatus(): Promise<LaunchStatusAnswer> {
  return callApiData(getLaunchStatusCall, { auth: 'none' });
}

let status: Promise<LaunchStatusAnswer | null> | null = null;

/** get-launch-status, read once per page load (null when it could not be read). */
export function loadLaunchStatusAnswer(): Promise<LaunchStatusAnswer | null> {
  status ??= getLaunchStatus().catch(() => null);
  return status;
}

/** Whether anyone may sign up now (get-launch-status's `signUpOpen`); null when it could not be read. */
export function loadSignUpOpen(): Promise<boolean | null> {
  return loadLaunchStatusAnswer().then((answer) => answer?.signUpOpen ?? null);
}
