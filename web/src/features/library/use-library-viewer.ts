import { useMemo, useState } from 'react';
import type { MediaItem } from '../../entities/media/media-item';

/** Which library item the viewer shows; it steps through the finished items only, round and round. */
export function useLibraryViewer(items: readonly MediaItem[]) {
  const [viewerId, setViewerId] = useState<string | null>(null);
  const viewable = useMemo(() => items.filter((item) => !item.pending), [items]);
  const index = viewerId ? viewable.findIndex((item) => item.id === viewerId) : -1;
  const close = () => setViewerId(null);
  const step = (by: number) => setViewerId(viewable[(index + by + viewable.length) % viewable.length]?.id ?? null);
  return {
    viewerId,
    viewable,
    open: (id: string) => setViewerId(id),
    close,
    /** The viewer's props while it shows an item, else null. */
    shown: index >= 0 ? { items: viewable, index, onStep: step, onClose: close } : null,
  };
}
