import { useCallback } from 'react';
import { errorMessage } from '../../api/api-error';
import { toast } from '../../components/toast/toast-store';
import { shareMedia } from './api/media-api';
import { announce, MEDIA_EVENTS } from './media-events';
import type { LibraryItem } from './media-item';
import type { MediaLibrary } from './use-media-library';

/** Publishes one item to the public feed or takes it back (share-media); the change shows at once. */
export function useTogglePublic(library: MediaLibrary): (item: LibraryItem) => Promise<void> {
  return useCallback(
    async (item: LibraryItem) => {
      const next = !item.isPublic;
      library.update(item.id, { isPublic: next });
      try {
        const answer = await shareMedia(item.id, next);
        library.update(item.id, { isPublic: answer.isPublic });
        toast.success(next ? 'Shared to Feed' : 'Removed from Feed', next ? 'Everyone can see it in the public feed' : 'Only you can see it now');
        announce(MEDIA_EVENTS.refreshFeed);
      } catch (error) {
        library.update(item.id, { isPublic: item.isPublic });
        toast.error('Error', errorMessage(error, 'Could not change who can see this item'));
      }
    },
    [library],
  );
}
