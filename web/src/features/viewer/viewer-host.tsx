import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '../../lib/create-store';
import { MediaViewer } from './media-viewer';
import { closeViewer, stepViewer, viewerStore } from './viewer-store';

/** Where the full-screen viewer appears when opened through the store, over any screen; leaving the page closes it. */
export function ViewerHost() {
  const state = useStore(viewerStore);
  const { pathname } = useLocation();
  useEffect(() => closeViewer, [pathname]);
  if (!state.open) return null;
  return <MediaViewer items={state.items} index={state.index} onClose={closeViewer} onStep={stepViewer} />;
}
