import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/toast-store';
import { getAuthState } from '../../state/auth-store';
import { downloadItem } from '../../entities/media/download';
import { zipFileName } from '../../entities/media/download-names';
import type { MediaItem } from '../../entities/media/media-item';
import { announce } from '../../lib/app-events';
import { deleteMediaItem, deleteMediaItems, getAllUserMedia } from './api/media-api';
import { downloadZip } from './download-zip';
import { type MediaLibrary, REFRESH_AFTER_DELETE_MS, REFRESH_AFTER_DOWNLOAD_MS } from './use-media-library';

/** The texts of spec 2 §5 and §8. */
export const LIBRARY_TEXT = {
  noSelection: ['No Selection', 'Please select media files to download'],
  noMediaToDownload: ['No Media', 'There is nothing to download yet'],
  noMediaToDelete: ['No Media', 'There is nothing to delete'],
  authRequired: 'Authentication required',
  deleteFailed: 'Delete Failed',
  nothingDeleted: 'No media items were deleted',
  networkError: 'Network or server error',
  downloadFailed: 'Download Failed',
  downloadFailedAll: 'Failed to download media',
  downloadFailedSelected: 'Failed to download selected media',
  singleDownloadFailed: ['Download failed', 'Unable to download file'],
  downloadStarted: 'Download Started',
} as const;

function deleteErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.serverError) return error.serverError;
  return LIBRARY_TEXT.networkError;
}

function plural(count: number): string {
  return `${count} media item${count === 1 ? '' : 's'}`;
}

export interface MediaActions {
  busy: null | 'delete' | 'download';
  deleteOne: (item: MediaItem) => Promise<boolean>;
  deleteMany: (ids: readonly string[]) => Promise<boolean>;
  deleteAll: () => Promise<boolean>;
  downloadOne: (item: MediaItem) => Promise<boolean>;
  downloadSelected: (items: readonly MediaItem[]) => Promise<boolean>;
  downloadAll: () => Promise<boolean>;
}

/**
 * Deletion and downloads of the library with their notifications (spec 2 §4, §5, §8): deleted
 * items hide at once, whatever the server answers, and the list refreshes 1 s later (bringing
 * back anything the server kept); a download refreshes 500 ms later.
 */
