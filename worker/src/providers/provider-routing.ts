import type { ServiceMode } from '@app/shared';
import type { ImageProvider } from './provider';

/** Which provider makes each service mode's images (GENERATION_PROVIDER and its per-mode overrides). */
export interface ProviderRouting {
  forMode(mode: ServiceMode): ImageProvider;
  /** Closes every provider it routes to (render threads). */
  close(): Promise<void>;
}

/** Routing by a table of mode → provider. */
export function routeByMode(table: Record<ServiceMode, ImageProvider>): ProviderRouting {
  return {
    forMode: (mode) => table[mode],
    close: async () => {
      await Promise.all([...new Set(Object.values(table))].map((provider) => provider.close?.()));
    },
  };
}

/** One provider for every mode (tests, and the replacement a test app installs). */
export function onlyProvider(provider: ImageProvider): ProviderRouting {
  return { forMode: () => provider, close: async () => provider.close?.() };
}
