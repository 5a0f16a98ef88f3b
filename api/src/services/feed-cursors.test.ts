import { describe, expect, it } from 'vitest';
import type { FeedRow } from '@app/shared/server/repositories';
import { INVALID_CURSOR, cursorAfter, decodeCursor, decodeTopCursor, decodeTrendingCursor } from './feed-cursors';

const id = '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10';
const row = (fields: Partial<FeedRow>) => ({ id, created_at: new Date('2026-01-01T00:00:00.000Z'), likes_count: 0, trending_score: null, ...fields }) as FeedRow;
const cursor = (text: string) => Buffer.from(text).toString('base64url');

describe('feed cursors', () => {
  it('reads back every cursor it writes, at the edges of what the columns hold', () => {
    for (const iso of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      expect(decodeCursor(cursorAfter('new', row({ created_at: new Date(iso) })))).toEqual({ createdAt: new Date(iso), id });
    }
    expect(decodeTopCursor(cursorAfter('top', row({ likes_count: 2 ** 31 - 1 })))).toMatchObject({ likes: 2 ** 31 - 1, id });
    for (const score of [2900.5, 1.5e-7, 1e21, -3]) expect(decodeTrendingCursor(cursorAfter('trending', row({ trending_score: score })))).toEqual({ score, id });
    expect(decodeTrendingCursor(cursorAfter('trending', row({})))).toMatchObject({ score: null, id });
  });

  it('refuses a crafted part before it reaches a query', () => {
    for (const raw of [
      cursor(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      cursor(`+275760-09-13T00:00:00.000Z|${id}`),
      cursor(`0000-01-01T00:00:00.000Z|${id}`),
      cursor(`2026-13-01T00:00:00.000Z|${id}`),
      cursor(`2026-01-01T00:00:00.000Z|${id}|x`),
      'garbage',
    ]) {
      expect(() => decodeCursor(raw), raw).toThrow(INVALID_CURSOR);
    }
    expect(() => decodeTopCursor(cursor(`top|2147483648|2026-01-01T00:00:00.000Z|${id}`))).toThrow(INVALID_CURSOR);
    expect(() => decodeTopCursor(cursorAfter('new', row({})))).toThrow(INVALID_CURSOR);
    expect(() => decodeTrendingCursor(cursor(`trending|Infinity|${id}`))).toThrow(INVALID_CURSOR);
  });
});
