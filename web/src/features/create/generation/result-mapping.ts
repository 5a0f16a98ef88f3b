import {
  GENERATION_TIMEOUT_MESSAGE,
  IDENTITY_CHECK_FAILED_NOTICE,
  presetTypeOf,
  toServiceMode,
} from '@app/shared';
import type {
  GeneratedMediaItem,
  GenerationRequest,
  GenerationResult,
  MediaByRunIdAnswer,
  RunMedia,
  SubmitAnswer,
} from './generation-types';

/** Spec 1 §3: a generated item added to the viewer defaults to 1024x1024 and 1 token. */
export const VIEWER_ITEM_DEFAULT_SIZE = 1024;
export const VIEWER_ITEM_TOKENS = 1;
/** The server's word for a run whose image did not pass the identity check. */
export const IDENTITY_CHECK_FAILED_ERROR = "Didn't pass identity check";
export const GENERATION_FAILED_FALLBACK = 'Generation failed';

function firstUrl(...values: (string | null | undefined)[]): string | null {
  return values.find((value): value is string => typeof value === 'string' && /^https?:\/\//i.test(value)) ?? null;
}

/** The URL of the media's output (its final file), or null if it has none. */
export function mediaOutputUrl(media: RunMedia | null | undefined): string | null {
  if (!media) return null;
  return firstUrl(media.finalUrl, media.url, media.imageUrl);
}

function baseResult(runId: string): GenerationResult {
  return {
    success: false,
    jobId: runId,
    runId,
    status: 'failed',
    imageUrl: null,
    outputUrl: null,
    videoUrl: null,
    error: null,
    provider: null,
    type: null,
    message: null,
    identityCheckFailed: false,
    media: null,
  };
}

/** A failed result carrying `error` (no media). */
export function failedResult(runId: string, error: string): GenerationResult {
  return { ...baseResult(runId), error };
}

/** The person canceled the run (issue 16): it ends quietly, with what was refunded. */
export const RUN_CANCELED_MESSAGE = 'Canceled';

export function canceledResult(runId: string, refunded: number): GenerationResult {
  const message = refunded > 0 ? `${RUN_CANCELED_MESSAGE} · ${refunded} ${refunded === 1 ? 'credit' : 'credits'} refunded` : RUN_CANCELED_MESSAGE;
  return { ...failedResult(runId, message), canceled: true };
}

/** Spec 1 §9: 72 polls without an answer. */
export function timedOutResult(runId: string): GenerationResult {
  return failedResult(runId, GENERATION_TIMEOUT_MESSAGE);
}

function withMedia(runId: string, media: RunMedia, outputUrl: string): GenerationResult {
  const isVideo = media.type === 'video';
  const videoResult = media.metadata?.videoResults?.find((entry) => typeof entry.videoUrl === 'string' && entry.videoUrl);
  return {
    ...baseResult(runId),
    status: 'completed',
    imageUrl: isVideo ? firstUrl(media.thumbnailUrl) : outputUrl,
    outputUrl,
    videoUrl: isVideo ? outputUrl : firstUrl(videoResult?.videoUrl),
    provider: typeof media.metadata?.provider === 'string' ? media.metadata.provider : null,
    type: isVideo ? 'video' : 'image',
    media,
  };
}

/**
 * getMediaByRunId's answer as a result (spec 1 §4): `done` with media → completed; failed with
 * an image → completed with success false (the identity check); failed without → failed;
 * processing → processing.
 */
export function resultFromAnswer(answer: MediaByRunIdAnswer, runId: string): GenerationResult {
  const status = (answer.status ?? '').toLowerCase();
  if (status === 'processing' || status === 'pending' || status === 'queued') {
    return { ...baseResult(runId), status: 'processing' };
  }
  const outputUrl = mediaOutputUrl(answer.media);
  const media = answer.media ?? null;
  if (status === 'failed' || answer.success === false) {
    if (media && outputUrl) {
      return {
        ...withMedia(runId, media, outputUrl),
        success: false,
        identityCheckFailed: true,
        error: answer.error ?? IDENTITY_CHECK_FAILED_ERROR,
        message: IDENTITY_CHECK_FAILED_NOTICE.message,
      };
    }
    return failedResult(runId, answer.error ?? GENERATION_FAILED_FALLBACK);
  }
  if (media && outputUrl) return { ...withMedia(runId, media, outputUrl), success: true };
  return failedResult(runId, answer.error ?? GENERATION_FAILED_FALLBACK);
}

/** A fallback item (getUserMedia) as an answer: its own status says done or failed. */
export function answerFromUserMedia(media: RunMedia): MediaByRunIdAnswer | null {
  const status = (media.status ?? 'completed').toLowerCase();
  if (status === 'processing' || !mediaOutputUrl(media)) return null;
  const failed = status === 'failed';
  return failed
    ? { success: false, status: 'failed', media, error: IDENTITY_CHECK_FAILED_ERROR }
    : { success: true, status: 'done', media };
}

/** unified-generate answered with the output already (a synchronous provider); else null (poll). */
export function resultFromSubmitAnswer(answer: SubmitAnswer, runId: string): GenerationResult | null {
  const status = (answer.status ?? '').toLowerCase();
  const outputUrl = firstUrl(answer.outputUrl, answer.videoUrl, answer.imageUrl);
  if (!outputUrl || !(status === 'done' || status === 'completed')) return null;
  const isVideo = answer.type === 'video' || (!!answer.videoUrl && answer.videoUrl === outputUrl);
  const media: RunMedia = {
    id: answer.runId ?? runId,
    runId,
    type: isVideo ? 'video' : 'image',
    url: outputUrl,
    finalUrl: outputUrl,
    metadata: answer.provider ? { provider: answer.provider } : {},
  };
  return { ...withMedia(runId, media, outputUrl), success: true, jobId: answer.jobId ?? runId, message: answer.message ?? null };
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/** The optimistic viewer item of a completed result. */
export function toViewerItem(result: GenerationResult, request: GenerationRequest, now: Date): GeneratedMediaItem {
  const media = result.media ?? { id: result.runId };
  const url = result.outputUrl ?? '';
  const width = positive(media.width) ?? VIEWER_ITEM_DEFAULT_SIZE;
  const height = positive(media.height) ?? VIEWER_ITEM_DEFAULT_SIZE;
  const serviceMode = toServiceMode(request.mode);
  return {
    id: media.id || result.runId,
    runId: result.runId,
    type: result.type === 'video' ? 'video' : 'image',
    url,
    finalUrl: url,
    thumbnailUrl: firstUrl(media.thumbnailUrl, result.imageUrl) ?? url,
    status: 'completed',
    prompt: media.prompt ?? request.prompt ?? '',
    aspectRatio: `${width}/${height}`,
    width,
    height,
    tokensUsed: VIEWER_ITEM_TOKENS,
    likes_count: 0,
    presetKey: media.presetKey ?? request.presetKey ?? null,
    presetType: media.presetType ?? (serviceMode ? presetTypeOf(serviceMode) : null),
    isPublic: typeof media.isPublic === 'boolean' ? media.isPublic : null,
    identityCheckPassed: result.success,
    metadata: media.metadata ?? {},
    createdAt: media.createdAt ?? now.toISOString(),
  };
}
