/**
 * The person's library (spec 2 §2): All Media and the gallery's grid and cards, the actions on
 * an item, the balance, and the Share to Feed default.
 */
export { AllMediaTab } from './components/all-media-tab';
export { LibraryGrid, type LibraryGridLayout } from './components/library-grid';
export { MediaCard } from './components/media-card';
export { ShareToFeedSwitch } from './components/share-to-feed-switch';
export { useBalance } from './use-balance';
export { useLibraryViewer } from './use-library-viewer';
export { useMediaActions } from './use-media-actions';
export { prefetchLibrary, useMediaLibrary } from './use-media-library';
export { type ShareToFeed, useShareToFeed } from './use-share-to-feed';
