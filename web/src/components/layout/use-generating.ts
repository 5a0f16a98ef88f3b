import { useGenerationStatus } from '../../state/generation-store';

/** Whether a generation runs now (the profile button's spinner ring). */
export function useIsGenerating(): boolean {
  return useGenerationStatus((status) => status.isGenerating);
}
