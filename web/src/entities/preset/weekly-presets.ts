import type { WeeklyPreset } from '@app/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { fetchWeeklyPresets } from './weekly-presets-api';

/** This week's presets (GET get-presets): loaded once per session, shared by the composer and the engine. */
export const weeklyPresetsQuery = {
  queryKey: queryKeys.presets(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchWeeklyPresets(signal),
  staleTime: Infinity,
} as const;

export interface WeeklyPresets {
  /** null until loaded. */
  presets: readonly WeeklyPreset[] | null;
  status: 'loading' | 'ready' | 'error';
}

export function useWeeklyPresets(): WeeklyPresets {
  const query = useQuery(weeklyPresetsQuery);
  return {
    presets: query.data?.presets ?? null,
    status: query.isSuccess ? 'ready' : query.isError ? 'error' : 'loading',
  };
}

/** The loaded list, for the engine's check of a preset key (null: not loaded). */
export function loadedWeeklyPresets(client: QueryClient): readonly WeeklyPreset[] | null {
  return client.getQueryData<Awaited<ReturnType<typeof fetchWeeklyPresets>>>(queryKeys.presets())?.presets ?? null;
}
