import { UPLOAD_BASE_DELAY_MS, UPLOAD_MAX_ATTEMPTS, UPLOAD_MAX_DELAY_MS, UPLOAD_MAX_JITTER_MS } from '../constants';
import {
  errorText,
  UPLOAD_EMPTY_FILE,
  UPLOAD_EMPTY_OR_INVALID_FILE,
  UPLOAD_TYPE_MISSING,
  UPLOAD_UNSUPPORTED_TYPE,
} from './error-messages';

/** Spec 1 §8: errors that never succeed on a retry. Checked first. */
export const FATAL_UPLOAD_ERRORS: readonly RegExp[] = [
  /invalid signature/i,
  /unsupported file/i,
  /file too large/i,
  /invalid preset/i,
  /authentication failed/i,
  /unauthori[sz]ed/i,
  /forbidden/i,
  /not found/i,
  /bad request/i,
  /invalid api key/i,
  /quota exceeded/i,
  /rate limit exceeded/i,
];

/** Spec 1 §8: transient errors worth another attempt. */
export const RETRYABLE_UPLOAD_ERRORS: readonly RegExp[] = [
  /time(?:d)?[\s-]?out/i,
  /network/i,
  /fetch/i,
  /abort/i,
  /temporar(?:y|ily)/i,
  /rate limit/i,
  /too many requests/i,
  /server error/i,
  /\b50[234]\b/,
  /bad gateway/i,
  /service unavailable/i,
  /connection/i,
  /econnreset/i,
  /econnrefused/i,
  /etimedout/i,
  /eai_again/i,
  /socket hang up/i,
];

export type UploadErrorClass = 'fatal' | 'retryable' | 'other';

/** Spec 1 §8: fatal (no retry), retryable, or other (not retried either). */
export function classifyUploadError(error: unknown): UploadErrorClass {
  const text = errorText(error);
  if (!text) return 'other';
  if (FATAL_UPLOAD_ERRORS.some((pattern) => pattern.test(text))) return 'fatal';
  if (RETRYABLE_UPLOAD_ERRORS.some((pattern) => pattern.test(text))) return 'retryable';
  return 'other';
}

/**
 * Delay before the next try after failed attempt `attempt` (1-based): 1000 ms doubling per
 * attempt, plus a jitter below 300 ms, never more than 8000 ms.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  const r = random();
  const jitter = Math.floor(Math.min(Math.max(Number.isFinite(r) ? r : 0, 0), 0.999999) * UPLOAD_MAX_JITTER_MS);
  const exponential = UPLOAD_BASE_DELAY_MS * 2 ** Math.min(n - 1, 30);
  return Math.min(exponential + jitter, UPLOAD_MAX_DELAY_MS);
}

/** Whether failed attempt `attempt` (1-based) should be tried again: retryable and attempts left. */
export function shouldRetryUpload(error: unknown, attempt: number): boolean {
  return attempt < UPLOAD_MAX_ATTEMPTS && classifyUploadError(error) === 'retryable';
}

export type UploadFileCheck = { ok: true; kind: 'image' | 'video' } | { ok: false; error: string };

/** Spec 1 §5: the client's file check before an upload, with its exact messages. */
export function checkUploadFile(file: { size: number; type: string } | null | undefined): UploadFileCheck {
  if (!file || typeof file !== 'object' || typeof file.size !== 'number' || Number.isNaN(file.size)) {
    return { ok: false, error: UPLOAD_EMPTY_OR_INVALID_FILE };
  }
  if (file.size <= 0) return { ok: false, error: UPLOAD_EMPTY_FILE };
  if (!file.type) return { ok: false, error: UPLOAD_TYPE_MISSING };
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return { ok: true, kind: 'image' };
  if (type.startsWith('video/')) return { ok: true, kind: 'video' };
  return { ok: false, error: UPLOAD_UNSUPPORTED_TYPE };
}
