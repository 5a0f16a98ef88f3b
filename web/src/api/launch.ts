import { apiRequest } from './client';

/** GET get-launch-status (spec 3 §7). */
export interface LaunchStatusAnswer {
  success: boolean;
  launch: { is_launched: boolean };
}

export function getLaunchStatus(): Promise<LaunchStatusAnswer> {
  return apiRequest<LaunchStatusAnswer>('get-launch-status', { auth: 'none' });
}
