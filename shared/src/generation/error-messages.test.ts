import { describe, expect, it } from 'vitest';
import {
  cloudUploadFailedMessage,
  errorText,
  GENERATION_TIMEOUT_MESSAGE,
  httpStatusMessage,
  magicWandFailureMessage,
  MEDIA_READY_NOTICE,
  SESSION_EXPIRED_NOTICE,
  TOAST_DEFAULTS,
  UPLOAD_TIMEOUT_MESSAGE,
} from './error-messages';
import {
  failedNotice,
  GENERATION_ERROR_RULES,
  GENERATION_FAILED_TOAST,
  generationErrorToNotice,
  IDENTITY_CHECK_FAILED_NOTICE,
  INVALID_MODE_NOTICE,
  INVALID_PRESET_NOTICE,
  NO_PRESET_NOTICE,
  NOT_ENOUGH_PHOTOS_NOTICE,
  UNKNOWN_GENERATION_MODE,
} from './generation-errors';

describe('generationErrorToNotice (spec 1 §8)', () => {
  it.each([
    ['Insufficient credits: 1 left', 'No Credits', 'Wait for daily reset or upgrade your plan.'],
    ['INSUFFICIENT_CREDITS', 'No Credits', 'Wait for daily reset or upgrade your plan.'],
    ['Request timeout after 30s', 'Request Timed Out', 'Try again with a smaller image.'],
    ['Unexpected response from server', 'Connection Issue', 'Check your internet and try again.'],
    ['Request was blocked by the browser', 'Connection Issue', 'Check your internet and try again.'],
    ['TypeError: Failed to fetch', 'Network Error', 'Check your internet connection.'],
    ['Network request failed', 'Network Error', 'Check your internet connection.'],
    ['Missing sourceAssetId', 'Invalid Input', 'Check your input and try again.'],
    ['prompt is a required field', 'Invalid Input', 'Check your input and try again.'],
    ['Internal Server Error', 'Server Error', 'Try again in a few minutes.'],
    ['HTTP 500', 'Server Error', 'Try again in a few minutes.'],
    ['Unauthorized', 'Authentication Error', 'Please sign in again.'],
    ['status 401', 'Authentication Error', 'Please sign in again.'],
    ['File too large', 'Upload Error', 'Try a different image.'],
    ['Upload failed halfway', 'Upload Error', 'Try a different image.'],
    ['Generation failed at step 3', 'Generation Failed', 'Try again with different settings.'],
    ['Model error: out of memory', 'Generation Failed', 'Try again with different settings.'],
    ['The AI service is unavailable', 'Generation Failed', 'Try again with different settings.'],
    ['something odd', 'Something went wrong', 'Please try again.'],
  ])('%s → %s', (text, title, message) => {
    expect(generationErrorToNotice(text)).toEqual({ title, message });
  });

  it('is case-insensitive', () => {
    expect(generationErrorToNotice('TIMEOUT').title).toBe('Request Timed Out');
    expect(generationErrorToNotice('nEtWoRk down').title).toBe('Network Error');
  });

  it('applies the table in order: the first matching row wins', () => {
    // 'Invalid file type' contains 'invalid' (row 5) before the upload row (row 8).
    expect(generationErrorToNotice('Invalid file type').title).toBe('Invalid Input');
    // Credits before timeout; timeout before server error.
    expect(generationErrorToNotice('timeout: insufficient credits').title).toBe('No Credits');
    expect(generationErrorToNotice('500 server error after timeout').title).toBe('Request Timed Out');
    // Network before unauthorized.
    expect(generationErrorToNotice('401 network').title).toBe('Network Error');
    expect(GENERATION_ERROR_RULES.map((rule) => rule.title)).toEqual([
      'No Credits',
      'Request Timed Out',
      'Connection Issue',
      'Network Error',
      'Invalid Input',
      'Server Error',
      'Authentication Error',
      'Upload Error',
      'Generation Failed',
    ]);
  });

  it('reads Errors, answer bodies and nothing', () => {
    expect(generationErrorToNotice(new Error('Model error')).title).toBe('Generation Failed');
    expect(generationErrorToNotice({ success: false, error: 'Insufficient credits' }).title).toBe('No Credits');
    expect(generationErrorToNotice(undefined)).toEqual({ title: 'Something went wrong', message: 'Please try again.' });
    expect(errorText({ message: 'x' })).toBe('x');
    expect(errorText(42)).toBe('');
  });
});

