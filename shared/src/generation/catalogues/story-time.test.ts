import { describe, expect, it } from 'vitest';
import { validatePresetDefinition } from './preset-validation';
import { DEFAULT_STORY_TIME_PRESET_ID, STORY_TIME_PRESETS } from './story-time';

describe('Story Time catalogue', () => {
  it('has three motion styles', () => {
    expect(STORY_TIME_PRESETS.map((preset) => [preset.id, preset.label])).toEqual([
      ['story_time_cinematic', 'Cinematic'],
      ['story_time_dreamlike', 'Dreamlike'],
      ['story_time_retro', 'Retro Film'],
    ]);
  });

  it('has every field in range, 4:5, tagged as video', () => {
    for (const preset of STORY_TIME_PRESETS) {
      expect(validatePresetDefinition(preset)).toEqual([]);
      expect(preset.aspect_ratio).toBe('4:5');
      expect(preset.source).toBe('story-time');
      expect(preset.features).toContain('video');
      expect(preset.negative_prompt).toContain('face morphing');
    }
  });

  it('defaults to a listed style', () => {
    expect(STORY_TIME_PRESETS.some((preset) => preset.id === DEFAULT_STORY_TIME_PRESET_ID)).toBe(true);
  });
});
