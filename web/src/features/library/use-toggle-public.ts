import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/toast-store';
import type { MediaItem } from '../../entities/media/media-item';
import { announce } from '../../lib/app-events';
import { shareMedia } from './api/media-api';
import type { MediaLibrary } from './use-media-library';

/** Publishes one item to the public feed or takes it back (share-media); the change shows at once. */
export function useTogglePublic(library: MediaLibrary): (item: MediaItem) => Promise<void> {
  const client = useQueryClient();
  const { update } = library;
  return useCallback(
    async (item: MediaItem) => {
      const next = !item.isPublic;
      update(item.id, { isPublic: next });
      try {
        update(item.id, { isPublic: await shareMedia(item.id, next) });
        toast.success(next ? 'Shared to Feed' : 'Removed from Feed', next ? 'Everyone can see it in the public feed' : 'Only you can see it now');
        void client.invalidateQueries({ queryKey: queryKeys.feed() });
        announce('refreshFeed', undefined);
      } catch (error) {
        update(item.id, { isPublic: item.isPublic });
        toast.error('Error', errorMessage(error, 'Could not change who can see this item'));
      }
    },
    [client, update],
  );
}
