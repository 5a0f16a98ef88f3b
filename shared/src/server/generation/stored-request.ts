import { ASPECT_RATIO_VALUES, type AspectRatio, PRESET_TYPES, SERVICE_MODES } from '@app/shared';
import { z } from 'zod';

const aspectRatios = Object.keys(ASPECT_RATIO_VALUES) as [AspectRatio, ...AspectRatio[]];

/**
 * A generation request as the api validated and resolved it, stored on the run (the `request`
 * JSON column). The worker reads only this: sources are storage keys of the person's own
 * uploads, never URLs to fetch. Parsed when written and when read, so both sides agree.
 */
export const storedRunRequestSchema = z.object({
  serviceMode: z.enum(SERVICE_MODES),
  presetType: z.enum(PRESET_TYPES),
  /** A catalogue preset id (preset-based modes). */
  presetId: z.string().optional(),
  /** A weekly preset key (presets mode). */
  presetKey: z.string().optional(),
  presetLabel: z.string().optional(),
  prompt: z.string(),
  negativePrompt: z.string().optional(),
  aspectRatio: z.enum(aspectRatios),
  /** `key` is the upload's storage key (rows already stored spell it so). */
  sources: z.array(z.object({ key: z.string().min(1), url: z.string().optional(), publicId: z.string() })),
  enableVideo: z.boolean(),
  identity: z.object({ threshold: z.number().min(0).max(1), retries: z.number().int().min(0), blocking: z.boolean() }),
  /** Credits reserved for the run. */
  cost: z.number().int().min(0),
  /** Stable per run, so a retried job reproduces the same look. */
  seed: z.number().int(),
  /** The person's retries of the run (retry-run): each stores its output apart, under a new seed. */
  retry: z.number().int().positive().optional(),
  /** A variation: the media item whose look and photo this run takes again under a new seed. */
  variationOf: z.string().uuid().optional(),
});

export type StoredRunRequest = z.output<typeof storedRunRequestSchema>;

/** A stored request that no longer reads as one (a hand-edited row, a shape from the future). */
export class UnreadableRunRequestError extends Error {
  constructor(issues: string) {
    super(`the stored request of this run is unreadable (${issues})`);
    this.name = 'UnreadableRunRequestError';
  }
}

/** Reads the `request` column of a run; a bad row throws rather than being trusted. */
export function readStoredRunRequest(json: unknown): StoredRunRequest {
  const parsed = storedRunRequestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new UnreadableRunRequestError(parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '));
}
