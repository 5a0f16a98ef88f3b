import type { PresetDefinition, ServiceMode } from '../types';
import type { CatalogueMode } from './looks';
import { CYBER_SIREN_PRESETS, resolveCyberSirenPreset } from './cyber-siren';
import { GHIBLI_REACTION_PRESETS } from './ghibli-reaction';
import { PARALLEL_SELF_PRESETS } from './parallel-self';
import { STORY_TIME_PRESETS } from './story-time';
import { UNREAL_REFLECTION_PRESETS } from './unreal-reflection';

export * from './cyber-siren';
export * from './preset-validation';
export * from './ghibli-reaction';
export * from './looks';
export * from './parallel-self';
export * from './story-time';
export * from './unreal-reflection';

/** What the UI lists per mode (the cyber siren variants are accepted but not listed). */
export const PRESET_CATALOGUES: Record<CatalogueMode, PresetDefinition[]> = {
  'unreal-reflection': UNREAL_REFLECTION_PRESETS,
  'parallel-self': PARALLEL_SELF_PRESETS,
  'ghibli-reaction': GHIBLI_REACTION_PRESETS,
  'cyber-siren': CYBER_SIREN_PRESETS,
  'story-time': STORY_TIME_PRESETS,
};

export const CATALOGUE_MODES = Object.keys(PRESET_CATALOGUES) as CatalogueMode[];

export function isCatalogueMode(mode: string): mode is CatalogueMode {
  return Object.hasOwn(PRESET_CATALOGUES, mode);
}

/**
 * The preset `id` of `serviceMode`'s catalogue, or undefined (also for the modes without one:
 * presets, custom-prompt, edit-photo). Cyber siren accepts its variants too.
 */
export function findPreset(serviceMode: ServiceMode | string, id: string): PresetDefinition | undefined {
  if (!isCatalogueMode(serviceMode)) return undefined;
  if (serviceMode === 'cyber-siren') return resolveCyberSirenPreset(id);
  return PRESET_CATALOGUES[serviceMode].find((preset) => preset.id === id);
}