export function useMediaActions(library: MediaLibrary, userId: string | null): MediaActions {
  const [busy, setBusy] = useState<MediaActions['busy']>(null);
  const client = useQueryClient();
  /** Deleted media leave the public feed too; the spec's refreshFeed is still announced. */
  const announceFeedChange = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.feed() });
    announce('refreshFeed', undefined);
  }, [client]);

  const signedIn = useCallback((): string | null => {
    if (!getAuthState().token || !userId) {
      toast.error(LIBRARY_TEXT.authRequired);
      return null;
    }
    return userId;
  }, [userId]);

  /** A delete on the server: the items hide at once and the list refreshes 1 s later, whatever it answers. */
  const deleteOnServer = useCallback(
    async (ids: readonly string[], request: (owner: string) => Promise<boolean>) => {
      const owner = signedIn();
      if (!owner) return false;
      setBusy('delete');
      library.hide(ids);
      try {
        return await request(owner);
      } catch (error) {
        toast.error(LIBRARY_TEXT.deleteFailed, deleteErrorText(error));
        return false;
      } finally {
        setBusy(null);
        library.refreshAfter(REFRESH_AFTER_DELETE_MS);
      }
    },
    [library, signedIn],
  );

  const deleteOne = useCallback(
    async (item: MediaItem) => {
      if (item.pending) {
        library.hide([item.id]);
        return true;
      }
      return deleteOnServer([item.id], async (owner) => {
        await deleteMediaItem(item.id, owner);
        toast.success('Media Deleted', 'The item was removed from your library');
        announceFeedChange();
        return true;
      });
    },
    [library, deleteOnServer, announceFeedChange],
  );

  /** Deletes `target` in one call and reports how many of `requested` items went. */
  const deleteInBulk = useCallback(
    (ids: readonly string[], target: string[] | 'all', requested: number) =>
      deleteOnServer(ids, async (owner) => {
        const report = await deleteMediaItems(target, owner);
        if (report.deleted === 0) {
          toast.error(LIBRARY_TEXT.deleteFailed, LIBRARY_TEXT.nothingDeleted);
        } else if (report.failed > 0) {
          toast.success('Partially Deleted', `Successfully deleted ${report.deleted} media items, ${report.failed} failed`);
        } else {
          toast.success('Media Deleted', `Successfully deleted ${plural(report.deleted || requested)}`);
        }
        if (report.deleted > 0) announceFeedChange();
        return report.deleted > 0;
      }),
    [deleteOnServer, announceFeedChange],
  );

  const deleteMany = useCallback(
    async (ids: readonly string[]) => {
      const local = library.items.filter((item) => item.pending && ids.includes(item.id)).map((item) => item.id);
      const remote = ids.filter((id) => !local.includes(id));
      if (local.length > 0) library.hide(local);
      if (remote.length === 0) return local.length > 0;
      return deleteInBulk(remote, remote, remote.length);
    },
    [library, deleteInBulk],
  );

  const deleteAll = useCallback(async () => {
    // Only what the server lists is deleted, after the confirmation that names its count.
    if (library.listed === 0) {
      toast.error(...LIBRARY_TEXT.noMediaToDelete);
      return false;
    }
    return deleteInBulk(
      library.items.map((item) => item.id),
      'all',
      library.total,
    );
  }, [library, deleteInBulk]);

  const downloadOne = useCallback(
    async (item: MediaItem) => {
      try {
        await downloadItem(item);
        toast.success(LIBRARY_TEXT.downloadStarted, 'Your file is on its way');
        return true;
      } catch {
        toast.error(...LIBRARY_TEXT.singleDownloadFailed);
        return false;
      } finally {
        library.refreshAfter(REFRESH_AFTER_DOWNLOAD_MS);
      }
    },
    [library],
  );

  const zip = useCallback(
    async (items: readonly MediaItem[], scope: 'all' | 'selected') => {
      setBusy('download');
      toast.queue('Preparing Download', `Zipping ${plural(items.length)}…`);
      try {
        const name = zipFileName(scope);
        const result = await downloadZip(items, name);
        if (result.added === 0) {
          toast.error(LIBRARY_TEXT.downloadFailed, scope === 'all' ? LIBRARY_TEXT.downloadFailedAll : LIBRARY_TEXT.downloadFailedSelected);
          return false;
        }
        toast.success(
          LIBRARY_TEXT.downloadStarted,
          result.failed > 0 ? `${name}: ${result.added} files, ${result.failed} could not be fetched` : `${name} · ${plural(result.added)}`,
        );
        return true;
      } catch {
        toast.error(LIBRARY_TEXT.downloadFailed, scope === 'all' ? LIBRARY_TEXT.downloadFailedAll : LIBRARY_TEXT.downloadFailedSelected);
        return false;
      } finally {
        setBusy(null);
        library.refreshAfter(REFRESH_AFTER_DOWNLOAD_MS);
      }
    },
    [library],
  );

  const downloadSelected = useCallback(
    async (items: readonly MediaItem[]) => {
      const ready = items.filter((item) => !item.pending);
      if (ready.length === 0) {
        toast.error(...LIBRARY_TEXT.noSelection);
        return false;
      }
      return zip(ready, 'selected');
    },
    [zip],
  );

  const downloadAll = useCallback(async () => {
    const owner = signedIn();
    if (!owner) return false;
    let items: MediaItem[];
    try {
      items = library.hasMore ? await getAllUserMedia(owner) : library.items.filter((item) => !item.pending);
    } catch {
      toast.error(LIBRARY_TEXT.downloadFailed, LIBRARY_TEXT.downloadFailedAll);
      return false;
    }
    const ready = items.filter((item) => item.status !== 'processing' && item.status !== 'failed');
    if (ready.length === 0) {
      toast.error(...LIBRARY_TEXT.noMediaToDownload);
      return false;
    }
    return zip(ready, 'all');
  }, [library, signedIn, zip]);

  return { busy, deleteOne, deleteMany, deleteAll, downloadOne, downloadSelected, downloadAll };
}
