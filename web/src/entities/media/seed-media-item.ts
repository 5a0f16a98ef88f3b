import type { MediaFirstScreenData } from '@app/shared/api/first-screen';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { fromFeedItem } from './media-item';

/**
 * Puts the answer a creation's page was drawn from in the cache under useMediaItem's key: the
 * server's render and the browser's hydration read it there, and the browser asks nothing again.
 */
export function seedMediaItem(client: QueryClient, { media }: Pick<MediaFirstScreenData, 'media'>): void {
  client.setQueryData(queryKeys.mediaItem(media.item.id), fromFeedItem(media.item));
}
