import {
  errorText,
  GENERATION_FAILED_TOAST,
  generationErrorToNotice,
  httpStatusMessage,
  INSUFFICIENT_CREDITS,
  type Notice,
} from '@app/shared';
import { ApiError } from '../../api/api-error';

/** The preflight's refusal (spec 1 §5): fewer than 2 credits left. */
export class InsufficientCreditsError extends Error {
  readonly code = INSUFFICIENT_CREDITS;
  constructor() {
    super(INSUFFICIENT_CREDITS);
    this.name = 'InsufficientCreditsError';
  }
}

/** Whether an error (or error text) is the INSUFFICIENT_CREDITS one, however it came. */
export function isInsufficientCredits(error: unknown): boolean {
  if (error instanceof ApiError && (error.code === INSUFFICIENT_CREDITS || error.status === 402)) return true;
  if (error instanceof InsufficientCreditsError) return true;
  const text = errorText(error).toLowerCase();
  return text.includes('insufficient_credits') || text.includes('insufficient credits');
}

/**
 * A failed dispatch (preflight, unified-generate) as a toast: the title (and message) of the
 * error catalogue; a call that got an HTTP answer takes the status's message (spec 1 §8).
 */
export function dispatchErrorNotice(error: unknown): Notice {
  const notice = generationErrorToNotice(error);
  if (isInsufficientCredits(error)) return generationErrorToNotice(INSUFFICIENT_CREDITS);
  if (error instanceof ApiError && !error.isNetworkError) {
    return { title: notice.title, message: httpStatusMessage(error.status, notice.message) };
  }
  return notice;
}

/** A failed run as a toast: 'Generation Failed' with its message or 'Try again' (credits: 'No Credits'). */
export function failedRunNotice(error: string | null): Notice {
  if (isInsufficientCredits(error)) return generationErrorToNotice(INSUFFICIENT_CREDITS);
  const message = error?.trim();
  return { title: GENERATION_FAILED_TOAST.title, message: message || GENERATION_FAILED_TOAST.message };
}
