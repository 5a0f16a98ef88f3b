import { providerLabel } from '@app/shared';
import type { MediaItem } from '../../entities/media/media-item';

/**
 * What the viewer names as the engine that made an item: "Local preview" for the local engine,
 * the provider's name otherwise; undefined when the item does not say (feed items of others).
 */
export function engineLabelOf(item: MediaItem): string | undefined {
  return providerLabel(item.provider ?? undefined);
}
