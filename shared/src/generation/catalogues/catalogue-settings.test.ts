import { describe, expect, it } from 'vitest';
import type { PresetDefinition } from '../types';
import { CYBER_SIREN_PRESETS } from './cyber-siren';
import { GHIBLI_REACTION_PRESETS } from './ghibli-reaction';
import { PARALLEL_SELF_PRESETS } from './parallel-self';
import { validatePresetDefinition } from './preset-validation';
import { STORY_TIME_PRESETS } from './story-time';
import { UNREAL_REFLECTION_MODEL, UNREAL_REFLECTION_PRESETS } from './unreal-reflection';

type Settings = Partial<Pick<PresetDefinition, 'strength' | 'guidance_scale' | 'num_inference_steps' | 'aspect_ratio' | 'image_prompt_strength' | 'model'>>;

interface Catalogue {
  name: string;
  presets: readonly PresetDefinition[];
  source: string;
  /** Ids and labels in the order spec 1 §3 lists them. */
  listed: [id: string, label: string][];
  /** The generation settings spec 1 §3 gives each preset (our choice where it is silent). */
  settings: (preset: PresetDefinition) => Settings;
}

/** Parallel Self varies strength and framing per look. */
const PARALLEL_SELF_SETTINGS: Record<string, Settings> = {
  parallel_self_black_aura: { strength: 0.58, aspect_ratio: '4:5' },
  parallel_self_untouchable: { strength: 0.57, aspect_ratio: '1:1' },
  parallel_self_neon_proof: { strength: 0.59, aspect_ratio: '4:5' },
  parallel_self_mechanic: { strength: 0.58, aspect_ratio: '4:5' },
  parallel_self_colorcore: { strength: 0.6, aspect_ratio: '1:1' },
  parallel_self_getaway_lookbook: { strength: 0.57, aspect_ratio: '4:5' },
};

const CATALOGUES: Catalogue[] = [
  {
    name: 'Unreal Reflection',
    presets: UNREAL_REFLECTION_PRESETS,
    source: 'unreal-reflection',
    listed: [
      ['unreal_reflection_syndicate', 'The Syndicate'],
      ['unreal_reflection_yakuza_heir', 'Yakuza Heir'],
      ['unreal_reflection_gothic_pact', 'The Gothic Pact'],
      ['unreal_reflection_oracle_of_seoul', 'Oracle of Seoul'],
      ['unreal_reflection_medusas_mirror', "Medusa's Mirror"],
      ['unreal_reflection_chromatic_bloom', 'Chromatic Bloom'],
    ],
    settings: () => ({ model: UNREAL_REFLECTION_MODEL, strength: 0.55, guidance_scale: 7.5, num_inference_steps: 30, aspect_ratio: '4:5' }),
  },
  {
    name: 'Parallel Self',
    presets: PARALLEL_SELF_PRESETS,
    source: 'parallel-self',
    listed: [
      ['parallel_self_black_aura', 'Black Aura'],
      ['parallel_self_untouchable', 'The Untouchable'],
      ['parallel_self_neon_proof', 'Neon Proof'],
      ['parallel_self_mechanic', 'The Mechanic'],
      ['parallel_self_colorcore', 'Colorcore'],
      ['parallel_self_getaway_lookbook', 'Getaway Lookbook'],
    ],
    settings: (preset) => PARALLEL_SELF_SETTINGS[preset.id] ?? {},
  },
  {
    name: 'Ghibli Reaction',
    presets: GHIBLI_REACTION_PRESETS,
    source: 'ghibli-reaction',
    listed: [
      ['ghibli_reaction_tears', 'Tears'],
      ['ghibli_reaction_shock', 'Shock'],
      ['ghibli_reaction_sparkle', 'Sparkle'],
      ['ghibli_reaction_love', 'Love'],
    ],
    settings: (preset) => {
      const love = preset.id === 'ghibli_reaction_love';
      return { strength: love ? 0.35 : 0.45, num_inference_steps: love ? 28 : 30, image_prompt_strength: 0.35, guidance_scale: 8, aspect_ratio: '3:4' };
    },
  },
  {
    name: 'Cyber Siren',
    presets: CYBER_SIREN_PRESETS,
    source: 'cyber-siren',
    listed: [
      ['neo_tokyo_base', 'Cyber Siren'],
      ['silver_proxy', 'Silver Proxy'],
      ['serpent_line', 'Serpent Line'],
      ['smoke_signal', 'Smoke Signal'],
      ['signal_loss', 'Signal Loss'],
    ],
    settings: () => ({ model: CYBER_SIREN_PRESETS[0]?.model, strength: 0.55, guidance_scale: 6.5, num_inference_steps: 40, aspect_ratio: '4:5' }),
  },
  {
    name: 'Story Time',
    presets: STORY_TIME_PRESETS,
    source: 'story-time',
    listed: [
      ['story_time_cinematic', 'Cinematic'],
      ['story_time_dreamlike', 'Dreamlike'],
      ['story_time_retro', 'Retro Film'],
    ],
    settings: () => ({ aspect_ratio: '4:5' }),
  },
];

describe.each(CATALOGUES)('$name catalogue', ({ presets, source, listed, settings }) => {
  it('lists the presets of spec 1 §3, in order', () => {
    expect(presets.map((preset) => [preset.id, preset.label])).toEqual(listed);
  });

  it('gives each preset its settings, in range, tagged with the catalogue', () => {
    for (const preset of presets) {
      const expected = settings(preset);
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, preset[key as keyof Settings]]));
      expect(actual, preset.id).toEqual(expected);
      expect(preset.source).toBe(source);
      expect(validatePresetDefinition(preset), preset.id).toEqual([]);
    }
  });
});
