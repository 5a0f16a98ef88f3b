import { StrictMode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './app/query-client';
import { navigateInApp, NavigationBridge } from './lib/navigation-bridge';
import { AppRoutes } from './app/router';
import { startSession } from './app/session';
import { loadLaunchStatus } from './app/use-launch-status';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
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

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <NavigationBridge />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
