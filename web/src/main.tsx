import { config as zodConfig } from 'zod/v4/core';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { drawnScreen, readFirstScreenState } from './app/first-screen-state';
import { seedMediaItem } from './entities/media/seed-media-item';
import { seedHomeFeed } from './features/feed';
import { queryClient } from './app/query-client';
import { navigateInApp } from './lib/navigation-bridge';
import { startSession } from './app/session';
import { loadLaunchStatus } from './app/use-launch-status';
import { getAuthState } from './state/auth-store';
import { markSignedIn } from './state/signed-in-cookie';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Zod would probe for eval (`new Function`) on its first parse: the page's CSP refuses it, and
// the refusal is reported as a violation on every page. Its interpreted checks need no eval.
zodConfig({ jitless: true });

// Asked at once, while the first page's code loads.
void loadLaunchStatus();
startSession(navigateInApp);

// The server draws the first screen of the home and of a creation's page for signed-out
// visitors: the app takes that markup over (hydrates it) from the state it was drawn with, its
// answers put in the cache first so nothing is asked again. A signed-in person's pages differ
// from it, so their app draws its own.
const signedIn = getAuthState().isAuthenticated;
markSignedIn(signedIn);
const firstScreen = readFirstScreenState();
if (firstScreen && !signedIn) {
  if (firstScreen.page === 'media') seedMediaItem(queryClient, firstScreen);
  else seedHomeFeed(queryClient, firstScreen);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (the screen is already drawn meanwhile).
  startTransition(() => {
    hydrateRoot(
      container,
      <BrowserRouter>
        <App queryClient={queryClient} firstScreen={drawnScreen(firstScreen)} />
      </BrowserRouter>,
    );
  });
} else {
  createRoot(container).render(
    <BrowserRouter>
      <App queryClient={queryClient} />
    </BrowserRouter>,
  );
}
