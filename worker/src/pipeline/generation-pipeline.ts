import { COST_IMAGE, COST_VIDEO, type PresetDefinition, REFERRAL_REWARD_CREDITS, findPreset } from '@app/shared';
import {
  CreditsRepository,
  type Db,
  GenerationRunsRepository,
  type Logger,
  MediaRepository,
  ReferralsRepository,
  type Storage,
  type StoredRunRequest,
  UsersRepository,
  deterministicUuid,
  readObject,
} from '@app/shared/server';
import sharp from 'sharp';
import type { GeneratedImage, ImageProvider } from '../providers/provider';
import { type IdentityPort, type IdentityVerdict, type Motion, PermanentGenerationError, type VideoPort } from './ports';
import { deriveTags } from './tags';
import { textCanvas } from './text-canvas';

export const IDENTITY_FAILED = "Didn't pass identity check";

export interface PipelineDeps {
  db: Db;
  storage: Storage;
  provider: ImageProvider;
  identity: IdentityPort;
  video: VideoPort;
  logger: Logger;
  providerTimeoutMs: number;
}

interface StillResult {
  image: GeneratedImage;
  identity: IdentityVerdict & { attempts: number };
}

interface Output {
  type: 'image' | 'video';
  still: GeneratedImage;
  video?: Buffer;
  identity?: StillResult['identity'];
  /** Story Time: one video per photo, stored together on one media item. */
  videos?: Array<{ video: Buffer; still: GeneratedImage } | { error: string }>;
}

const STORY_MOTIONS: Motion[] = ['push-in', 'pan-left', 'pan-right', 'drift'];

/**
 * Runs one generation: provider call, identity check with its retries, video when asked,
 * outputs to storage, the media row, the run's status and the credits settled.
 * Idempotent: a run already finished is skipped, and outputs have deterministic ids.
 */
export class GenerationPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async run(runId: string): Promise<'done' | 'failed' | 'skipped'> {
    const { db, logger } = this.deps;
    const runs = new GenerationRunsRepository(db);
    const run = await runs.find(runId);
    if (!run || run.status !== 'processing') return 'skipped';
    await runs.recordAttempt(runId);

    const request = run.request as unknown as StoredRunRequest;
    const sources = await Promise.all(
      request.sources.map(async (source) => {
        const data = await readObject(this.deps.storage, source.key);
        if (!data) throw new PermanentGenerationError('The source photo is no longer available');
        return data;
      }),
    );
    // A text-only custom prompt starts from a canvas; there is no face to keep.
    if (sources.length === 0) sources.push(await textCanvas(request.aspectRatio, request.seed));
    const preset = request.presetId ? findPreset(request.serviceMode, request.presetId) : undefined;

    const output = request.serviceMode === 'story-time'
      ? await this.storyTime(request, preset, sources)
      : await this.still(request, preset, sources);

    const user = await new UsersRepository(db).findById(run.user_id);
    if (!user) return 'skipped'; // The account was deleted meanwhile: nothing to keep.
    const media = await this.store(runId, run.user_id, user.share_to_feed, request, preset, output);

    if (user.referrer_id) await this.rewardReferrer(user.referrer_id, user.id);

