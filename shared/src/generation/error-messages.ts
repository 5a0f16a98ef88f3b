/** Spec 1 §8 (the error catalogue) and the fixed notification texts of spec 1 §4, §5 and §9. */

/** A title and a message, as a toast or notification shows them. */
export interface Notice {
  title: string;
  message: string;
}

/** The error code the api and the preflight check raise when credits are short (spec 1 §5). */
export const INSUFFICIENT_CREDITS = 'INSUFFICIENT_CREDITS';
/**
 * The text of that refusal: the code, for clients matching on it, and "Insufficient credits",
 * which spec 1 §8's other rule maps to 'No Credits' / 'Not enough credits…'.
 */
export const INSUFFICIENT_CREDITS_MESSAGE = `${INSUFFICIENT_CREDITS}: Insufficient credits`;

/** The table's "otherwise" row. */
export const GENERIC_ERROR_NOTICE: Notice = { title: 'Something went wrong', message: 'Please try again.' };

/** The text of an error of any shape (an Error's message, a string, `{ error }` / `{ message }`). */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    if (typeof record.error === 'string') return record.error;
    if (typeof record.message === 'string') return record.message;
  }
  return '';
}

export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Please add/upload an image first.',
  422: 'Please add/upload an image first.',
  401: 'Please sign in to continue.',
  403: "You don't have permission for this action.",
  429: 'Too many requests. Please wait a moment.',
  500: 'Server error. Please try again.',
};
export const HTTP_FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** Spec 1 §8: HTTP status → user message; other statuses show the supplied message or the fallback. */
export function httpStatusMessage(status: number, supplied?: string | null): string {
  const known = HTTP_STATUS_MESSAGES[status];
  if (known !== undefined) return known;
  const text = supplied?.trim();
  return text ? text : HTTP_FALLBACK_MESSAGE;
}

// ---- Notices every screen may show (spec 1 §9) ----
export const MEDIA_READY_NOTICE: Notice = { title: 'Your media is ready', message: 'Tap to open' };
export const SESSION_EXPIRED_NOTICE: Notice = { title: 'Session Expired', message: 'For your security, please sign in again.' };

/** Spec 1 §9: the default texts of each toast kind. */
export const TOAST_DEFAULTS: Readonly<Record<'queue' | 'ready' | 'error' | 'success', Notice>> = {
  queue: { title: 'Added to queue', message: "We'll start processing shortly." },
  ready: MEDIA_READY_NOTICE,
  error: GENERIC_ERROR_NOTICE,
  success: { title: 'Success!', message: 'Operation completed successfully.' },
};

// ---- Polling and uploads (spec 1 §4, §5, §8) ----
export const GENERATION_TIMEOUT_MESSAGE = 'Generation timed out. Please try again.';
export const UPLOAD_TIMEOUT_MESSAGE =
  'Upload timed out after 60s. Please try again with a smaller file or check your connection.';
export const UPLOADING_NOTICE: Notice = { title: 'Uploading...', message: 'Please wait...' };
export const UPLOAD_FAILED_NOTICE: Notice = { title: 'Upload failed', message: 'Please try again.' };
export const INVALID_SECURE_URL_MESSAGE = 'Invalid secure_url from the media cloud service';
export const NON_FILE_STRING_MESSAGE = 'Non-file string passed to upload';
export const UPLOAD_EMPTY_OR_INVALID_FILE = 'Cannot upload empty or invalid file';
export const UPLOAD_EMPTY_FILE = 'Cannot upload empty file';
export const UPLOAD_TYPE_MISSING = 'File type is missing';
export const UPLOAD_UNSUPPORTED_TYPE = 'Only image or video files are supported';

/** 'media cloud upload failed' with the provider's message, the status text or 'Unknown error'. */
export function cloudUploadFailedMessage(detail?: string | null): string {
  const text = detail?.trim();
  return `media cloud upload failed: ${text ? text : 'Unknown error'}`;
}

// ---- Prompt enhancement (spec 1 §8) ----
export function magicWandFailureMessage(status: number, statusText: string, body: string): string {
  return `Magic Wand failed: ${status} ${statusText} - ${body}`;
}
export const ENHANCE_NO_RESULT_NOTICE: Notice = { title: 'Enhancement Failed', message: 'Could not enhance your prompt. Try being more specific.' };
export const ENHANCE_ERROR_NOTICE: Notice = { title: 'Enhancement Failed', message: 'Could not enhance your prompt. Try again later.' };
export const ENHANCE_SUCCESS_NOTICE: Notice = { title: 'Prompt Enhanced', message: 'Your prompt has been enhanced with AI magic!' };

// ---- Drafts, likes, waitlist (spec 1 §8) ----
export const DRAFT_SAVE_FAILED_NOTICE: Notice = { title: 'Save Failed', message: 'Could not save draft. Please try again.' };
export const DRAFT_SAVED_NOTICE: Notice = { title: 'Draft Saved', message: 'Your draft has been saved successfully!' };
export const LIKE_FAILED_MESSAGE = 'Failed to update like';
export const WAITLIST_FALLBACK_MESSAGE = 'Something went wrong. Please try again.';
export const WAITLIST_NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
