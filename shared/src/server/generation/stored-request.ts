import type { AspectRatio, PresetType, ServiceMode } from '@app/shared';

/**
 * A generation request as the api validated and resolved it, stored on the run. The worker
 * reads only this: sources are storage keys of the person's own uploads, never URLs to fetch.
 */
export interface StoredRunRequest {
  serviceMode: ServiceMode;
  presetType: PresetType;
  /** A catalogue preset id (preset-based modes). */
  presetId?: string;
  /** A weekly preset key (presets mode). */
  presetKey?: string;
  presetLabel?: string;
  prompt: string;
  negativePrompt?: string;
  aspectRatio: AspectRatio;
  sources: Array<{ key: string; url: string; publicId: string }>;
  enableVideo: boolean;
  identity: { threshold: number; retries: number; blocking: boolean };
  /** Credits reserved for the run. */
  cost: number;
  /** Stable per run, so a retried job reproduces the same look. */
  seed: number;
}
