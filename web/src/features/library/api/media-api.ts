import { MEDIA_PAGE_SIZE } from '@app/shared';
import { deleteMediaCall, getUserMediaCall, shareMediaCall } from '@app/shared/api/media';
import { ApiError } from '../../../api/api-error';
import { callApi, callApiData } from '../../../api/client';
import { fromLibraryItem, type MediaItem } from '../../../entities/media/media-item';

/** The media library calls (spec 2 §7): listing, deletion, sharing one item. */

export interface MediaPage {
  items: MediaItem[];
  total: number;
  hasMore: boolean;
}

/**
 * GET getUserMedia: one page, newest first. `hasMore` is false when the server says so or the
 * page came back shorter than asked (spec 2 §4).
 */
export async function getUserMedia(
  userId: string,
  { offset = 0, limit = MEDIA_PAGE_SIZE, signal }: { offset?: number; limit?: number; signal?: AbortSignal } = {},
): Promise<MediaPage> {
  const answer = await callApiData(getUserMediaCall, { query: { userId, limit, offset, sort: 'created_at', order: 'desc' }, signal });
  const items = answer.items.map(fromLibraryItem);
  return { items, total: answer.total, hasMore: answer.hasMore && items.length >= limit };
}

/** GET getUserMedia with all=true: every item, for "Download All". */
export async function getAllUserMedia(userId: string): Promise<MediaItem[]> {
  const answer = await callApiData(getUserMediaCall, { query: { userId, all: true, sort: 'created_at', order: 'desc' } });
  return answer.items.map(fromLibraryItem);
}

export interface DeleteReport {
  deleted: number;
  failed: number;
}

/** DELETE delete-media for one item. */
export async function deleteMediaItem(mediaId: string, userId: string): Promise<void> {
  await callApiData(deleteMediaCall, { body: { mediaId, userId } });
}

/** DELETE delete-media for several items or all of them; a report with failures says success false. */
export async function deleteMediaItems(target: string[] | 'all', userId: string): Promise<DeleteReport> {
  const body = target === 'all' ? { all: true as const, userId } : { mediaIds: target, userId };
  const result = await callApi(deleteMediaCall, { body });
  if (result.ok) return { deleted: result.data.deleted, failed: result.data.failed ?? 0 };
  const { deleted, failed, error } = result.body;
  if (typeof deleted !== 'number') throw new ApiError(200, typeof error === 'string' ? error : undefined, undefined, result.body);
  return { deleted, failed: typeof failed === 'number' ? failed : 0 };
}

/** POST share-media: publishes one item to the public feed, or takes it back. */
export async function shareMedia(mediaId: string, isPublic: boolean): Promise<boolean> {
  return (await callApiData(shareMediaCall, { body: { mediaId, isPublic } })).isPublic;
}
