import { TRENDING_DECAY_DAYS, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import type { FeedPeriod, FeedSort } from '@app/shared/api/feed';
import type { FeedCursor, FeedRow, TopCursor, TrendingCursor } from '@app/shared/server/repositories';
import { InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import type { MediaUrls } from '@app/shared/server/storage';
import { toFeedItem, toTrendingItem } from './media-presenter';
import type { RepositoryPorts } from './repository-ports';

export const MEDIA_ITEM_NOT_FOUND = 'Creation not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page of the feed; a filter left out, undefined or empty does not filter (the route passes the query on as parsed). */
export interface FeedQuery {
  limit: number;
  /** The spec's paging, for the newest-first order only; every order pages by cursor. */
  offset?: number | undefined;
  cursor?: string | undefined;
  sort?: FeedSort | undefined;
  /** How far back the most-liked order looks. */
  period?: FeedPeriod | undefined;
  /** Words matched against prompts, tags and the preset kind (whole words, all of them). */
  q?: string | undefined;
  tag?: string | undefined;
  presetType?: string | undefined;
  creatorId?: string | undefined;
  /** The signed-in person looking, if any: only they see the source photos of their items. */
  viewerId?: string | undefined;
}

/** The public feed and trending, as the spec's "feed item as received". */
export class FeedService {
  constructor(
    private readonly repos: RepositoryPorts<{ feed: 'page' | 'top' | 'trendingPage' | 'trending' | 'byId' | 'liked' }>,
    private readonly urls: MediaUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(query: FeedQuery) {
    const sort = query.sort ?? 'new';
    if (query.offset && sort !== 'new') throw new InvalidInputError('offset pages the newest-first order only; page the others by cursor', 'BAD_REQUEST');
    const filter = {
      ...(query.presetType ? { presetType: query.presetType } : {}),
      ...(query.creatorId ? { creatorId: query.creatorId } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(query.q && searchQuery(query.q) ? { search: searchQuery(query.q) } : {}),
    };
    // One row more than asked tells whether another page exists.
    const limit = query.limit + 1;
    const rows =
      sort === 'top'
        ? await this.repos.feed.top({ ...filter, limit, ...periodStart(query.period, this.now()), ...cursorOf(query.cursor, decodeTopCursor) })
        : sort === 'trending'
          ? await this.repos.feed.trendingPage({ ...filter, limit, ...cursorOf(query.cursor, decodeTrendingCursor) })
          : await this.repos.feed.page({ ...filter, limit, ...(query.offset ? { offset: query.offset } : {}), ...cursorOf(query.cursor, decodeCursor) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => toFeedItem(row, this.urls, query.viewerId)),
      hasMore,
      nextCursor: hasMore && last ? cursorAfter(sort, last) : null,
    };
  }

  /** What `userId` liked, newest like first (get-liked-media); the cursor is the last like's time and item. */
  async liked(userId: string, query: { limit: number; cursor?: string | undefined }) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.repos.feed.liked(userId, { limit: query.limit + 1, now: this.now(), ...(cursor ? { cursor } : {}) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      items: items.map((row) => ({ ...toFeedItem(row, this.urls, userId), likedAt: row.liked_at.toISOString() })),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.liked_at, id: last.id }) : null,
    };
  }

  /**
   * One creation (its page, /m/<id>): completed and unexpired, public, or private to its owner
   * looking. Anything else is not found, so a stranger cannot tell a private item from none.
   */
  async item(id: string, viewerId?: string) {
    const row = await this.visible(id, viewerId);
    return { success: true as const, item: toFeedItem(row, this.urls, viewerId) };
  }

  /** The row of an item `viewerId` (none: anyone) may see, with its storage keys; else NotFoundError. */
  async visible(id: string, viewerId?: string) {
    // An id that is not a UUID names nothing (and must not reach a uuid column).
    const row = UUID.test(id) ? await this.repos.feed.byId(id) : undefined;
    const live = row && row.status === 'completed' && (!row.expires_at || row.expires_at > this.now());
    const allowed = row && (row.is_public || (viewerId !== undefined && row.user_id === viewerId));
    if (!row || !live || !allowed) throw new NotFoundError(MEDIA_ITEM_NOT_FOUND, 'MEDIA_NOT_FOUND');
    return row;
  }

  async trending(limit = TRENDING_DEFAULT_LIMIT, viewerId?: string) {
    const rows = await this.repos.feed.trending(limit);
    const now = this.now();
    return { success: true as const, items: rows.map((row) => toTrendingItem(row, this.urls, now, TRENDING_DECAY_DAYS, viewerId)) };
  }
}

const PERIOD_MS: Record<Exclude<FeedPeriod, 'all'>, number> = { day: 86_400_000, week: 7 * 86_400_000 };

function periodStart(period: FeedPeriod | undefined, now: Date): { since?: Date } {
  return period && period !== 'all' ? { since: new Date(now.getTime() - PERIOD_MS[period]) } : {};
}

function cursorOf<T>(raw: string | undefined, decode: (raw: string) => T): { cursor?: T } {
  return raw ? { cursor: decode(raw) } : {};
}

/**
 * A search's words as a full-text query: letters and digits only (nothing of tsquery's syntax
 * gets through), whole words, all required; at most 8 words. None: no search. Whole words, not
 * prefixes: Postgres estimates a rare whole word as rare and finds it through the GIN index,
 * where a prefix gets a flat guess that walks the whole newest-first index (docs/decisions.md).
 */
export function searchQuery(q: string): string | undefined {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length > 0 ? words.join(' & ') : undefined;
}

/** The cursor after `last` in `sort`: the newest-first one keeps the spec-era form `iso|id`. */
function cursorAfter(sort: FeedSort, last: FeedRow): string {
  if (sort === 'top') return encodeParts(['top', String(last.likes_count), last.created_at.toISOString(), last.id]);
  if (sort === 'trending') {
    return last.trending_score === null
      ? encodeParts(['trending', '', last.created_at.toISOString(), last.id])
      : encodeParts(['trending', String(last.trending_score), last.id]);
  }
  return encodeCursor({ createdAt: last.created_at, id: last.id });
}

const encodeParts = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');

function cursorParts(raw: string, kind: string, count: number): string[] {
  const parts = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (parts[0] !== kind || parts.length !== count) throw invalidCursor();
  return parts.slice(1);
}

const invalidCursor = () => new InvalidInputError('Invalid cursor', 'BAD_REQUEST');
const UUID_PART = /^[0-9a-f-]{36}$/i;

function dateOf(iso: string | undefined): Date {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) throw invalidCursor();
  return date;
}

function idOf(id: string | undefined): string {
  if (!id || !UUID_PART.test(id)) throw invalidCursor();
  return id;
}

export function decodeTopCursor(raw: string): TopCursor {
  const [likes, iso, id] = cursorParts(raw, 'top', 4);
  if (!/^\d{1,10}$/.test(likes ?? '')) throw invalidCursor();
  return { likes: Number(likes), createdAt: dateOf(iso), id: idOf(id) };
}

export function decodeTrendingCursor(raw: string): TrendingCursor {
  const parts = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (parts[1] === '') {
    const [iso, id] = cursorParts(raw, 'trending', 4).slice(1);
    return { score: null, createdAt: dateOf(iso), id: idOf(id) };
  }
  const [score, id] = cursorParts(raw, 'trending', 3);
  const value = Number(score);
  if (!score || !Number.isFinite(value)) throw invalidCursor();
  return { score: value, id: idOf(id) };
}

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): FeedCursor {
  const [iso, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0) throw invalidCursor();
  return { createdAt: dateOf(iso), id: idOf(id) };
}
