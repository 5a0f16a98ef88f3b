import sharp from 'sharp';
import type { GeneratedImage, ImageProvider, ImageRequest } from '../provider';
import { TransientProviderError } from '../provider';
import type { RemoteApi } from './remote-api';
import { type RemoteJobDeps, runRemoteJob } from './remote-job';
import { photoForProvider } from './photo-for-provider';

/** Outputs are stored at 1024 px on the long side, whatever size the model made. */
const LONG_SIDE = 1024;

/** A remote provider as the pipeline sees it: a request in, a decoded image at our size out. */
export class RemoteImageProvider implements ImageProvider {
  readonly name: string;

  constructor(
    private readonly api: RemoteApi,
    private readonly deps: RemoteJobDeps,
  ) {
    this.name = api.name;
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    if (!request.runId || !request.slot) throw new Error('a remote provider needs the run id and slot of its request');
    const [source, ...others] = await Promise.all([request.source, ...(request.additionalSources ?? [])].map(photoForProvider));
    const file = await runRemoteJob(
      this.api,
      {
        kind: 'image',
        mode: request.mode,
        ...(request.preset ? { preset: request.preset } : {}),
        prompt: request.prompt,
        ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
        source: source!,
        sourceType: 'image/jpeg',
        additionalSources: others,
        aspectRatio: request.aspectRatio,
        seed: request.seed,
      },
      { runId: request.runId, slot: request.slot, signal: request.signal },
      this.deps,
    );
    try {
      const { data, info } = await sharp(file.data, { failOn: 'error' })
        .rotate()
        .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside' })
        .jpeg({ quality: 95 })
        .toBuffer({ resolveWithObject: true });
      return { data, contentType: 'image/jpeg', width: info.width, height: info.height, provider: this.api.name, model: this.api.model, requestId: file.requestId };
    } catch (error) {
      throw new TransientProviderError(`${this.api.name} returned an unreadable image (${file.contentType}): ${(error as Error).message}`);
    }
  }
}
