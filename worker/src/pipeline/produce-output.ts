import type { PresetDefinition } from '@app/shared';
import type { IdentityScores } from '@app/shared/server/db';
import { inSpan } from '@app/shared/server/tracing';
import type { Logger } from '@app/shared/server/logger';
import type { StoredRunRequest } from '@app/shared/server/generation/stored-request';
import type { GeneratedImage, ImageProvider } from '../providers/provider';
import type { ProviderRouting } from '../providers/provider-routing';
import { type CheckedImage, generateWithIdentityCheck } from './identity-loop';
import { type IdentityPort, type Motion, PermanentGenerationError, type VideoPort } from './ports';
import { type RunReporter, SILENT_REPORTER } from './run-progress';

/** What a run made, before it is stored. */
export interface Output {
  type: 'image' | 'video';
  still: GeneratedImage;
  video?: Buffer;
  identity?: CheckedImage['identity'];
  /** Every identity attempt's score and the threshold (the run's receipt). */
  identityScores?: IdentityScores;
  /** Story Time: one video per photo, stored together on one media item. */
  videos?: Array<{ video: Buffer; still: GeneratedImage } | { error: string }>;
  /** Who made the clips, when there are clips. */
  videoProvider?: string;
}

export interface ProduceDeps {
  providers: ProviderRouting;
  identity: IdentityPort;
  video: VideoPort;
  logger: Logger;
  providerTimeoutMs: number;
}

const STORY_MOTIONS: Motion[] = ['push-in', 'pan-left', 'pan-right', 'drift'];

/** The likeness check of a provider whose output needs none (the instant provider): always passes, never applies. */
const NO_IDENTITY: IdentityPort = {
  prepareSource: async () => undefined,
  check: async (_face, _output, threshold) => ({ applicable: false, score: null, threshold, passed: true }),
};

interface RunContext {
  runId: string;
  request: StoredRunRequest;
  preset: PresetDefinition | undefined;
  provider: ImageProvider;
  progress: RunReporter;
  /** The person's cancel of the run, when a job runs it. */
  signal: AbortSignal | undefined;
}

/** How a run is followed while it is made: its live events, and its cancel. */
export interface ProduceOptions {
  progress?: RunReporter;
  signal?: AbortSignal;
}

/** Makes a run's output from its sources: stills through the identity loop, clips when asked. */
export class OutputProducer {
  constructor(private readonly deps: ProduceDeps) {}

  produce(
    runId: string,
    request: StoredRunRequest,
    preset: PresetDefinition | undefined,
    sources: [Buffer, ...Buffer[]],
    { progress = SILENT_REPORTER, signal }: ProduceOptions = {},
  ): Promise<Output> {
    const run: RunContext = { runId, request, preset, provider: this.deps.providers.forMode(request.serviceMode), progress, signal };
    return request.serviceMode === 'story-time' ? this.storyTime(run, sources) : this.still(run, sources);
  }

  /** One image through the identity loop; animated when the run asks for video. */
  private async still(run: RunContext, [source, ...others]: [Buffer, ...Buffer[]]): Promise<Output> {
    const identity = run.provider.checksIdentity === false ? NO_IDENTITY : this.deps.identity;
    const result = await generateWithIdentityCheck(
      identity,
      source,
      run.request.identity,
      (attempt) => this.generate(run, source, others, attempt, `image-${attempt}`, run.request.seed),
      run.progress.attempt,
    );
    const checked = { still: result.image, identity: result.identity, identityScores: { threshold: run.request.identity.threshold, scores: result.scores } };
    if (!run.request.enableVideo) return { type: 'image', ...checked };
    run.progress.video(0, 1);
    const video = await this.animate(run, result.image, 'push-in', 'video-0', run.request.seed);
    run.progress.video(1, 1);
    return { type: 'video', ...checked, video, ...this.videoProvider() };
  }

  /** Story Time: each photo becomes a styled still and a short clip; a failed clip does not sink the rest. */
  private async storyTime(run: RunContext, sources: Buffer[]): Promise<Output> {
    const videos: NonNullable<Output['videos']> = [];
    run.progress.video(0, sources.length);
    for (const [index, source] of sources.entries()) {
      try {
        const seed = run.request.seed + index;
        const still = await this.generate(run, source, [], 1, `story-${index}`, seed);
        const motion = STORY_MOTIONS[index % STORY_MOTIONS.length] ?? 'push-in';
        videos.push({ still, video: await this.animate(run, still, motion, `story-video-${index}`, seed) });
      } catch (error) {
        if (error instanceof PermanentGenerationError) throw error;
        this.deps.logger.warn({ err: error, index }, 'story time clip failed');
        videos.push({ error: error instanceof Error ? error.message : String(error) });
      }
      run.progress.video(videos.length, sources.length);
    }
    const first = videos.find((v): v is { video: Buffer; still: GeneratedImage } => 'video' in v);
    if (!first) throw new Error('Generation failed: no clip could be made');
    return { type: 'video', still: first.still, video: first.video, videos, ...this.videoProvider() };
  }

  /** One still from the provider, as a span of the run's trace (its provider, model and waits are noted on it). */
  private generate(run: RunContext, source: Buffer, additionalSources: Buffer[], attempt: number, slot: string, seed: number): Promise<GeneratedImage> {
    const { request, preset } = run;
    return inSpan('provider.generate', { provider: run.provider.name, slot }, () => run.provider.generate({
      runId: run.runId,
      slot,
      mode: request.serviceMode,
      ...(preset ? { preset } : {}),
      prompt: request.prompt,
      ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
      source,
      additionalSources,
      aspectRatio: request.aspectRatio,
      attempt,
      seed,
      signal: this.stopSignal(run),
    }));
  }

  /** The provider's deadline, and the person's cancel of the run when a job is running it. */
  private stopSignal(run: RunContext): AbortSignal {
    const deadline = AbortSignal.timeout(this.deps.providerTimeoutMs);
    return run.signal ? AbortSignal.any([deadline, run.signal]) : deadline;
  }

  private animate(run: RunContext, still: GeneratedImage, motion: Motion, slot: string, seed: number): Promise<Buffer> {
    // 720 px wide keeps clips light; both sides even, as H.264 with yuv420p needs.
    const width = 720;
    const height = Math.round((still.height / still.width) * width / 2) * 2;
    const { request } = run;
    return inSpan('video.make', { provider: this.deps.video.name ?? 'local', slot }, () =>
      this.deps.video.animate(still.data, { durationSeconds: 4, width, height, motion }, this.stopSignal(run), {
        runId: run.runId,
        slot,
        mode: request.serviceMode,
        prompt: request.prompt,
        aspectRatio: request.aspectRatio,
        seed,
      }),
    );
  }

  private videoProvider(): { videoProvider?: string } {
    return this.deps.video.name ? { videoProvider: this.deps.video.name } : {};
  }
}
