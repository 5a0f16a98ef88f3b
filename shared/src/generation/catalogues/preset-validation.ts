import { ASPECT_RATIO_VALUES } from '../aspect-ratio';
import type { PresetDefinition } from '../types';

/** The placeholders a randomized (Colorcore) base prompt must carry. */
export const COLORCORE_PLACEHOLDERS = ['{color}', '{colorDescription}', '{femaleStyling}', '{maleStyling}', '{pose}'] as const;

const FEATURE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ID_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** Problems of a preset definition (empty when every field of spec 1 §3 is present and in range). */
export function validatePresetDefinition(preset: PresetDefinition): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string): void => {
    if (!ok) problems.push(`${preset.id || '(no id)'}: ${message}`);
  };
  check(ID_PATTERN.test(preset.id), 'id must be lowercase words joined by _');
  check(preset.label.trim().length > 0, 'label is empty');
  check(preset.prompt.trim().length >= 40, 'prompt is too short');
  check(!/\{[a-zA-Z]+\}/.test(preset.prompt), 'prompt has an unfilled placeholder');
  check(preset.negative_prompt.trim().length > 0, 'negative_prompt is empty');
  check(preset.strength > 0 && preset.strength <= 1, 'strength must be in (0, 1]');
  check(preset.model.trim().length > 0, 'model is empty');
  check(preset.mode === 'i2i', "mode must be 'i2i'");
  check(preset.input === 'image', "input must be 'image'");
  check(typeof preset.requiresSource === 'boolean', 'requiresSource must be a boolean');
  check(preset.source.trim().length > 0, 'source (group) is empty');
  check(preset.guidance_scale >= 1 && preset.guidance_scale <= 20, 'guidance_scale must be in [1, 20]');
  check(Number.isInteger(preset.num_inference_steps) && preset.num_inference_steps >= 1 && preset.num_inference_steps <= 100, 'num_inference_steps must be an integer in [1, 100]');
  check(preset.features.length >= 2 && preset.features.length <= 5, 'features: 2 to 5 tags');
  check(preset.features.every((tag) => FEATURE_PATTERN.test(tag)), 'features must be lowercase and hyphenated');
  check(new Set(preset.features).size === preset.features.length, 'features must be unique');
  check(typeof preset.prompt_upsampling === 'boolean', 'prompt_upsampling must be a boolean');
  check(Number.isInteger(preset.safety_tolerance) && preset.safety_tolerance >= 0 && preset.safety_tolerance <= 6, 'safety_tolerance must be an integer in [0, 6]');
  check(['jpeg', 'png', 'webp'].includes(preset.output_format), 'output_format must be jpeg, png or webp');
  check(typeof preset.raw === 'boolean', 'raw must be a boolean');
  check(
    preset.image_prompt_strength === undefined || (preset.image_prompt_strength >= 0 && preset.image_prompt_strength <= 1),
    'image_prompt_strength must be in [0, 1]',
  );
  check(Object.hasOwn(ASPECT_RATIO_VALUES, preset.aspect_ratio), 'aspect_ratio is not supported');
  if (preset.isRandomized) {
    const base = preset.basePrompt ?? '';
    check(COLORCORE_PLACEHOLDERS.every((placeholder) => base.includes(placeholder)), 'basePrompt lacks a placeholder');
  } else {
    check(preset.basePrompt === undefined, 'basePrompt without isRandomized');
  }
  return problems;
}
