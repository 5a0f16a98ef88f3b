import type { Logger } from '@app/shared/server/logger';
import type { Repositories } from '@app/shared/server/repositories';
import { MediaUrls, type Storage, readObject } from '@app/shared/server/storage';
import sharp from 'sharp';
import { storeVariants } from '../pipeline/image-variants';

const BATCH = 20;

/**
 * make-media-variants: every minute; makes the WebP variants of items stored before variants
 * existed, a batch at a time until none is left or `budgetMs` is spent. Resumable by
 * construction: an item's variants are recorded as soon as they are stored, and only items
 * without them are read, so a killed worker loses at most the item it was on, whose fixed keys
 * are simply written again. An item whose still is not ours or is gone records none.
 */
export function makeMediaVariantsHandler(deps: { repos: Pick<Repositories, 'media'>; storage: Storage; logger: Logger; budgetMs?: number; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return async () => {
    const deadline = now() + (deps.budgetMs ?? 20_000);
    let made = 0;
    let none = 0;
    let after: string | undefined;
    while (now() < deadline) {
      const batch = await deps.repos.media.withoutVariants(after, BATCH);
      for (const item of batch) {
        const variants = await variantsOf(deps.storage, item).catch((error: unknown) => {
          deps.logger.warn({ err: error, mediaId: item.id }, 'media variants not made');
          return undefined;
        });
        // A failure that may pass (storage unreachable) leaves the item for the next turn.
        if (variants === undefined) continue;
        await deps.repos.media.setVariants(item.id, variants);
        if (variants.length > 0) made += 1;
        else none += 1;
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }
    if (made + none > 0) deps.logger.info({ made, none }, 'media variants made');
    return { made, none };
  };
}

type Item = Awaited<ReturnType<Repositories['media']['withoutVariants']>>[number];

async function variantsOf(storage: Storage, item: Item) {
  const key = stillKey(item);
  if (key === undefined) return [];
  const data = await readObject(storage, key);
  if (!data) return [];
  const still = sharp(data);
  const width = item.width ?? (await still.metadata()).width ?? 0;
  return storeVariants(storage, key.slice(0, key.lastIndexOf('/')), still, width);
}

/** The still of an item: the image itself, or a video's first frame (metadata's `imageUrl`), when it is a key of ours. */
function stillKey(item: Item): string | undefined {
  const metadata = item.metadata as { imageUrl?: unknown };
  const key = item.type === 'video' ? metadata.imageUrl : item.storage_key;
  return typeof key === 'string' && MediaUrls.isKey(key) && key.includes('/') ? key : undefined;
}
