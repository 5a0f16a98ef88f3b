import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY_TIME_PRESET_ID, STORY_TIME_PRESETS } from './story-time';

describe('Story Time catalogue', () => {
  it('tags every style as video and guards the face against morphing', () => {
    for (const preset of STORY_TIME_PRESETS) {
      expect(preset.features).toContain('video');
      expect(preset.negative_prompt).toContain('face morphing');
    }
  });

  it('defaults to a listed style', () => {
    expect(STORY_TIME_PRESETS.some((preset) => preset.id === DEFAULT_STORY_TIME_PRESET_ID)).toBe(true);
  });
});
