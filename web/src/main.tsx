import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { startSession } from './app/session';
import { loadLaunchStatus } from './app/use-launch-status';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Asked at once, while the first page's code loads.
void loadLaunchStatus();
startSession((to) => router.navigate(to));

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  </StrictMode>,
);
