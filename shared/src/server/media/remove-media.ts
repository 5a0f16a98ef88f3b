import type { MediaRepository } from '../db/repositories/media.repository';
import type { Media } from '../db/schema';
import type { Storage } from '../storage/storage';

/** Where a media item's files live: one folder per item under its owner. */
export function mediaFolder(media: Pick<Media, 'id' | 'user_id' | 'guest_id'>): string | undefined {
  const owner = media.user_id ? `users/${media.user_id}` : media.guest_id ? `guests/${media.guest_id}` : undefined;
  return owner && `${owner}/media/${media.id}`;
}

/** Removes a media item: its files first (a failure leaves the row to retry with), then the row. */
export async function removeMedia(rows: Pick<MediaRepository, 'deleteById'>, storage: Storage, media: Media): Promise<void> {
  const folder = mediaFolder(media);
  if (folder) await storage.deletePrefix(folder);
  for (const key of [media.storage_key, media.thumbnail_key]) {
    if (key && (!folder || !key.startsWith(`${folder}/`))) await storage.delete(key);
  }
  await rows.deleteById(media.id);
}
