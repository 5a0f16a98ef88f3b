import { describe, expect, it } from 'vitest';
import { CYBER_SIREN_ACCEPTED_IDS } from './cyber-siren';
import { CATALOGUE_MODES, findPreset, PRESET_CATALOGUES } from './index';
import { findPresetLook, PRESET_LOOKS } from './looks';

describe('preset looks (what the composer lists without the prompt text)', () => {
  it('lists each catalogue preset, in order, with its name and tags', () => {
    for (const mode of CATALOGUE_MODES) {
      expect(PRESET_LOOKS[mode], mode).toEqual(PRESET_CATALOGUES[mode].map(({ id, label, features }) => ({ id, label, features })));
    }
  });

  it('finds the look of every preset findPreset finds, the cyber siren variants included', () => {
    const ids = CATALOGUE_MODES.flatMap((mode) => PRESET_CATALOGUES[mode].map((preset) => [mode, preset.id] as const));
    for (const [mode, id] of [...ids, ...CYBER_SIREN_ACCEPTED_IDS.map((id) => ['cyber-siren', id] as const)]) {
      const preset = findPreset(mode, id);
      expect(preset, id).toBeDefined();
      expect(findPresetLook(mode, id), id).toEqual({ id, label: preset?.label, features: preset?.features });
    }
    expect(findPresetLook('cyber-siren', 'nope')).toBeUndefined();
    expect(findPresetLook('custom-prompt', 'neo_tokyo_base')).toBeUndefined();
  });
});
