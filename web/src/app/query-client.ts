import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state (feed, trending, library, likes, drafts, quota, presets).
 * Mutations invalidate the keys they change; nothing refreshes data through window events.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
