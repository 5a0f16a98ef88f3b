import { fetchMediaBlob, saveBlob } from '../../entities/media/download';
import { zipEntryNames } from '../../entities/media/download-names';
import type { MediaItem } from '../../entities/media/media-item';

export interface ZipResult {
  added: number;
  failed: number;
}

/**
 * Builds a zip in the browser (jszip, loaded on first use) from each item's file, fetched
 * directly, and saves it. Items whose file cannot be fetched are left out; nothing is saved
 * when none could be.
 */
export async function downloadZip(items: readonly MediaItem[], zipName: string): Promise<ZipResult> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const names = zipEntryNames(items);
  let added = 0;
  let failed = 0;
  const queue = items.map((item, index) => ({ item, name: names[index] ?? `${item.id}` }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const url = next.item.url;
      try {
        if (!url) throw new Error('no file');
        zip.file(next.name, await fetchMediaBlob(url));
        added += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, items.length) }, worker));
  if (added === 0) return { added, failed };
  const blob = await zip.generateAsync({ type: 'blob', compression: 'STORE' });
  saveBlob(blob, zipName);
  return { added, failed };
}
