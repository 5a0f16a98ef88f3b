import { StrictMode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { type FirstScreen, FirstScreenProvider } from '../lib/first-screen';
import { NavigationBridge } from '../lib/navigation-bridge';
import { AppRoutes } from './router';

/** The app under its router: the same tree in the browser and in the server's render of the first screen. */
export function App({ queryClient, firstScreen = null }: { queryClient: QueryClient; firstScreen?: FirstScreen | null }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <FirstScreenProvider value={firstScreen}>
          <QueryClientProvider client={queryClient}>
            <NavigationBridge />
            <AppRoutes />
          </QueryClientProvider>
        </FirstScreenProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
