import type { PresetDefinition } from '@app/shared';
import type { Logger } from '@app/shared/server/logger';
import type { StoredRunRequest } from '@app/shared/server/generation/stored-request';
import type { GeneratedImage, ImageProvider } from '../providers/provider';
import { type CheckedImage, generateWithIdentityCheck } from './identity-loop';
import { type IdentityPort, type Motion, PermanentGenerationError, type VideoPort } from './ports';

/** What a run made, before it is stored. */
export interface Output {
  type: 'image' | 'video';
  still: GeneratedImage;
  video?: Buffer;
  identity?: CheckedImage['identity'];
  /** Story Time: one video per photo, stored together on one media item. */
  videos?: Array<{ video: Buffer; still: GeneratedImage } | { error: string }>;
}

export interface ProduceDeps {
  provider: ImageProvider;
  identity: IdentityPort;
  video: VideoPort;
  logger: Logger;
  providerTimeoutMs: number;
}

const STORY_MOTIONS: Motion[] = ['push-in', 'pan-left', 'pan-right', 'drift'];

/** Makes a run's output from its sources: stills through the identity loop, clips when asked. */
export class OutputProducer {
  constructor(private readonly deps: ProduceDeps) {}

  produce(request: StoredRunRequest, preset: PresetDefinition | undefined, sources: [Buffer, ...Buffer[]]): Promise<Output> {
    return request.serviceMode === 'story-time' ? this.storyTime(request, preset, sources) : this.still(request, preset, sources);
  }

  /** One image through the identity loop; animated when the run asks for video. */
  private async still(request: StoredRunRequest, preset: PresetDefinition | undefined, [source, ...others]: [Buffer, ...Buffer[]]): Promise<Output> {
    const result = await generateWithIdentityCheck(this.deps.identity, source, request.identity, (attempt) =>
      this.generate(request, preset, source, others, attempt, request.seed),
    );
    if (!request.enableVideo) return { type: 'image', still: result.image, identity: result.identity };
    const video = await this.animate(result.image, 'push-in');
    return { type: 'video', still: result.image, video, identity: result.identity };
  }

  /** Story Time: each photo becomes a styled still and a short clip; a failed clip does not sink the rest. */
  private async storyTime(request: StoredRunRequest, preset: PresetDefinition | undefined, sources: Buffer[]): Promise<Output> {
    const videos: NonNullable<Output['videos']> = [];
    for (const [index, source] of sources.entries()) {
      try {
        const still = await this.generate(request, preset, source, [], 1, request.seed + index);
        videos.push({ still, video: await this.animate(still, STORY_MOTIONS[index % STORY_MOTIONS.length] ?? 'push-in') });
      } catch (error) {
        if (error instanceof PermanentGenerationError) throw error;
        this.deps.logger.warn({ err: error, index }, 'story time clip failed');
        videos.push({ error: error instanceof Error ? error.message : String(error) });
      }
    }
    const first = videos.find((v): v is { video: Buffer; still: GeneratedImage } => 'video' in v);
    if (!first) throw new Error('Generation failed: no clip could be made');
    return { type: 'video', still: first.still, video: first.video, videos };
  }

  private generate(
    request: StoredRunRequest,
    preset: PresetDefinition | undefined,
    source: Buffer,
    additionalSources: Buffer[],
    attempt: number,
    seed: number,
  ): Promise<GeneratedImage> {
    return this.deps.provider.generate({
      mode: request.serviceMode,
      ...(preset ? { preset } : {}),
      prompt: request.prompt,
      ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
      source,
      additionalSources,
      aspectRatio: request.aspectRatio,
      attempt,
      seed,
      signal: AbortSignal.timeout(this.deps.providerTimeoutMs),
    });
  }

  private animate(still: GeneratedImage, motion: Motion): Promise<Buffer> {
    // 720 px wide keeps clips light; both sides even, as H.264 with yuv420p needs.
    const width = 720;
    const height = Math.round((still.height / still.width) * width / 2) * 2;
    return this.deps.video.animate(still.data, { durationSeconds: 4, width, height, motion }, AbortSignal.timeout(this.deps.providerTimeoutMs));
  }
}
