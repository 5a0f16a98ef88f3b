import type { VideoContext, VideoOptions, VideoPort } from '../video-port';
import { photoForProvider } from './photo-for-provider';
import type { RemoteApi } from './remote-api';
import { type RemoteJobDeps, runRemoteJob } from './remote-job';

/** Clips made by a provider's image-to-video model (fal or Replicate), through the same driver as images. */
export class RemoteVideoMaker implements VideoPort {
  readonly name: string;

  constructor(
    private readonly api: RemoteApi,
    private readonly deps: RemoteJobDeps,
  ) {
    this.name = api.name;
  }

  async animate(still: Buffer, options: VideoOptions, signal: AbortSignal, context: VideoContext): Promise<Buffer> {
    const file = await runRemoteJob(
      this.api,
      {
        kind: 'video',
        mode: context.mode,
        prompt: context.prompt,
        image: await photoForProvider(still),
        imageType: 'image/jpeg',
        durationSeconds: options.durationSeconds,
        aspectRatio: context.aspectRatio,
        seed: context.seed,
      },
      { runId: context.runId, slot: context.slot, signal },
      this.deps,
    );
    return file.data;
  }
}
