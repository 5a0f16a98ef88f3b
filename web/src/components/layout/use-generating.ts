import { useSyncExternalStore } from 'react';
import { getGenerationState, subscribeGeneration } from '../../features/generation/generation-service';

/** Whether a generation runs now (the profile button's spinner ring). */
export function useIsGenerating(): boolean {
  return useSyncExternalStore(subscribeGeneration, () => getGenerationState().isGenerating, () => false);
}
