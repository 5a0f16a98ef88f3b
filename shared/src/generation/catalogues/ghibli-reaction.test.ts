import { describe, expect, it } from 'vitest';
import {
  GHIBLI_REACTION_ADDONS,
  GHIBLI_REACTION_BASE_PROMPT,
  GHIBLI_REACTION_PRESETS,
  ghibliReactionPrompt,
} from './ghibli-reaction';
import type { GhibliReactionId } from './ghibli-reaction';

describe('Ghibli Reaction catalogue', () => {
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
