import type { IdentityVerdict } from './identity/identity-check';

export type { IdentityVerdict };

/** What the generation pipeline needs from the identity check and the video maker. */
export interface IdentityPort<SourceFace = unknown> {
  prepareSource(image: Buffer): Promise<SourceFace>;
  check(source: SourceFace, output: Buffer, threshold: number): Promise<IdentityVerdict>;
}

export type Motion = 'push-in' | 'pan-left' | 'pan-right' | 'drift';

export interface VideoPort {
  animate(still: Buffer, options: { durationSeconds: number; width: number; height: number; motion: Motion }, signal?: AbortSignal): Promise<Buffer>;
}

// Providers raise it too, and providers never import the pipeline: it lives with their port.
export { PermanentGenerationError } from '../providers/provider';
