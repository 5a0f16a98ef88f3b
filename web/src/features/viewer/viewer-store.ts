import type { MediaItem } from '../../entities/media/media-item';
import { createStore } from '../../lib/create-store';

/** The full-screen viewer's list and position when opened over any screen (the feed, or the "Tap to open" toast). */
export interface ViewerState {
  items: readonly MediaItem[];
  index: number;
  open: boolean;
}

export const viewerStore = createStore<ViewerState>({ items: [], index: 0, open: false });

/** The index wraps around at both ends (spec 1 §4). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export function openViewer(items: readonly MediaItem[], index = 0): void {
  if (items.length === 0) return;
  viewerStore.set({ items, index: wrapIndex(index, items.length), open: true });
}

export function closeViewer(): void {
  viewerStore.set((state) => (state.open ? { ...state, open: false } : state));
}

export function stepViewer(delta: number): void {
  viewerStore.set((state) =>
    state.open && state.items.length > 0 ? { ...state, index: wrapIndex(state.index + delta, state.items.length) } : state,
  );
}
