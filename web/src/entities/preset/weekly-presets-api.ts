import type { WeeklyPreset } from '@app/shared';
import { getPresetsCall } from '@app/shared/api/presets';
import { callApiData } from '../../api/client';

/** GET get-presets: this week's presets, parsed with the shared schema (the home screen asks at once). */
export async function fetchWeeklyPresets(signal?: AbortSignal): Promise<{ presets: WeeklyPreset[]; currentWeek: string }> {
  const answer = await callApiData(getPresetsCall, { auth: 'none', signal });
  return { presets: answer.data.presets, currentWeek: answer.currentWeek };
}
