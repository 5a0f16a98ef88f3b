import { describe, expect, it } from 'vitest';
import type { PresetDefinition } from '../types';
import { validatePresetDefinition } from './preset-validation';

const good: PresetDefinition = {
  id: 'sample_preset',
  label: 'Sample',
  prompt: 'A long enough prompt describing a look in some detail, same person, same face.',
  negative_prompt: 'blurry',
  strength: 0.5,
  model: 'model-x',
  mode: 'i2i',
  input: 'image',
  requiresSource: true,
  source: 'group',
  guidance_scale: 7,
  num_inference_steps: 30,
  features: ['one', 'two-words'],
  prompt_upsampling: false,
  safety_tolerance: 2,
  output_format: 'jpeg',
  raw: false,
  aspect_ratio: '4:5',
};

describe('validatePresetDefinition', () => {
  it('accepts a complete preset', () => {
    expect(validatePresetDefinition(good)).toEqual([]);
  });

  it.each([
    [{ strength: 0 }, 'strength'],
    [{ strength: 1.2 }, 'strength'],
    [{ guidance_scale: 0 }, 'guidance_scale'],
    [{ num_inference_steps: 12.5 }, 'num_inference_steps'],
    [{ features: ['only'] }, 'features'],
    [{ features: ['Neon', 'ok'] }, 'features'],
    [{ features: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'features'],
    [{ features: ['same', 'same'] }, 'features'],
    [{ id: 'Bad-Id' }, 'id'],
    [{ label: ' ' }, 'label'],
    [{ prompt: 'short' }, 'prompt'],
    [{ prompt: `${good.prompt} {color}` }, 'placeholder'],
    [{ negative_prompt: '' }, 'negative_prompt'],
    [{ image_prompt_strength: 2 }, 'image_prompt_strength'],
    [{ aspect_ratio: '5:7' }, 'aspect_ratio'],
    [{ safety_tolerance: 9 }, 'safety_tolerance'],
    [{ isRandomized: true, basePrompt: 'no placeholders' }, 'basePrompt'],
    [{ basePrompt: '{color}' }, 'basePrompt'],
  ] as [Partial<PresetDefinition>, string][])('rejects %o', (change, word) => {
    const problems = validatePresetDefinition({ ...good, ...change } as PresetDefinition);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join(' ')).toContain(word);
  });
});
