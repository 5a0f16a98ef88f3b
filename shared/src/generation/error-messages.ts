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

/** One row of the "Error text contains" table; `contains` are lowercase substrings. */
export interface ErrorNoticeRule extends Notice {
  contains: readonly string[];
}

/** Spec 1 §8, in table order: the first row whose text is contained (case-insensitive) wins. */
export const GENERATION_ERROR_RULES: readonly ErrorNoticeRule[] = [
  { contains: ['insufficient credits', 'insufficient_credits'], title: 'No Credits', message: 'Wait for daily reset or upgrade your plan.' },
  { contains: ['timeout', 'timed out'], title: 'Request Timed Out', message: 'Try again with a smaller image.' },
  { contains: ['unexpected response', 'blocked'], title: 'Connection Issue', message: 'Check your internet and try again.' },
  { contains: ['failed to fetch', 'failed fetch', 'fetch failed', 'network'], title: 'Network Error', message: 'Check your internet connection.' },
  { contains: ['invalid', 'missing', 'required'], title: 'Invalid Input', message: 'Check your input and try again.' },
  { contains: ['server error', '500'], title: 'Server Error', message: 'Try again in a few minutes.' },
  { contains: ['unauthorized', '401'], title: 'Authentication Error', message: 'Please sign in again.' },
  { contains: ['file too large', 'upload failed', 'invalid file type'], title: 'Upload Error', message: 'Try a different image.' },
  { contains: ['generation failed', 'model error', 'ai service'], title: 'Generation Failed', message: 'Try again with different settings.' },
];

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

/** Spec 1 §8: the generation error → title and message. */
export function generationErrorToNotice(error: unknown): Notice {
  const text = errorText(error).toLowerCase();
  if (text) {
    for (const rule of GENERATION_ERROR_RULES) {
      if (rule.contains.some((part) => text.includes(part))) return { title: rule.title, message: rule.message };
    }
  }
  return { ...GENERIC_ERROR_NOTICE };
}

export const FAILED_NOTICE_TITLE = 'Failed';
export const FAILED_NO_CREDITS_MESSAGE = 'Not enough credits. Please wait for daily reset or upgrade your plan.';
export const FAILED_TIMEOUT_MESSAGE = 'Request timed out. Please try again.';
export const FAILED_FALLBACK_MESSAGE = 'Try again';

/**
 * Spec 1 §8, the alternative failure notification titled 'Failed'. Returns null for an error that
 * is only a 202 / processing answer (handled quietly, nothing shown).
 */
export function failedNotice(error: unknown): Notice | null {
  const raw = errorText(error).trim();
  const text = raw.toLowerCase();
  if (text.includes('insufficient credits') || text.includes('insufficient_credits')) {
    return { title: FAILED_NOTICE_TITLE, message: FAILED_NO_CREDITS_MESSAGE };
  }
  if (text.includes('timeout') || text.includes('timed out')) return { title: FAILED_NOTICE_TITLE, message: FAILED_TIMEOUT_MESSAGE };
  if (/\b202\b/.test(text) || text.includes('processing')) return null;
  return { title: FAILED_NOTICE_TITLE, message: raw || FAILED_FALLBACK_MESSAGE };
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

// ---- Messages of the generation request (api validation and the service) ----
export const UNKNOWN_GENERATION_MODE = 'Unknown generation mode';
export const SOURCE_IMAGE_REQUIRED = 'A source image is required';
export const UNKNOWN_PRESET = 'Unknown preset';
export const NO_PRESET_SELECTED = 'No preset selected';
export const PROMPT_REQUIRED = 'Enter a prompt';
export const PROMPT_TOO_LONG = 'Prompt is too long (at most 4000 characters)';
export const INVALID_RUN_ID = 'Invalid runId';
export const STORY_TIME_TOO_FEW_PHOTOS = 'Add at least 3 photos for Story Time';
export const TOO_MANY_PHOTOS = 'Too many photos';

// ---- Notices of the composer and the generation flow (spec 1 §4, §5) ----
export const INVALID_MODE_NOTICE: Notice = { title: 'Invalid Mode', message: 'Try again with a valid option' };
export const NO_PRESET_NOTICE: Notice = { title: 'No Preset Selected', message: 'Select a preset and try again' };
export const INVALID_PRESET_NOTICE: Notice = { title: 'Invalid Preset', message: 'Select a valid preset and try again' };
export const NOT_ENOUGH_PHOTOS_NOTICE: Notice = { title: 'Not Enough Photos', message: STORY_TIME_TOO_FEW_PHOTOS };
export const IDENTITY_CHECK_FAILED_NOTICE: Notice = { title: 'Image generated', message: "Didn't pass identity check - tap to view" };
export const MEDIA_READY_NOTICE: Notice = { title: 'Your media is ready', message: 'Tap to open' };
/** Error toast of a failed generation; the message is the error's or this fallback. */
export const GENERATION_FAILED_TOAST: Notice = { title: 'Generation Failed', message: 'Try again' };
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
