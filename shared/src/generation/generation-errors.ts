/**
 * Spec 1 §8's generation errors as a person reads them, the generation request's messages and
 * the generation flow's notices. Apart from error-messages.ts so a screen that only shows toasts
 * doesn't carry them: the web's generation engine loads on first use.
 */
import { NO_CREDITS_TITLE } from './credits-text';
import { errorText, GENERIC_ERROR_NOTICE, type Notice } from './error-messages';

/** One row of the "Error text contains" table; `contains` are lowercase substrings. */
export interface ErrorNoticeRule extends Notice {
  contains: readonly string[];
}

/** Spec 1 §8, in table order: the first row whose text is contained (case-insensitive) wins. */
export const GENERATION_ERROR_RULES: readonly ErrorNoticeRule[] = [
  { contains: ['insufficient credits', 'insufficient_credits'], title: NO_CREDITS_TITLE, message: 'Wait for daily reset or upgrade your plan.' },
  { contains: ['timeout', 'timed out'], title: 'Request Timed Out', message: 'Try again with a smaller image.' },
  { contains: ['unexpected response', 'blocked'], title: 'Connection Issue', message: 'Check your internet and try again.' },
  { contains: ['failed to fetch', 'failed fetch', 'fetch failed', 'network'], title: 'Network Error', message: 'Check your internet connection.' },
  { contains: ['invalid', 'missing', 'required'], title: 'Invalid Input', message: 'Check your input and try again.' },
  { contains: ['server error', '500'], title: 'Server Error', message: 'Try again in a few minutes.' },
  { contains: ['unauthorized', '401'], title: 'Authentication Error', message: 'Please sign in again.' },
  { contains: ['file too large', 'upload failed', 'invalid file type'], title: 'Upload Error', message: 'Try a different image.' },
  { contains: ['generation failed', 'model error', 'ai service'], title: 'Generation Failed', message: 'Try again with different settings.' },
];

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

/** Messages of the generation request (api validation and the service). */
export const UNKNOWN_GENERATION_MODE = 'Unknown generation mode';
export const SOURCE_IMAGE_REQUIRED = 'A source image is required';
export const UNKNOWN_PRESET = 'Unknown preset';
export const NO_PRESET_SELECTED = 'No preset selected';
export const PROMPT_REQUIRED = 'Enter a prompt';
export const PROMPT_TOO_LONG = 'Prompt is too long (at most 4000 characters)';
export const INVALID_RUN_ID = 'Invalid runId';
export const STORY_TIME_TOO_FEW_PHOTOS = 'Add at least 3 photos for Story Time';
export const TOO_MANY_PHOTOS = 'Too many photos';

/** Notices of the composer and the generation flow (spec 1 §4, §5). */
export const INVALID_MODE_NOTICE: Notice = { title: 'Invalid Mode', message: 'Try again with a valid option' };
export const NO_PRESET_NOTICE: Notice = { title: 'No Preset Selected', message: 'Select a preset and try again' };
export const INVALID_PRESET_NOTICE: Notice = { title: 'Invalid Preset', message: 'Select a valid preset and try again' };
export const NOT_ENOUGH_PHOTOS_NOTICE: Notice = { title: 'Not Enough Photos', message: STORY_TIME_TOO_FEW_PHOTOS };
export const IDENTITY_CHECK_FAILED_NOTICE: Notice = { title: 'Image generated', message: "Didn't pass identity check - tap to view" };
/** Error toast of a failed generation; the message is the error's or this fallback. */
export const GENERATION_FAILED_TOAST: Notice = { title: 'Generation Failed', message: 'Try again' };
