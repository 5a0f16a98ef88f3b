/** GET get-presets (spec 3 §3): this week's presets, which the composer lists on the home screen. */
import { z } from 'zod/mini';
import { answer, defineCall } from './define-call';

/** A weekly preset (spec 3 §3): `id` equals `key`. */
export const weeklyPresetSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  prompt: z.string(),
});

/** GET get-presets: this ISO week's presets; `currentWeek` like "2025-W07". */
export const presetsAnswerSchema = answer({
  data: z.object({ presets: z.array(weeklyPresetSchema) }),
  currentWeek: z.string(),
});
export type PresetsAnswer = z.output<typeof presetsAnswerSchema>;
export const getPresetsCall = defineCall({ name: 'get-presets', method: 'GET', request: undefined, response: presetsAnswerSchema });
