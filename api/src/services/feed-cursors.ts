import type { FeedSort } from '@app/shared/api/feed';
import type { FeedCursor, FeedRow, TopCursor, TrendingCursor } from '@app/shared/server/repositories';
import { InvalidInputError } from '@app/shared/server/domain-errors';

/**
 * The keyset cursors of the feed's orders, its search, tag and creator pages and the liked
 * collection: the one place that writes them and reads them back. A cursor is opaque to clients
 * but anyone can craft one, so each part is checked against what its column holds before any
 * query: a uuid, a time in years 0001–9999, a like count within Postgres' integer, a finite score.
 */

export const INVALID_CURSOR = "cursor: not a cursor of this list (pass the previous answer's nextCursor as it is)";

/** Where the newest-first order (and the liked collection) resumes; the spec-era form `iso|id`. */
export function encodeCursor(cursor: FeedCursor): string {
  return encodeParts([cursor.createdAt.toISOString(), cursor.id]);
}

export function decodeCursor(raw: string): FeedCursor {
  const [iso, id] = partsOf(raw, 2);
  return { createdAt: timeOf(iso), id: idOf(id) };
}

/** The cursor after `last` in `sort`. */
export function cursorAfter(sort: FeedSort, last: FeedRow): string {
  if (sort === 'top') return encodeParts(['top', String(last.likes_count), last.created_at.toISOString(), last.id]);
  if (sort === 'trending') {
    return last.trending_score === null
      ? encodeParts(['trending', '', last.created_at.toISOString(), last.id])
      : encodeParts(['trending', String(last.trending_score), last.id]);
  }
  return encodeCursor({ createdAt: last.created_at, id: last.id });
}

export function decodeTopCursor(raw: string): TopCursor {
  const [kind, likes, iso, id] = partsOf(raw, 4);
  if (kind !== 'top') throw invalidCursor();
  return { likes: likesOf(likes), createdAt: timeOf(iso), id: idOf(id) };
}

export function decodeTrendingCursor(raw: string): TrendingCursor {
  const parts = textOf(raw).split('|');
  if (parts[0] !== 'trending') throw invalidCursor();
  if (parts[1] === '') {
    const [, , iso, id] = partsOf(raw, 4);
    return { score: null, createdAt: timeOf(iso), id: idOf(id) };
  }
  const [, score, id] = partsOf(raw, 3);
  return { score: scoreOf(score), id: idOf(id) };
}

const invalidCursor = () => new InvalidInputError(INVALID_CURSOR, 'BAD_REQUEST');
const encodeParts = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');
const textOf = (raw: string) => Buffer.from(raw, 'base64url').toString('utf8');

function partsOf(raw: string, count: number): string[] {
  const parts = textOf(raw).split('|');
  if (parts.length !== count) throw invalidCursor();
  return parts;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `toISOString`'s form in years 0001–9999 (a six-digit or zero year is none a row holds). */
const ISO_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INT4_MAX = 2 ** 31 - 1;
const SCORE = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

function idOf(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw invalidCursor();
  return id;
}

function timeOf(iso: string | undefined): Date {
  const time = new Date(iso ?? '');
  // Read back as written, so 2026-02-30 (which Date rolls over to March) is refused too.
  if (!iso || !ISO_TIME.test(iso) || Number.isNaN(time.getTime()) || time.toISOString() !== iso) throw invalidCursor();
  return time;
}

/** A like count: `likes_count` is a Postgres integer. */
function likesOf(likes: string | undefined): number {
  const value = Number(likes);
  if (!likes || !/^\d{1,10}$/.test(likes) || value > INT4_MAX) throw invalidCursor();
  return value;
}

/** A trending score: `trending_score` is a double precision, so any finite number. */
function scoreOf(score: string | undefined): number {
  const value = Number(score);
  if (!score || !SCORE.test(score) || !Number.isFinite(value)) throw invalidCursor();
  return value;
}
