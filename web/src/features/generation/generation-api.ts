import { magicWandFailureMessage } from '@app/shared';
import {
  getMediaByRunIdCall,
  magicWandCall,
  quoteGenerationCall,
  quoteVariationCall,
  runFailedAnswerSchema,
  type SubmitAnswer,
  unifiedGenerateCall,
  unifiedGenerateVariationCall,
  type VariationRequest,
} from '@app/shared/api/generation';
import { getUserMediaCall, type MediaItem as LibraryItem, type RunMedia } from '@app/shared/api/media';
import { cancelRunCall, retryRunCall } from '@app/shared/api/runs';
import type { CallResponse } from '@app/shared/api/define-call';
import { ApiError } from '../../api/api-error';
import { callApi, callApiData } from '../../api/client';
import { fetchCredits } from '../../state/credits';
import type { GenerationRequest, GenerationRequestBody, RunPoll } from './generation-types';

export type QuoteAnswer = CallResponse<typeof quoteGenerationCall>;
export type CancelRunAnswer = CallResponse<typeof cancelRunCall>;

/** The calls of the generation flow (spec 1 §7), all through the authenticated request helper. */
export interface GenerationApi {
  /** GET getQuota: the credits left (`remaining`, else `currentBalance`). */
  getQuota(signal?: AbortSignal): Promise<number | null>;
  /** POST quote-generation: what this request costs and whether the balance covers it. */
  quote(body: GenerationRequest, signal?: AbortSignal): Promise<QuoteAnswer>;
  /** POST unified-generate (its 402 throws, `required` and `available` in the error's body). */
  submit(body: GenerationRequestBody, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** POST quote-generation for a variation of one of the person's items. */
  quoteVariation(mediaId: string, signal?: AbortSignal): Promise<QuoteAnswer>;
  /** POST unified-generate with `variationOf`: a new take of one of the person's items. */
  submitVariation(body: VariationRequest, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** GET getMediaByRunId: a processing answer (202), or a 404, means still processing; an answer is the run's end as its event. */
  getMediaByRunId(runId: string, signal?: AbortSignal): Promise<RunPoll>;
  /** The fallback: GET getUserMedia and the item of this run (null if none, or no endpoint). */
  findUserMediaByRunId(userId: string, runId: string, signal?: AbortSignal): Promise<RunMedia | null>;
  /** POST cancel-run (issue 16). */
  cancelRun(runId: string): Promise<CancelRunAnswer>;
  /** POST retry-run: the same run id starts again. */
  retryRun(runId: string): Promise<void>;
}

/** A library item of this run as the run's media (getUserMedia names the preset kind `type`). */
function asRunMedia(item: LibraryItem): RunMedia {
  return { ...item, type: item.mediaType === 'video' ? 'video' : 'image', created_at: item.createdAt };
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

    quote: (body, signal) => callApiData(quoteGenerationCall, { body, signal }),

    submit: (body, signal) => callApiData(unifiedGenerateCall, { body, signal }),

    quoteVariation: (mediaId, signal) => callApiData(quoteVariationCall, { body: { variationOf: mediaId }, signal }),

    submitVariation: (body, signal) => callApiData(unifiedGenerateVariationCall, { body, signal }),

    async getMediaByRunId(runId, signal) {
      let result;
      try {
        result = await callApi(getMediaByRunIdCall, { query: { runId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'processing' };
        throw error;
      }
      if (result.ok) {
        if (result.data.status === 'processing') return { kind: 'processing' };
        const { media, receipt, balance } = result.data;
        return { kind: 'ended', event: { type: 'run.done', runId, media, charged: receipt?.creditsCharged, balance } };
      }
      // A 200 with success false is the run's answer: failed, with its image when one was kept.
      const failed = runFailedAnswerSchema.safeParse(result.body);
      // An answer of another shape does not say the balance.
      const balance = failed.success ? failed.data.balance : undefined;
      if (failed.success && failed.data.media) {
        const charged = failed.data.receipt?.creditsCharged;
        return { kind: 'ended', event: { type: 'run.done', runId, media: { ...failed.data.media, status: 'failed' }, charged, balance } };
      }
      const error = failed.success ? failed.data.error : typeof result.body.error === 'string' ? result.body.error : 'Generation failed';
      const refunded = failed.success ? (failed.data.receipt?.creditsRefunded ?? 0) : 0;
      return { kind: 'ended', event: { type: 'run.failed', runId, error, refunded, balance } };
    },

    async findUserMediaByRunId(userId, runId, signal) {
      let items: LibraryItem[];
      try {
        ({ items } = await callApiData(getUserMediaCall, { query: { userId, limit: 50 }, signal }));
      } catch (error) {
        // The endpoint may not exist (404): the fallback simply finds nothing.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
      const item = items.find((entry) => entry.runId === runId);
      return item ? asRunMedia(item) : null;
    },

    cancelRun: (runId) => callApiData(cancelRunCall, { body: { runId } }),

    async retryRun(runId) {
      await callApiData(retryRunCall, { body: { runId } });
    },
  };
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
