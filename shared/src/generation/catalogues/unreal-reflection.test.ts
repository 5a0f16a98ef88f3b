import { describe, expect, it } from 'vitest';
import { KEEP_IDENTITY } from './identity-phrases';
import { validatePresetDefinition } from './preset-validation';
import { UNREAL_REFLECTION_MODEL, UNREAL_REFLECTION_PRESETS } from './unreal-reflection';

describe('Unreal Reflection catalogue', () => {
  it('has the six presets of spec 1 §3 in order', () => {
    expect(UNREAL_REFLECTION_PRESETS.map((preset) => [preset.id, preset.label])).toEqual([
      ['unreal_reflection_syndicate', 'The Syndicate'],
      ['unreal_reflection_yakuza_heir', 'Yakuza Heir'],
      ['unreal_reflection_gothic_pact', 'The Gothic Pact'],
      ['unreal_reflection_oracle_of_seoul', 'Oracle of Seoul'],
      ['unreal_reflection_medusas_mirror', "Medusa's Mirror"],
      ['unreal_reflection_chromatic_bloom', 'Chromatic Bloom'],
    ]);
  });

  it('uses one image-edit model, strength 0.55, guidance 7.5, 30 steps and 4:5 for all', () => {
    for (const preset of UNREAL_REFLECTION_PRESETS) {
      expect(preset.model).toBe(UNREAL_REFLECTION_MODEL);
      expect(preset.strength).toBe(0.55);
      expect(preset.guidance_scale).toBe(7.5);
      expect(preset.num_inference_steps).toBe(30);
      expect(preset.aspect_ratio).toBe('4:5');
      expect(preset.source).toBe('unreal-reflection');
      expect(preset.requiresSource).toBe(true);
    }
  });

  it('has every field in range and prompts that keep the person', () => {
    for (const preset of UNREAL_REFLECTION_PRESETS) {
      expect(validatePresetDefinition(preset)).toEqual([]);
      expect(preset.prompt).toContain(KEEP_IDENTITY);
      expect(preset.negative_prompt).toContain('different person');
    }
  });

  it('gives every preset its own prompt', () => {
    expect(new Set(UNREAL_REFLECTION_PRESETS.map((preset) => preset.prompt)).size).toBe(6);
  });
});
