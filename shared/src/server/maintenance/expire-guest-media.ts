import type { MediaRepository } from '../db/repositories/media.repository';
import { removeMedia } from '../media/remove-media';
import type { Storage } from '../storage/storage';

/** Removes guest media past their expiry (48 hours), files and rows; returns how many went. */
export async function expireGuestMedia(repo: MediaRepository, storage: Storage, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await repo.listExpired(now, 100);
    if (batch.length === 0) return removed;
    for (const media of batch) {
      await removeMedia(repo, storage, media);
      removed += 1;
    }
  }
}
