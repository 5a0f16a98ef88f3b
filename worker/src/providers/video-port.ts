import type { AspectRatio, ServiceMode } from '@app/shared';

export type Motion = 'push-in' | 'pan-left' | 'pan-right' | 'drift';

export interface VideoOptions {
  durationSeconds: number;
  width: number;
  height: number;
  motion: Motion;
}

/** Which clip of which run, for makers that call a remote model (its stored request is keyed by it). */
export interface VideoContext {
  runId: string;
  slot: string;
  mode: ServiceMode;
  prompt: string;
  aspectRatio: AspectRatio;
  seed: number;
}

export interface VideoPort {
  /** Who makes the clips ('local' = ffmpeg here; a provider's name otherwise). */
  readonly name?: string;
  animate(still: Buffer, options: VideoOptions, signal: AbortSignal, context: VideoContext): Promise<Buffer>;
}
