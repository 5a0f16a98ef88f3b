import { describe, expect, it } from 'vitest';
import { CYBER_SIREN_ACCEPTED_IDS, PRESET_CATALOGUES, findPreset } from '../generation/catalogues';
import { GUIDE_LOOKS, LOOK_DESCRIPTIONS } from './looks';

describe('the guide', () => {
  const catalogueIds = [...Object.values(PRESET_CATALOGUES).flatMap((list) => list.map((preset) => preset.id)), ...CYBER_SIREN_ACCEPTED_IDS];

  it('describes every look a catalogue accepts, and nothing else', () => {
    for (const id of catalogueIds) expect(LOOK_DESCRIPTIONS[id], id).toMatch(/\w.{20,}/);
    expect(Object.keys(LOOK_DESCRIPTIONS).sort()).toEqual([...new Set(catalogueIds)].sort());
  });

  it('shows six existing looks of Parallel Self and six of Unreal Reflection', () => {
    expect(GUIDE_LOOKS.map((section) => [section.mode, section.presetIds.length])).toEqual([
      ['parallel-self', 6],
      ['unreal-reflection', 6],
    ]);
    for (const section of GUIDE_LOOKS) for (const id of section.presetIds) expect(findPreset(section.mode, id)?.id).toBe(id);
  });
});
