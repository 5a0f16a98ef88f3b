/** Preset types as stored on media, with the labels of spec 2 §9. */
export const PRESET_TYPE_LABELS = {
  cyber_siren: 'Cyber Siren',
  ghibli_reaction: 'Ghibli Reaction',
  unreal_reflection: 'Unreal Reflection',
  presets: 'Presets',
  custom_prompt: 'Custom Prompt',
  story_time: 'Story Time',
  edit: 'Studio',
  parallel_self: 'Parallel Self',
} as const;

export type PresetType = keyof typeof PRESET_TYPE_LABELS;

export const PRESET_TYPES = Object.keys(PRESET_TYPE_LABELS) as PresetType[];

export function isPresetType(value: string): value is PresetType {
  return Object.hasOwn(PRESET_TYPE_LABELS, value);
}

/** The likes map key of spec 1 §3: preset type with dashes as underscores, a colon, the id. */
export function likeKey(presetType: string, mediaId: string): string {
  return `${presetType.replace(/-/g, '_')}:${mediaId}`;
}
