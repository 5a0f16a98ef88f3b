import { randomInt, randomUUID } from 'node:crypto';
import {
  INSUFFICIENT_CREDITS,
  INSUFFICIENT_CREDITS_MESSAGE,
  INVALID_RUN_ID,
  PREFLIGHT_MIN_CREDITS,
  UNKNOWN_PRESET,
  nearestAspectRatio,
  parseGenerationRequest,
} from '@app/shared';
import {
  CreditsRepository,
  type Db,
  GenerationRunsRepository,
  InsufficientCreditsError,
  type JobQueues,
  type Logger,
  MediaRepository,
  type StoredRunRequest,
  type Upload,
  UploadsRepository,
  type User,
  inTransaction,
} from '@app/shared/server';
import { HttpError, notFound } from '../http/errors';
import { toMediaView } from './media-presenter';
import type { WeeklyPresetsService } from './weekly-presets.service';

export const FOREIGN_SOURCE = 'Source must be a photo you uploaded';

export interface SubmitAnswer {
  success: true;
  jobId: string;
  runId: string;
  status: 'processing';
}

/**
 * unified-generate and its polling: validates a request, resolves its sources to the
 * person's own uploads, reserves credits, records the run and enqueues its job (id = run id).
 */
export class GenerationService {
  constructor(
    private readonly db: Db,
    private readonly queues: JobQueues,
    private readonly weeklyPresets: WeeklyPresetsService,
    private readonly logger: Logger,
  ) {}

  async submit(user: User, body: unknown): Promise<SubmitAnswer> {
    const parsed = parseGenerationRequest(body);
    if (!parsed.success) throw new HttpError(400, parsed.error, 'INVALID_REQUEST', parsed.issues.map((i) => `${i.path}: ${i.message}`));
    const request = parsed.data;
    const runId = request.runId ?? randomUUID();
    const answer: SubmitAnswer = { success: true, jobId: runId, runId, status: 'processing' };

    const runs = new GenerationRunsRepository(this.db);
    const existing = await runs.find(runId);
    if (existing) {
      // Someone else's run id is, for this person, just a run id they cannot use: the same
      // 400 as a malformed one, never a word about another account holding it.
      if (existing.user_id !== user.id) throw new HttpError(400, INVALID_RUN_ID, 'INVALID_REQUEST', [`runId: ${INVALID_RUN_ID}`]);
      return answer;
    }
    if (user.credits < PREFLIGHT_MIN_CREDITS) throw new HttpError(402, INSUFFICIENT_CREDITS_MESSAGE, INSUFFICIENT_CREDITS);

    const uploads = await this.resolveSources(user, request.sources);
    let prompt = request.prompt;
    let negativePrompt = request.negativePrompt;
    let presetLabel = request.presetLabel;
    if (request.serviceMode === 'presets') {
      const weekly = request.presetKey ? await this.weeklyPresets.find(request.presetKey) : undefined;
      if (!weekly) throw new HttpError(400, UNKNOWN_PRESET, 'UNKNOWN_PRESET');
      prompt = weekly.prompt;
      negativePrompt = weekly.negativePrompt ?? negativePrompt;
      presetLabel = weekly.label;
    }
    const first = uploads[0];
    const stored: StoredRunRequest = {
      serviceMode: request.serviceMode,
      presetType: request.presetType,
      ...(request.presetId ? { presetId: request.presetId } : {}),
      ...(request.presetKey ? { presetKey: request.presetKey } : {}),
      ...(presetLabel ? { presetLabel } : {}),
      prompt,
      ...(negativePrompt ? { negativePrompt } : {}),
      // Without a preset the output keeps the photo's shape; a text-only prompt gets the parsed default.
      aspectRatio: request.preset || !first ? request.aspectRatio : nearestAspectRatio(first.width, first.height),
      sources: uploads.map((u) => ({ key: u.storage_key, url: u.url, publicId: u.public_id })),
      enableVideo: request.enableVideo,
      identity: { threshold: request.identity.threshold, retries: request.identity.retries, blocking: request.identity.blocking },
      cost: request.cost,
      seed: randomInt(0, 2 ** 31 - 1),
    };

    // The run and its debit commit together; a run id sent twice creates one run and one debit.
    const created = await inTransaction(this.db, async (trx) => {
      const inserted = await new GenerationRunsRepository(trx).createIfAbsent({
        runId,
        userId: user.id,
        mode: request.serviceMode,
        request: stored as unknown as Record<string, unknown>,
        creditsReserved: request.cost,
      });
      if (!inserted) return false;
      await new CreditsRepository(trx).apply({ userId: user.id, delta: -request.cost, reason: 'generation', runId, idempotencyKey: `generation:${runId}` });
      return true;
    }).catch((error: unknown) => {
      if (error instanceof InsufficientCreditsError) throw new HttpError(402, INSUFFICIENT_CREDITS_MESSAGE, INSUFFICIENT_CREDITS);
      throw error;
    });
    if (!created) return answer;

    // BullMQ ignores a second job with the same id, so a retried enqueue is harmless.
    await this.queues.add('generation', 'generate', { runId }, { jobId: runId }).catch(async (error: unknown) => {
      this.logger.error({ err: error, runId }, 'could not enqueue a generation');
      await runs.finish(runId, { status: 'failed', error: 'Server error: the queue is unavailable', creditsRefunded: request.cost });
      await new CreditsRepository(this.db).apply({ userId: user.id, delta: request.cost, reason: 'refund', runId, idempotencyKey: `refund:${runId}` });
      throw new HttpError(503, 'Server error. Please try again.', 'QUEUE_UNAVAILABLE');
    });
    this.logger.info({ runId, mode: request.serviceMode, cost: request.cost }, 'generation queued');
    return answer;
  }

  /** 404 while processing (spec 1 §7); the media when done; the failure, with any image kept, when failed. */
  async byRunId(user: User, runId: string) {
    const run = await new GenerationRunsRepository(this.db).find(runId);
    if (!run || run.user_id !== user.id) throw notFound('No such run');
    if (run.status === 'processing') throw new HttpError(404, 'Still processing', 'PROCESSING');
    const [media] = await new MediaRepository(this.db).findByRunId(runId);
    const view = media ? toMediaView(media) : undefined;
    if (run.status === 'done' && view) return { success: true, status: 'done', runId, media: view };
    return {
      success: false,
      status: 'failed',
      runId,
      error: run.error ?? 'Generation failed',
      ...(view ? { media: view } : {}),
    };
  }

  /** Every source must be an upload of this person: the worker never fetches a client's URL. */
  private async resolveSources(user: User, sources: string[]): Promise<Upload[]> {
    const repo = new UploadsRepository(this.db);
    const found: Upload[] = [];
    for (const source of sources) {
      const upload = /^https?:\/\//i.test(source) ? await repo.findByUrl(source) : await repo.findByPublicId(source);
      if (!upload || upload.user_id !== user.id) throw new HttpError(400, FOREIGN_SOURCE, 'FOREIGN_SOURCE');
      if (upload.resource_type !== 'image') throw new HttpError(400, 'Source must be a photo', 'SOURCE_NOT_IMAGE');
      found.push(upload);
    }
    return found;
  }
}
