import { describe, expect, it } from 'vitest';
import { CATALOGUE_MODES, findPreset, isCatalogueMode, PRESET_CATALOGUES } from '.';
import { CYBER_SIREN_ACCEPTED_IDS } from './cyber-siren';
import { validatePresetDefinition } from './preset-validation';

const all = Object.values(PRESET_CATALOGUES).flat();

describe('PRESET_CATALOGUES', () => {
  it('lists the five catalogue modes with their sizes', () => {
    expect(Object.fromEntries(Object.entries(PRESET_CATALOGUES).map(([mode, list]) => [mode, list.length]))).toEqual({
      'unreal-reflection': 6,
      'parallel-self': 6,
      'ghibli-reaction': 4,
      'cyber-siren': 5,
      'story-time': 3,
    });
    expect(CATALOGUE_MODES).toHaveLength(5);
  });

  it('has ids unique across all catalogues (variants included)', () => {
    const ids = [...all.map((preset) => preset.id), ...CYBER_SIREN_ACCEPTED_IDS.filter((id) => !all.some((p) => p.id === id))];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(24 + 3);
  });

  it('has labels unique within each catalogue', () => {
    for (const list of Object.values(PRESET_CATALOGUES)) {
      expect(new Set(list.map((preset) => preset.label)).size).toBe(list.length);
    }
  });

  it('has every field present and in range, with source = its mode', () => {
    for (const [mode, list] of Object.entries(PRESET_CATALOGUES)) {
      for (const preset of list) {
        expect(validatePresetDefinition(preset)).toEqual([]);
        expect(preset.source).toBe(mode);
      }
    }
  });

  it('uses only the aspect ratios of the spec (and 4:5 for cyber siren and story time)', () => {
    const ratios = new Set(all.map((preset) => preset.aspect_ratio));
    expect([...ratios].sort()).toEqual(['1:1', '3:4', '4:5']);
  });
});

describe('findPreset', () => {
  it('finds a preset in its own mode only', () => {
    expect(findPreset('unreal-reflection', 'unreal_reflection_syndicate')?.label).toBe('The Syndicate');
    expect(findPreset('parallel-self', 'unreal_reflection_syndicate')).toBeUndefined();
    expect(findPreset('ghibli-reaction', 'ghibli_reaction_love')?.strength).toBe(0.35);
    expect(findPreset('story-time', 'story_time_retro')?.label).toBe('Retro Film');
  });

  it('accepts the cyber siren variants', () => {
    for (const id of CYBER_SIREN_ACCEPTED_IDS) expect(findPreset('cyber-siren', id)?.id).toBe(id);
  });

  it('answers undefined for modes without a catalogue and unknown ids', () => {
    expect(findPreset('presets', 'unreal_reflection_syndicate')).toBeUndefined();
    expect(findPreset('custom-prompt', 'x')).toBeUndefined();
    expect(findPreset('edit-photo', 'x')).toBeUndefined();
    expect(findPreset('unreal-reflection', 'constructor')).toBeUndefined();
    expect(findPreset('nonsense', 'story_time_retro')).toBeUndefined();
  });

  it('recognises catalogue modes', () => {
    expect(isCatalogueMode('cyber-siren')).toBe(true);
    expect(isCatalogueMode('presets')).toBe(false);
    expect(isCatalogueMode('toString')).toBe(false);
  });
});
