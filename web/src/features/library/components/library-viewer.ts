import type { ComponentType } from 'react';
import type { MediaItem } from '../../../entities/media/media-item';

/** What the owner may do from the viewer. */
export interface LibraryOwnerActions {
  onDownload: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
  onTogglePublic?: (item: MediaItem) => void;
  onShare?: (item: MediaItem) => void;
}

/**
 * The full-screen viewer the page hands the library (the app's one viewer, which lives in
 * another feature): opened on an item with the owner's actions.
 */
export type LibraryViewer = ComponentType<{
  items: readonly MediaItem[];
  index: number;
  onStep: (delta: number) => void;
  onClose: () => void;
  owner: LibraryOwnerActions;
}>;
