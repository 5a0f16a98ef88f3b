import type { FeedItem } from '../feed/feed-item';

/** The full-screen viewer's list and position; any screen (or the "Tap to open" toast) opens it. */
export interface ViewerState {
  items: readonly FeedItem[];
  index: number;
  open: boolean;
}

let state: ViewerState = { items: [], index: 0, open: false };
const listeners = new Set<() => void>();

function set(next: ViewerState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

/** The index wraps around at both ends (spec 1 §4). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export function getViewerState(): ViewerState {
  return state;
}

export function subscribeViewer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openViewer(items: readonly FeedItem[], index = 0): void {
  if (items.length === 0) return;
  set({ items, index: wrapIndex(index, items.length), open: true });
}

export function closeViewer(): void {
  if (state.open) set({ ...state, open: false });
}

export function stepViewer(delta: number): void {
  if (!state.open || state.items.length === 0) return;
  set({ ...state, index: wrapIndex(state.index + delta, state.items.length) });
}

/** Keeps an open viewer's copy of an item in step (a like count, for example). */
export function updateViewerItem(id: string, patch: Partial<FeedItem>): void {
  if (!state.items.some((item) => item.id === id)) return;
  set({ ...state, items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) });
}