describe('failedNotice (the alternative variant)', () => {
  it('words credits and timeouts, shows other errors raw', () => {
    expect(failedNotice('Insufficient credits')).toEqual({
      title: 'Failed',
      message: 'Not enough credits. Please wait for daily reset or upgrade your plan.',
    });
    expect(failedNotice('Gateway timeout')).toEqual({ title: 'Failed', message: 'Request timed out. Please try again.' });
    expect(failedNotice('Provider exploded')).toEqual({ title: 'Failed', message: 'Provider exploded' });
    expect(failedNotice('')).toEqual({ title: 'Failed', message: 'Try again' });
  });

  it('stays quiet for 202 and processing', () => {
    expect(failedNotice('HTTP 202 Accepted')).toBeNull();
    expect(failedNotice('Still processing')).toBeNull();
  });
});

describe('httpStatusMessage', () => {
  it.each([
    [400, 'Please add/upload an image first.'],
    [422, 'Please add/upload an image first.'],
    [401, 'Please sign in to continue.'],
    [403, "You don't have permission for this action."],
    [429, 'Too many requests. Please wait a moment.'],
    [500, 'Server error. Please try again.'],
  ])('%i → %s', (status, message) => {
    expect(httpStatusMessage(status, 'ignored')).toBe(message);
  });

  it('uses the supplied message or the fallback for other statuses', () => {
    expect(httpStatusMessage(404, 'Not here')).toBe('Not here');
    expect(httpStatusMessage(502)).toBe('Something went wrong. Please try again.');
    expect(httpStatusMessage(503, '  ')).toBe('Something went wrong. Please try again.');
  });
});

describe('fixed texts', () => {
  it('match the spec', () => {
    expect(GENERATION_TIMEOUT_MESSAGE).toBe('Generation timed out. Please try again.');
    expect(UPLOAD_TIMEOUT_MESSAGE).toBe('Upload timed out after 60s. Please try again with a smaller file or check your connection.');
    expect(UNKNOWN_GENERATION_MODE).toBe('Unknown generation mode');
    expect(INVALID_MODE_NOTICE).toEqual({ title: 'Invalid Mode', message: 'Try again with a valid option' });
    expect(NO_PRESET_NOTICE).toEqual({ title: 'No Preset Selected', message: 'Select a preset and try again' });
    expect(INVALID_PRESET_NOTICE).toEqual({ title: 'Invalid Preset', message: 'Select a valid preset and try again' });
    expect(NOT_ENOUGH_PHOTOS_NOTICE).toEqual({ title: 'Not Enough Photos', message: 'Add at least 3 photos for Story Time' });
    expect(IDENTITY_CHECK_FAILED_NOTICE).toEqual({ title: 'Image generated', message: "Didn't pass identity check - tap to view" });
    expect(MEDIA_READY_NOTICE).toEqual({ title: 'Your media is ready', message: 'Tap to open' });
    expect(GENERATION_FAILED_TOAST).toEqual({ title: 'Generation Failed', message: 'Try again' });
    expect(SESSION_EXPIRED_NOTICE).toEqual({ title: 'Session Expired', message: 'For your security, please sign in again.' });
    expect(TOAST_DEFAULTS.queue).toEqual({ title: 'Added to queue', message: "We'll start processing shortly." });
    expect(TOAST_DEFAULTS.success).toEqual({ title: 'Success!', message: 'Operation completed successfully.' });
  });

  it('formats the upload and magic wand failures', () => {
    expect(cloudUploadFailedMessage('Invalid signature')).toBe('media cloud upload failed: Invalid signature');
    expect(cloudUploadFailedMessage()).toBe('media cloud upload failed: Unknown error');
    expect(magicWandFailureMessage(502, 'Bad Gateway', 'oops')).toBe('Magic Wand failed: 502 Bad Gateway - oops');
  });
});
