import { describe, expect, it } from 'vitest';
import {
  GHIBLI_REACTION_ADDONS,
  GHIBLI_REACTION_BASE_PROMPT,
  GHIBLI_REACTION_PRESETS,
  ghibliReactionPrompt,
} from './ghibli-reaction';
import type { GhibliReactionId } from './ghibli-reaction';
import { validatePresetDefinition } from './preset-validation';

describe('Ghibli Reaction catalogue', () => {
  it('has Tears, Shock, Sparkle and Love', () => {
    expect(GHIBLI_REACTION_PRESETS.map((preset) => [preset.id, preset.label])).toEqual([
      ['ghibli_reaction_tears', 'Tears'],
      ['ghibli_reaction_shock', 'Shock'],
      ['ghibli_reaction_sparkle', 'Sparkle'],
      ['ghibli_reaction_love', 'Love'],
    ]);
  });

  it('uses the settings of spec 1 §3 (Love: strength 0.35, 28 steps)', () => {
    for (const preset of GHIBLI_REACTION_PRESETS) {
      const love = preset.id === 'ghibli_reaction_love';
      expect(preset.strength).toBe(love ? 0.35 : 0.45);
      expect(preset.num_inference_steps).toBe(love ? 28 : 30);
      expect(preset.image_prompt_strength).toBe(0.35);
      expect(preset.guidance_scale).toBe(8);
      expect(preset.aspect_ratio).toBe('3:4');
      expect(preset.source).toBe('ghibli-reaction');
      expect(validatePresetDefinition(preset)).toEqual([]);
    }
  });

  it('builds each prompt from the shared base and its own add-on', () => {
    for (const preset of GHIBLI_REACTION_PRESETS) {
      const addOn = GHIBLI_REACTION_ADDONS[preset.id as GhibliReactionId];
      expect(addOn).toBeTruthy();
      expect(preset.prompt).toBe(`${GHIBLI_REACTION_BASE_PROMPT} ${addOn}`);
      expect(ghibliReactionPrompt(preset.id as GhibliReactionId)).toBe(preset.prompt);
    }
    expect(Object.keys(GHIBLI_REACTION_ADDONS).sort()).toEqual(GHIBLI_REACTION_PRESETS.map((preset) => preset.id).sort());
  });

  it('keeps the person recognisable and avoids a photo look', () => {
    expect(GHIBLI_REACTION_BASE_PROMPT).toContain('same person');
    for (const preset of GHIBLI_REACTION_PRESETS) expect(preset.negative_prompt).toContain('photorealistic');
  });
});
