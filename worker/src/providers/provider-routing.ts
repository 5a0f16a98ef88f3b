import type { ServiceMode } from '@app/shared';
import type { ImageProvider } from './provider';

/** Which provider makes each service mode's images (GENERATION_PROVIDER and its per-mode overrides). */
export interface ProviderRouting {
  forMode(mode: ServiceMode): ImageProvider;
}

/** Routing by a table of mode → provider. */
export function routeByMode(table: Record<ServiceMode, ImageProvider>): ProviderRouting {
  return { forMode: (mode) => table[mode] };
}

/** One provider for every mode (tests, and the replacement a test app installs). */
export function onlyProvider(provider: ImageProvider): ProviderRouting {
  return { forMode: () => provider };
}
