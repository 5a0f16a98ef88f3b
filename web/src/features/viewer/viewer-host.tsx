import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { MediaViewer } from './media-viewer';
import { closeViewer, getViewerState, stepViewer, subscribeViewer } from './viewer-store';
import './viewer.css';

/** Where the full-screen viewer appears, over any screen (the feed, or the profile after "Tap to open"). */
export function ViewerHost() {
  const state = useSyncExternalStore(subscribeViewer, getViewerState, getViewerState);
  if (!state.open) return null;
  return createPortal(<MediaViewer items={state.items} index={state.index} onClose={closeViewer} onStep={stepViewer} />, document.body);
}
