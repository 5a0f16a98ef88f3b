import type { ServiceMode } from './types';

/** The engines a run can be made by: the built-in ones and the remote AI providers. */
export const PROVIDER_NAMES = ['local', 'instant', 'fal', 'bfl', 'stability', 'replicate', 'comfyui'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Providers that are real generative models (the others restyle the photo on our CPU). */
export const AI_PROVIDERS = ['fal', 'bfl', 'stability', 'replicate', 'comfyui'] as const satisfies readonly ProviderName[];
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** What a person reads as the engine that made an image (the viewer) and operators in the diagnosis. */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  local: 'Local preview',
  instant: 'Instant preview',
  fal: 'fal.ai',
  bfl: 'Black Forest Labs',
  stability: 'Stability AI',
  replicate: 'Replicate',
  comfyui: 'ComfyUI',
};

export function isAiProvider(name: string): name is AiProviderName {
  return (AI_PROVIDERS as readonly string[]).includes(name);
}

/** The label of a stored provider name; an unknown one (an older row) reads as itself. */
export function providerLabel(name: string | undefined): string | undefined {
  if (!name) return undefined;
  return (PROVIDER_LABELS as Record<string, string>)[name] ?? name;
}

/** `GENERATION_PROVIDER_<MODE>`: the service mode in upper snake case. */
export function modeEnvSuffix(mode: ServiceMode): string {
  return mode.toUpperCase().replace(/-/g, '_');
}
