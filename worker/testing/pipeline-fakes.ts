import type { StoredRunRequest } from '@app/shared/server/generation/stored-request';
import sharp from 'sharp';
import type { GeneratedImage, ImageProvider, ImageRequest } from '../src/providers/provider';
import type { IdentityPort, IdentityVerdict, VideoPort } from '../src/pipeline/ports';

/** Test doubles of the pipeline's ports: storage in memory, a provider, an identity check, a video maker. */
export { MemoryStorage } from '@app/shared/testing/memory-storage';

/** A run's stored request (4:5, one source, no video, 2 credits), with what differs. */
export function storedRequest(patch: Partial<StoredRunRequest> & Pick<StoredRunRequest, 'serviceMode' | 'presetType' | 'prompt'>): StoredRunRequest {
  return {
    aspectRatio: '4:5',
    sources: [{ key: 'users/u/uploads/a.jpg', publicId: 'a' }],
    enableVideo: false,
    identity: { threshold: 0.6, retries: 0, blocking: false },
    cost: 2,
    seed: 7,
    ...patch,
  };
}

export async function solidImage(width: number, height: number, red = 200): Promise<GeneratedImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: red, g: 80, b: 40 } } }).png().toBuffer();
  return { data, contentType: 'image/png', width, height, provider: 'fake' };
}

/** Returns images whose red channel is the attempt number, so the identity fake can score them. */
export class FakeProvider implements ImageProvider {
  readonly name = 'fake';
  readonly requests: ImageRequest[] = [];
  failOn = new Set<number>();
  async generate(request: ImageRequest): Promise<GeneratedImage> {
    this.requests.push(request);
    if (this.failOn.has(this.requests.length)) throw new Error('provider hiccup');
    return solidImage(64, 80, request.attempt);
  }
}

/** Scores attempt n with `scores[n - 1]` (read back from the image's red channel). */
export function fakeIdentity(scores: number[], options: { faceInSource?: boolean } = {}): IdentityPort & { checks: number } {
  const port = {
    checks: 0,
    prepareSource: async () => ({}),
    check: async (_face: unknown, output: Buffer, threshold: number): Promise<IdentityVerdict> => {
      port.checks += 1;
      if (options.faceInSource === false) return { applicable: false, score: null, threshold, passed: true, reason: 'no-face-in-source' };
      const { data } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
      const score = scores[(data[0] ?? 1) - 1] ?? 0;
      return { applicable: true, score, threshold, passed: score >= threshold };
    },
  };
  return port;
}

export const fakeVideo: VideoPort = {
  animate: async (_still, options) => Buffer.from(`mp4:${options.motion}`),
};
