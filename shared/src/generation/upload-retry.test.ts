import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_ATTEMPTS } from '../constants';
import { checkSecureUrl } from './secure-url';
import { checkUploadFile, classifyUploadError, retryDelayMs, shouldRetryUpload } from './upload-retry';

describe('classifyUploadError', () => {
  it.each([
    'Invalid signature',
    'Unsupported file format',
    'File too large (max 20 MB)',
    'Invalid preset',
    'Authentication failed',
    'Unauthorized',
    '403 Forbidden',
    'Resource not found',
    'Bad Request',
    'Invalid API key',
    'Quota exceeded',
    'Rate limit exceeded',
  ])('%s is fatal', (message) => {
    expect(classifyUploadError(message)).toBe('fatal');
  });

  it.each([
    'Request timeout',
    'Upload timed out after 60s',
    'Network error',
    'TypeError: Failed to fetch',
    'The operation was aborted',
    'Temporary failure',
    'Service temporarily unavailable',
    'Rate limit reached, slow down',
    'Internal server error',
    'HTTP 502',
    '503 Service Unavailable',
    'status 504',
    'Connection refused',
    'read ECONNRESET',
    'socket hang up',
  ])('%s is retryable', (message) => {
    expect(classifyUploadError(message)).toBe('retryable');
  });

  it('checks the fatal list first', () => {
    expect(classifyUploadError('Rate limit exceeded')).toBe('fatal');
    expect(classifyUploadError('Network: not found')).toBe('fatal');
  });

  it('leaves everything else as other', () => {
    expect(classifyUploadError('Something odd')).toBe('other');
    expect(classifyUploadError('')).toBe('other');
    expect(classifyUploadError(new Error('socket hang up'))).toBe('retryable');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 1000 ms with no jitter at random 0', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('adds a jitter below 300 ms and caps at 8000 ms', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(1150);
    expect(retryDelayMs(2, () => 0.999)).toBe(2299);
    expect(retryDelayMs(4, () => 0.999)).toBe(8000);
    for (let attempt = 1; attempt <= 10; attempt++) {
      for (const r of [0, 0.25, 0.5, 0.75, 0.9999999]) {
        const delay = retryDelayMs(attempt, () => r);
        const base = Math.min(1000 * 2 ** (attempt - 1), 8000);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThan(Math.min(base + 300, 8001));
      }
    }
  });

  it('tolerates odd inputs', () => {
    expect(retryDelayMs(0, () => 0)).toBe(1000);
    expect(retryDelayMs(Number.NaN, () => 0)).toBe(1000);
    expect(retryDelayMs(1, () => 1)).toBeLessThan(1300);
    expect(retryDelayMs(1, () => -3)).toBe(1000);
    expect(retryDelayMs(1000, () => 0)).toBe(8000);
  });
});

describe('shouldRetryUpload', () => {
  it('retries retryable errors while attempts are left (3 in all)', () => {
    expect(UPLOAD_MAX_ATTEMPTS).toBe(3);
    expect(shouldRetryUpload('Network error', 1)).toBe(true);
    expect(shouldRetryUpload('Network error', 2)).toBe(true);
    expect(shouldRetryUpload('Network error', 3)).toBe(false);
    expect(shouldRetryUpload('Forbidden', 1)).toBe(false);
    expect(shouldRetryUpload('Weird', 1)).toBe(false);
  });
});

describe('checkUploadFile (spec 1 §5)', () => {
  it('accepts images and videos', () => {
    expect(checkUploadFile({ size: 10, type: 'image/jpeg' })).toEqual({ ok: true, kind: 'image' });
    expect(checkUploadFile({ size: 10, type: 'video/mp4' })).toEqual({ ok: true, kind: 'video' });
  });

  it('rejects with the exact messages', () => {
    expect(checkUploadFile(null)).toEqual({ ok: false, error: 'Cannot upload empty or invalid file' });
    expect(checkUploadFile(undefined)).toEqual({ ok: false, error: 'Cannot upload empty or invalid file' });
    expect(checkUploadFile({ size: 0, type: 'image/png' })).toEqual({ ok: false, error: 'Cannot upload empty file' });
    expect(checkUploadFile({ size: 5, type: '' })).toEqual({ ok: false, error: 'File type is missing' });
    expect(checkUploadFile({ size: 5, type: 'application/pdf' })).toEqual({ ok: false, error: 'Only image or video files are supported' });
  });
});

describe('checkSecureUrl', () => {
  it('accepts https (and http on loopback only)', () => {
    expect(checkSecureUrl('https://cdn.example.com/a.jpg')).toBeNull();
    expect(checkSecureUrl('http://localhost:3000/media/a.jpg')).toBeNull();
    expect(checkSecureUrl('http://127.0.0.1:3000/media/a.jpg')).toBeNull();
  });

  it('rejects anything else with the spec message', () => {
    for (const url of ['http://example.com/a.jpg', 'ftp://x/y', 'not a url', 42]) {
      expect(checkSecureUrl(url)).toBe('Invalid secure_url from the media cloud service');
    }
  });
});
