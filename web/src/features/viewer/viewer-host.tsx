import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '../../lib/create-store';
import { closeViewer, stepViewer, viewerStore } from './viewer-store';

// Loaded on first open: the first view of a page does not need it.
const MediaViewer = lazy(() => import('./media-viewer').then((module) => ({ default: module.MediaViewer })));

/** Where the full-screen viewer appears when opened through the store, over any screen; leaving the page closes it. */
export function ViewerHost() {
  const state = useStore(viewerStore);
  const { pathname } = useLocation();
  useEffect(() => closeViewer, [pathname]);
  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <MediaViewer items={state.items} index={state.index} onClose={closeViewer} onStep={stepViewer} />
    </Suspense>
  );
}
