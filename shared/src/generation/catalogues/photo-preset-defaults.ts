import type { PresetDefinition } from '../types';

/**
 * What every catalogue preset shares: it transforms the person's photo (image to image, a
 * source required), never lets the model rewrite the prompt, and keeps the providers' default
 * safety level. Each catalogue adds its model, source tag and strengths, and may override the
 * output format or `raw`.
 */
export const PHOTO_PRESET_DEFAULTS = {
  mode: 'i2i',
  input: 'image',
  requiresSource: true,
  prompt_upsampling: false,
  safety_tolerance: 2,
  output_format: 'jpeg',
  raw: false,
} as const satisfies Partial<PresetDefinition>;
