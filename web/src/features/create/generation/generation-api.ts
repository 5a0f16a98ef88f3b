import { magicWandFailureMessage } from '@app/shared';
import { ApiError } from '../../../api/api-error';
import { getMediaByRunIdCall, magicWandCall, runFailedAnswerSchema, unifiedGenerateCall } from '@app/shared/api/generation';
import { getUserMediaCall } from '@app/shared/api/media';
import { cancelRunCall, retryRunCall, runEventsTicketCall } from '@app/shared/api/runs';
import { callApi, callApiData } from '../../../api/client';
import { fetchCredits } from '../../../state/credits';
import type { GenerationRequestBody, RunMedia, RunPoll, SubmitAnswer } from './generation-types';

/** The calls of the generation flow (spec 1 §7), all through the authenticated request helper. */
export interface GenerationApi {
  /** GET getQuota: the credits left (`remaining`, else `currentBalance`). */
  getQuota(signal?: AbortSignal): Promise<number | null>;
  /** POST unified-generate. */
  submit(body: GenerationRequestBody, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** GET getMediaByRunId: a 404 means still processing. */
  getMediaByRunId(runId: string, signal?: AbortSignal): Promise<RunPoll>;
  /** The fallback: GET getUserMedia and the item whose run id matches (null if none, or no endpoint). */
  findUserMediaByRunId(userId: string, runId: string, signal?: AbortSignal): Promise<RunMedia | null>;
  /** POST cancel-run (issue 16). */
  cancelRun(runId: string): Promise<CancelRunAnswer>;
  /** POST retry-run: the same run id starts again. */
  retryRun(runId: string): Promise<void>;
}

export type CancelRunAnswer = { status: 'canceled' | 'canceling'; refunded: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The fields a media item may name its run id with (spec 1 §7). */
export const RUN_ID_FIELDS = ['runId', 'run_id', 'stability_job_id', 'falJobId', 'stabilityJobId'] as const;

export function matchesRunId(item: Record<string, unknown>, runId: string): boolean {
  const metadata = isRecord(item.metadata) ? item.metadata : {};
  return RUN_ID_FIELDS.some((field) => item[field] === runId || metadata[field] === runId);
}

/** A media item of any of the server's spellings, as the engine reads it. */
export function toRunMedia(item: Record<string, unknown>, runId: string): RunMedia {
  const metadata = isRecord(item.metadata) ? item.metadata : {};
  const type = text(item.type) ?? (item.mediaType === 'video' ? 'video' : 'image');
  return {
    id: text(item.id) ?? String(item.id ?? runId),
    runId,
    type,
    url: text(item.url),
    finalUrl: text(item.finalUrl) ?? text(item.final_url),
    imageUrl: text(item.imageUrl) ?? text(item.image_url),
    thumbnailUrl: text(item.thumbnailUrl) ?? text(item.thumbnail_url),
    status: text(item.status),
    prompt: text(item.prompt),
    presetType: text(item.presetType) ?? text(item.preset_type),
    presetKey: text(item.presetKey) ?? text(item.preset_key),
    width: numberOrNull(item.width),
    height: numberOrNull(item.height),
    isPublic: typeof item.isPublic === 'boolean' ? item.isPublic : typeof item.is_public === 'boolean' ? item.is_public : null,
    createdAt: text(item.createdAt) ?? text(item.created_at),
    metadata,
  };
}

const HTTP_REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function createGenerationApi(): GenerationApi {
  return {
    getQuota: fetchCredits,

    submit: (body, signal) => callApiData(unifiedGenerateCall, { body, signal }),

    async getMediaByRunId(runId, signal) {
      let result;
      try {
        result = await callApi(getMediaByRunIdCall, { query: { runId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'processing' };
        throw error;
      }
      if (result.ok) {
        const { status, media } = result.data;
        return { kind: 'answer', answer: { success: true, status, runId, media: toRunMedia(media, runId) } };
      }
      // A 200 with success false: the run failed (with its image when one was kept).
      const failed = runFailedAnswerSchema.safeParse(result.body);
      const media = failed.success && failed.data.media ? toRunMedia(failed.data.media, runId) : null;
      return {
        kind: 'answer',
        answer: {
          success: false,
          status: 'failed',
          runId,
          error: typeof result.body.error === 'string' ? result.body.error : 'Generation failed',
          ...(media ? { media } : {}),
        },
      };
    },

    async findUserMediaByRunId(userId, runId, signal) {
      let items: Record<string, unknown>[];
      try {
        ({ items } = await callApiData(getUserMediaCall, { query: { userId, limit: 50 }, signal }));
      } catch (error) {
        // The endpoint may not exist (404): the fallback simply finds nothing.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
      const item = items.find((entry) => matchesRunId(entry, runId));
      return item ? toRunMedia(item, runId) : null;
    },

    async cancelRun(runId) {
      const { status, refunded } = await callApiData(cancelRunCall, { body: { runId } });
      return { status, refunded };
    },

    async retryRun(runId) {
      await callApiData(retryRunCall, { body: { runId } });
    },
  };
}

/** POST run-events/ticket: the single-use ticket an EventSource opens the stream with. */
export async function fetchRunEventsTicket(): Promise<string> {
  return (await callApiData(runEventsTicketCall)).ticket;
}

/**
 * POST magic-wand: the enhanced prompt, or null when the service returned none. A failed call
 * throws 'Magic Wand failed: {status} {statusText} - {body}' (spec 1 §8).
 */
export async function enhancePrompt(prompt: string, enhanceNegativePrompt = false): Promise<string | null> {
  try {
    const answer = await callApiData(magicWandCall, { body: { prompt, enhanceNegativePrompt } });
    return answer.enhancedPrompt.trim() || null;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(magicWandFailureMessage(error.status, HTTP_REASONS[error.status] ?? '', error.serverError ?? error.message), { cause: error });
    }
    throw error;
  }
}
