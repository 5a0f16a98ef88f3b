import type { IdentityVerdict } from './identity/identity-check';

export type { IdentityVerdict };

/** What the generation pipeline needs from the identity check and the video maker. */
export interface IdentityPort<SourceFace = unknown> {
  prepareSource(image: Buffer): Promise<SourceFace>;
  check(source: SourceFace, output: Buffer, threshold: number): Promise<IdentityVerdict>;
}

// Clip makers are providers too (a remote image-to-video model), so their port lives with them.
export type { Motion, VideoContext, VideoOptions, VideoPort } from '../providers/video-port';

// Providers raise it too, and providers never import the pipeline: it lives with their port.
export { PermanentGenerationError } from '../providers/provider';
