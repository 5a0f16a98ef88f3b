import { describe, expect, it } from 'vitest';
import { formatViewerDate, identityLine, UNKNOWN_DATE } from './media-format';

describe('media texts', () => {
  it('shows the date in US English, short, with 12-hour time, or Unknown date', () => {
    const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', hour12: true, timeZone: 'UTC' });
    expect(formatViewerDate('2025-01-02T15:04:05Z', utc)).toMatch(/^1\/2\/25,\s3:04\sPM$/);
    expect(formatViewerDate(null)).toBe(UNKNOWN_DATE);
    expect(formatViewerDate('not a date')).toBe(UNKNOWN_DATE);
  });

  it('describes the identity check', () => {
    expect(identityLine({ score: 0.934, threshold: 0.75, attempts: 1 })).toBe('Identity match 0.93 · threshold 0.75 · 1 attempt');
    expect(identityLine({ score: 0.61, threshold: 0.75, attempts: 4 })).toBe('Identity match 0.61 · threshold 0.75 · 4 attempts');
    expect(identityLine({ applicable: false })).toBe('Identity check: no face in the source');
    expect(identityLine(null)).toBeNull();
  });
});
