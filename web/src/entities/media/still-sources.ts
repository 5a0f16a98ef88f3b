import { type StillSources, stillSources } from '@app/shared';
import type { MediaItem } from './media-item';

/** The `src` and `srcset` of a tile's still for an item (the shared rule the server's preload uses too). */
export function tileStillSources(item: Pick<MediaItem, 'variants' | 'thumbnailUrl' | 'posterUrl' | 'width'>): StillSources {
  return stillSources({ still: item.posterUrl, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width });
}
