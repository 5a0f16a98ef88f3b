import type { AspectRatio, PresetDefinition, ServiceMode } from '@app/shared';

/** What a provider is asked to make: one still image in the preset's look. */
export interface ImageRequest {
  /** The run and which image of it (`image-1` for the identity loop's first attempt, `story-2`...): the key of a remote provider's stored request. Local engines need neither. */
  runId?: string;
  slot?: string;
  mode: ServiceMode;
  /** The preset, for preset-based modes; undefined for custom prompts and Studio edits. */
  preset?: PresetDefinition;
  /** The full prompt (the preset's, the weekly preset's, or the person's own words). */
  prompt: string;
  negativePrompt?: string;
  /** The source photo as uploaded (already EXIF-rotated), and any further photos. */
  source: Buffer;
  additionalSources?: Buffer[];
  aspectRatio: AspectRatio;
  /** 1-based attempt of the identity-check loop; a provider varies its output between attempts. */
  attempt: number;
  /** Stable per run, so a retried job reproduces the same look. */
  seed: number;
  /** Aborts at the provider deadline (reason TimeoutError) or when the run is stopped. */
  signal: AbortSignal;
}

export interface GeneratedImage {
  /** Encoded image (PNG or JPEG or WebP) at its final size, 1024 px on the long side. */
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  /** Who made it (the provider's name), with the provider's model and request id for remote ones. */
  provider: string;
  model?: string;
  requestId?: string;
  /**
   * The provider's own safety system flagged the image yet returned it: the screening then holds
   * it like a "block" score. (fal, BFL, Stability and Replicate send no usable image with their
   * flag; those runs end `moderated` and refunded before anything is stored.)
   */
  flagged?: boolean;
}

/** A failure that retrying cannot fix (an unreadable source, a missing upload). */
export class PermanentGenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentGenerationError';
  }
}

/** One interface for every image provider; one file per provider. */
export interface ImageProvider {
  readonly name: string;
  /** False for engines whose output needs no likeness check (the instant provider of load tests). */
  readonly checksIdentity?: boolean;
  generate(request: ImageRequest): Promise<GeneratedImage>;
  /** Frees what the provider holds (render threads). */
  close?(): Promise<void>;
}

/** A failure worth retrying later (rate limit, 5xx, timeout) as opposed to a bad request. */
export class TransientProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientProviderError';
  }
}