    const identityFailed = output.identity ? !output.identity.passed : false;
    const refund = Math.max(0, run.credits_reserved - media.cost);
    if (refund > 0) {
      await new CreditsRepository(db).apply({ userId: run.user_id, delta: refund, reason: 'refund', runId, idempotencyKey: `refund:${runId}` });
    }
    await runs.finish(runId, {
      status: identityFailed ? 'failed' : 'done',
      error: identityFailed ? IDENTITY_FAILED : null,
      creditsRefunded: refund,
    });
    logger.info({ runId, mode: request.serviceMode, identity: output.identity, refund }, 'generation finished');
    return identityFailed ? 'failed' : 'done';
  }

  /** The inviter's +10 after the friend's first media: the ledger key makes it once, however raced. */
  private async rewardReferrer(referrerId: string, friendId: string): Promise<void> {
    try {
      const result = await new CreditsRepository(this.deps.db).apply({
        userId: referrerId,
        delta: REFERRAL_REWARD_CREDITS,
        reason: 'referral_reward',
        idempotencyKey: `referral-reward:${friendId}`,
      });
      if (result.applied) await new ReferralsRepository(this.deps.db).markRewarded(friendId);
    } catch (error) {
      // The inviter's account may be gone; the friend's media is unaffected.
      this.deps.logger.warn({ err: error, referrerId, friendId }, 'referral reward not granted');
    }
  }

  /** Marks a run failed with nothing produced and gives its credits back. */
  async fail(runId: string, error: string): Promise<void> {
    const runs = new GenerationRunsRepository(this.deps.db);
    const run = await runs.find(runId);
    if (!run || run.status !== 'processing') return;
    if (run.credits_reserved > 0) {
      await new CreditsRepository(this.deps.db).apply({
        userId: run.user_id,
        delta: run.credits_reserved,
        reason: 'refund',
        runId,
        idempotencyKey: `refund:${runId}`,
      });
    }
    await runs.finish(runId, { status: 'failed', error, creditsRefunded: run.credits_reserved });
  }

  /** One image through the identity loop; animated when the run asks for video. */
  private async still(request: StoredRunRequest, preset: PresetDefinition | undefined, sources: Buffer[]): Promise<Output> {
    const [source, ...others] = sources as [Buffer, ...Buffer[]];
    const result = await this.identityLoop(request, preset, source, others);
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

  private async identityLoop(request: StoredRunRequest, preset: PresetDefinition | undefined, source: Buffer, others: Buffer[]): Promise<StillResult> {
    const { identity } = this.deps;
    const face = await identity.prepareSource(source);
    const maxAttempts = 1 + request.identity.retries;
    let best: StillResult | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const image = await this.generate(request, preset, source, others, attempt, request.seed);
      const verdict = await identity.check(face, image.data, request.identity.threshold);
      const candidate = { image, identity: { ...verdict, attempts: attempt } };
      if (!best || (verdict.score ?? 1) > (best.identity.score ?? 1)) best = candidate;
      best.identity.attempts = attempt;
      if (verdict.passed || !verdict.applicable || !request.identity.blocking) break;
    }
    return best as StillResult;
  }

  private async generate(
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

  private async store(
    runId: string,
    userId: string,
    isPublic: boolean,
    request: StoredRunRequest,
    preset: PresetDefinition | undefined,
    output: Output,
  ): Promise<{ id: string; cost: number }> {
    const { storage } = this.deps;
    const id = deterministicUuid(`${runId}:0`);
    // One folder per media item, so deleting it is one prefix.
    const base = `users/${userId}/media/${id}`;
    const full = await sharp(output.still.data).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    const thumb = await sharp(output.still.data).resize({ width: 480, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    await storage.put(`${base}/full.jpg`, full, { contentType: 'image/jpeg', immutable: true });
    await storage.put(`${base}/thumb.webp`, thumb, { contentType: 'image/webp', immutable: true });
    const imageUrl = storage.publicUrl(`${base}/full.jpg`);
    const thumbnailUrl = storage.publicUrl(`${base}/thumb.webp`);

    let finalUrl = imageUrl;
    let storageKey = `${base}/full.jpg`;
    let cost = COST_IMAGE;
    const metadata: Record<string, unknown> = {
      provider: this.deps.provider.name,
      presetType: request.presetType,
      presetKey: request.presetId ?? request.presetKey ?? null,
      width: output.still.width,
      height: output.still.height,
      imageUrl,
    };
    if (output.identity) {
      metadata.identity = {
        applicable: output.identity.applicable,
        score: output.identity.score,
        threshold: output.identity.threshold,
        attempts: output.identity.attempts,
        passed: output.identity.passed,
        ...(output.identity.reason ? { reason: output.identity.reason } : {}),
      };
    }
    if (output.videos) {
      const results = [];
      for (const [index, clip] of output.videos.entries()) {
        if ('error' in clip) {
          results.push({ index, success: false, error: clip.error });
          continue;
        }
        const key = `${base}/clip-${index}.mp4`;
        await storage.put(key, clip.video, { contentType: 'video/mp4', immutable: true });
        results.push({ index, success: true, videoUrl: storage.publicUrl(key) });
      }
      const successful = results.filter((r) => r.success);
      metadata.videoResults = results;
      metadata.totalVideos = results.length;
      metadata.successfulVideos = successful.length;
      finalUrl = (successful[0] as { videoUrl: string }).videoUrl;
      storageKey = `${base}/clip-${successful[0]?.index ?? 0}.mp4`;
      cost = COST_VIDEO * successful.length;
    } else if (output.video) {
      storageKey = `${base}/video.mp4`;
      await storage.put(storageKey, output.video, { contentType: 'video/mp4', immutable: true });
      finalUrl = storage.publicUrl(storageKey);
      metadata.videoResults = [{ index: 0, success: true, videoUrl: finalUrl }];
      metadata.totalVideos = 1;
      metadata.successfulVideos = 1;
      cost = COST_VIDEO;
    }

    await new MediaRepository(this.deps.db).insertRunOutput({
      id,
      run_id: runId,
      output_index: 0,
      user_id: userId,
      type: output.type,
      preset_type: request.presetType,
      preset_key: request.presetId ?? request.presetKey ?? null,
      prompt: request.prompt,
      source_url: request.sources[0]?.url ?? null,
      status: 'completed',
      final_url: finalUrl,
      thumbnail_url: thumbnailUrl,
      storage_key: storageKey,
      thumbnail_key: `${base}/thumb.webp`,
      width: output.still.width,
      height: output.still.height,
      is_public: isPublic,
      metadata: JSON.stringify(metadata),
      tags: deriveTags(request.presetType, preset, request.presetLabel ?? request.prompt),
    });
    return { id, cost };
  }
}
