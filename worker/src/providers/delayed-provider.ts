import { setTimeout as sleep } from 'node:timers/promises';
import type { GeneratedImage, ImageProvider, ImageRequest } from './provider';

/** Adds latency to a provider, so the local one can be seen (and tested) like a remote one. */
export function withDelay(provider: ImageProvider, delayMs: number): ImageProvider {
  if (delayMs <= 0) return provider;
  return {
    name: provider.name,
    ...(provider.checksIdentity === false ? { checksIdentity: false } : {}),
    ...(provider.close ? { close: () => provider.close!() } : {}),
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      await sleep(delayMs, undefined, { signal: request.signal });
      return provider.generate(request);
    },
  };
}
