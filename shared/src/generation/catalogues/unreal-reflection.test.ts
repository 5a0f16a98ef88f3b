import { describe, expect, it } from 'vitest';
import { KEEP_IDENTITY } from './identity-phrases';
import { UNREAL_REFLECTION_PRESETS } from './unreal-reflection';

describe('Unreal Reflection catalogue', () => {
  it('has prompts that keep the person', () => {
    for (const preset of UNREAL_REFLECTION_PRESETS) {
      expect(preset.prompt).toContain(KEEP_IDENTITY);
      expect(preset.negative_prompt).toContain('different person');
    }
  });

  it('gives every preset its own prompt', () => {
    expect(new Set(UNREAL_REFLECTION_PRESETS.map((preset) => preset.prompt)).size).toBe(6);
  });
});
