import type { PresetDefinition } from '../types';
import { type CatalogueMode, presetLook } from './looks';
import { PHOTO_PRESET_DEFAULTS } from './photo-preset-defaults';

/** The settings of a preset, apart from its look (id, name, tags), its group and its prompts. */
type PresetSettings = Omit<PresetDefinition, 'id' | 'label' | 'features' | 'source' | 'prompt' | 'negative_prompt'>;

/**
 * One look of a catalogue: its prompt, what it avoids beyond the group's negative prompt, and
 * its own settings — at least each one that neither the photo defaults nor the group give.
 */
export type CatalogueLook<Shared> = { id: string; prompt: string; avoid?: string } & Partial<PresetSettings> &
  Pick<PresetSettings, Exclude<keyof PresetSettings, keyof typeof PHOTO_PRESET_DEFAULTS | keyof Shared>>;

/**
 * A mode's presets, in the order given. Each is the photo defaults, the settings its group
 * shares (its source is its mode), its own settings, its name and tags from looks.ts and its
 * prompt; its negative prompt is the group's with what the look avoids added.
 */
export function defineCatalogue<Shared extends Partial<PresetSettings>>(
  mode: CatalogueMode,
  shared: Shared,
  negative: string,
  looks: readonly CatalogueLook<NoInfer<Shared>>[],
): PresetDefinition[] {
  // CatalogueLook makes each preset whole; the compiler cannot follow that through the spreads.
  return looks.map(({ id, prompt, avoid, ...own }) => ({
    ...PHOTO_PRESET_DEFAULTS,
    source: mode,
    ...shared,
    ...own,
    ...presetLook(mode, id),
    prompt,
    negative_prompt: avoid ? `${negative}, ${avoid}` : negative,
  })) as PresetDefinition[];
}
