import { ADMIN_MEDIA_PAGE_SIZE } from '@app/shared';
import type { AdminMediaRow } from '@app/shared/api/admin';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  ADMIN_DISABLED_MESSAGE,
  INVALID_SECRET_MESSAGE,
  filterAdminMedia,
  formatAgo,
  formatRate,
  formatSeconds,
  formatMs,
  healthTone,
  isNearBottom,
  mediaStatusTone,
  nextMediaOffset,
  systemTone,
  verifyErrorText,
} from './admin-rules';

function row(id: string, type: 'image' | 'video', prompt: string | null): AdminMediaRow {
  return {
    id,
    user_id: null,
    type,
    finalUrl: null,
    image_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
    status: 'completed',
    prompt,
    source_url: null,
    likes_count: 0,
    preset_type: 'custom',
    is_public: false,
    metadata: {},
    run_id: null,
  };
}

describe('the admin media search (spec 3 §5)', () => {
  const items = [row('aaa-111', 'image', 'A golden hour portrait'), row('bbb-222', 'video', 'Neon rain in Tokyo'), row('ccc-333', 'image', null)];

  it('keeps everything for an empty or blank search', () => {
    expect(filterAdminMedia(items, '')).toBe(items);
    expect(filterAdminMedia(items, '   ')).toBe(items);
  });

  it('matches the prompt, case-insensitively', () => {
    expect(filterAdminMedia(items, 'GOLDEN').map((item) => item.id)).toEqual(['aaa-111']);
  });

  it('matches the type', () => {
    expect(filterAdminMedia(items, 'video').map((item) => item.id)).toEqual(['bbb-222']);
  });

  it('matches the id, and copes with a missing prompt', () => {
    expect(filterAdminMedia(items, 'c-33').map((item) => item.id)).toEqual(['ccc-333']);
    expect(filterAdminMedia(items, 'nothing like it')).toEqual([]);
  });
});

describe('the admin media paging (spec 3 §4, §9)', () => {
  const page = (size: number) => ({ media: Array.from({ length: size }, (_, index) => index) });

  it('asks for the next 50 after each full page', () => {
    expect(nextMediaOffset([page(ADMIN_MEDIA_PAGE_SIZE)])).toBe(50);
    expect(nextMediaOffset([page(ADMIN_MEDIA_PAGE_SIZE), page(ADMIN_MEDIA_PAGE_SIZE)])).toBe(100);
  });

  it('loads more when the scroll comes within 100 px of the bottom', () => {
    expect(isNearBottom(1200, 900, 2100)).toBe(true);
    expect(isNearBottom(0, 900, 2100)).toBe(false);
    expect(isNearBottom(1099, 900, 2100)).toBe(false);
    expect(isNearBottom(1100, 900, 2100)).toBe(true);
  });

  it('stops when a page returns fewer than 50', () => {
    expect(nextMediaOffset([page(ADMIN_MEDIA_PAGE_SIZE), page(49)])).toBeUndefined();
    expect(nextMediaOffset([page(0)])).toBeUndefined();
    expect(nextMediaOffset([])).toBeUndefined();
  });
});

describe('the admin dashboard colours (spec 3 §4)', () => {
  it('shows completed green, processing yellow and anything else red', () => {
    expect(mediaStatusTone('completed')).toBe('green');
    expect(mediaStatusTone('processing')).toBe('yellow');
    expect(mediaStatusTone('failed')).toBe('red');
    expect(mediaStatusTone('whatever')).toBe('red');
  });

  it('colours the health and each system', () => {
    expect([healthTone('healthy'), healthTone('degraded'), healthTone('down')]).toEqual(['green', 'yellow', 'red']);
    expect([systemTone('ok'), systemTone('off'), systemTone('failing')]).toEqual(['green', 'grey', 'red']);
  });
});

describe('the admin figures', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  const before = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago', () => {
    expect(formatAgo(before(3_400), now)).toBe('3 s ago');
    expect(formatAgo(before(-2_000), now)).toBe('0 s ago');
    expect(formatAgo(before(5 * 60_000 + 10_000), now)).toBe('5 min ago');
    expect(formatAgo(before(3 * 3_600_000), now)).toBe('3 h ago');
    expect(formatAgo(before(5 * 86_400_000), now)).toBe('5 d ago');
    expect(formatAgo('not a date', now)).toBe('—');
  });

  it('writes spans of seconds and rates', () => {
    expect(formatMs(null)).toBe('');
    expect(formatMs(0)).toBe('0 ms');
    expect(formatMs(340.4)).toBe('340 ms');
    expect(formatMs(2460)).toBe('2.5 s');
    expect(formatMs(185_000)).toBe('3 min 5 s');
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(2.46)).toBe('2.5 s');
    expect(formatSeconds(42)).toBe('42 s');
    expect(formatSeconds(185)).toBe('3 min 5 s');
    expect(formatSeconds(7_800)).toBe('2 h 10 min');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(0.934)).toBe('93 %');
  });
});

describe('the secret prompt', () => {
  it('says the secret is wrong, or that admin is off on this server', () => {
    expect(verifyErrorText(new ApiError(401, 'Invalid admin secret', 'UNAUTHORIZED'))).toBe(INVALID_SECRET_MESSAGE);
    expect(verifyErrorText(new ApiError(200, 'nope'))).toBe(INVALID_SECRET_MESSAGE);
    expect(verifyErrorText(new ApiError(503, 'off', 'ADMIN_DISABLED'))).toBe(ADMIN_DISABLED_MESSAGE);
    expect(verifyErrorText(new ApiError(429, 'Too many requests. Please wait a moment.'))).toBe('Too many requests. Please wait a moment.');
    expect(verifyErrorText(new ApiError(0))).toBe('Network error. Please try again.');
  });
});
