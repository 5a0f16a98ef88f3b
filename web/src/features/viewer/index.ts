/**
 * The full-screen media viewer (spec 1 §2, §4): opened from any screen with `openViewer`, shown by
 * the layout's host (its code loads when first opened) or by a screen that holds it itself.
 */
export { MediaViewer } from './media-viewer';
export { pageLinkOf } from './viewer-actions';
export { ViewerHost } from './viewer-host';
export { openViewer } from './viewer-store';
export { viewerBackground } from './viewer-url';
