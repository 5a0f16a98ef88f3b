import { MEDIA_PAGE_SIZE } from '@app/shared';
import { ApiError } from '../../../api/api-error';
import { apiRequest } from '../../../api/client';
import { type LibraryItem, toLibraryItem } from '../media-item';

/** The media library calls (spec 2 §7): listing, deletion, sharing one item, likes. */

export interface MediaPage {
  items: LibraryItem[];
  total: number;
  hasMore: boolean;
}

interface RawMediaPage {
  success: true;
  items?: unknown[];
  total?: number;
  hasMore?: boolean;
}

/** The server answers at most this many items per call. */
const SERVER_MAX_LIMIT = 100;

/**
 * GET getUserMedia: one page, newest first. `hasMore` is false when the server says so or the
 * page came back shorter than asked (spec 2 §4).
 */
export async function getUserMedia(
  userId: string,
  { offset = 0, limit = MEDIA_PAGE_SIZE, signal }: { offset?: number; limit?: number; signal?: AbortSignal } = {},
): Promise<MediaPage> {
  const answer = await apiRequest<RawMediaPage>('getUserMedia', {
    query: { userId, limit, offset, sort: 'created_at', order: 'desc' },
    signal,
  });
  const items = (answer.items ?? []).map(toLibraryItem).filter((item): item is LibraryItem => item !== null);
  return {
    items,
    total: typeof answer.total === 'number' ? answer.total : offset + items.length,
    hasMore: answer.hasMore !== false && items.length >= limit,
  };
}

/** The first `count` items (at least one page), fetched in as few calls as the server allows. */
export async function getUserMediaRange(userId: string, count: number, signal?: AbortSignal): Promise<MediaPage> {
  const wanted = Math.max(count, MEDIA_PAGE_SIZE);
  const items: LibraryItem[] = [];
  let total = 0;
  let hasMore = true;
  while (items.length < wanted && hasMore) {
    const limit = Math.min(SERVER_MAX_LIMIT, wanted - items.length);
    const page = await getUserMedia(userId, { offset: items.length, limit, signal });
    items.push(...page.items);
    total = page.total;
    hasMore = page.hasMore;
  }
  return { items, total, hasMore };
}

/** GET getUserMedia with all=true: every item, for "Download All". */
export async function getAllUserMedia(userId: string): Promise<LibraryItem[]> {
  const answer = await apiRequest<RawMediaPage>('getUserMedia', {
    query: { userId, all: true, sort: 'created_at', order: 'desc' },
  });
  return (answer.items ?? []).map(toLibraryItem).filter((item): item is LibraryItem => item !== null);
}

export interface DeleteReport {
  success: boolean;
  deleted: number;
  failed: number;
  errors: Array<{ mediaId: string; error: string }>;
}

/** DELETE delete-media for one item. */
export function deleteMediaItem(mediaId: string, userId: string): Promise<{ success: true; deleted: number }> {
  return apiRequest('delete-media', { method: 'DELETE', body: { mediaId, userId } });
}

function asDeleteReport(value: unknown): DeleteReport | null {
  if (typeof value !== 'object' || value === null) return null;
  const report = value as Partial<DeleteReport>;
  if (typeof report.deleted !== 'number' || typeof report.failed !== 'number') return null;
  return { success: report.success === true, deleted: report.deleted, failed: report.failed, errors: Array.isArray(report.errors) ? report.errors : [] };
}

/**
 * DELETE delete-media for several items or all of them. A report with failures comes back with
 * success false, which the request helper throws: its report is read back from the error.
 */
export async function deleteMediaItems(target: string[] | 'all', userId: string): Promise<DeleteReport> {
  const body = target === 'all' ? { all: true, userId } : { mediaIds: target, userId };
  try {
    return await apiRequest<DeleteReport>('delete-media', { method: 'DELETE', body });
  } catch (error) {
    const report = error instanceof ApiError ? asDeleteReport(error.body) : null;
    if (report) return report;
    throw error;
  }
}

/** POST share-media: publishes one item to the public feed, or takes it back. */
export function shareMedia(mediaId: string, isPublic: boolean): Promise<{ success: true; isPublic: boolean }> {
  return apiRequest('share-media', { body: { mediaId, isPublic } });
}

/** GET getUserLikes: `{ '<presetType>:<id>': true }`. */
export function getUserLikes(): Promise<{ success: true; likes: Record<string, boolean>; count: number }> {
  return apiRequest('getUserLikes');
}

/** POST toggleLike. */
export function toggleLike(mediaId: string, mediaType: string): Promise<{ success: boolean; liked: boolean; likesCount: number }> {
  return apiRequest('toggleLike', { body: { mediaId, mediaType } });
}
