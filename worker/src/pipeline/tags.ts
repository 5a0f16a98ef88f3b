import type { PresetDefinition } from '@app/shared';

const STOP_WORDS = new Set([
  'with', 'this', 'that', 'from', 'into', 'over', 'under', 'your', 'their', 'have', 'make', 'like', 'very', 'just',
  'same', 'face', 'person', 'photo', 'image', 'portrait', 'style', 'keep', 'keeping', 'while', 'where', 'there',
]);

/** Tags for the tag pages: the preset's features and type, then a few words of the prompt. */
export function deriveTags(presetType: string, preset: PresetDefinition | undefined, prompt: string): string[] {
  const tags = new Set<string>([presetType.replace(/_/g, '-')]);
  for (const feature of preset?.features ?? []) tags.add(feature.toLowerCase());
  const words = prompt.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? [];
  for (const word of words) {
    if (tags.size >= 8) break;
    if (!STOP_WORDS.has(word)) tags.add(word);
  }
  return [...tags].slice(0, 8);
}
