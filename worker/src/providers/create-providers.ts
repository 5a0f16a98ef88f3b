import { type ProviderName, SERVICE_MODES, type ServiceMode } from '@app/shared';
import type { Config } from '@app/shared/server/config';
import type { Logger } from '@app/shared/server/logger';
import type { VideoPort } from './video-port';
import { createBflApi } from './bfl';
import { createComfyuiApi } from './comfyui';
import { withDelay } from './delayed-provider';
import { createFalApi } from './fal';
import { InstantProvider } from './instant-provider';
import type { ImageProvider } from './provider';
import { type ProviderRouting, routeByMode } from './provider-routing';
import type { RemoteApi } from './remote/remote-api';
import { RemoteImageProvider } from './remote/remote-image-provider';
import { DEFAULT_RETRY, type RemoteJobDeps } from './remote/remote-job';
import { RemoteVideoMaker } from './remote/remote-video-maker';
import { createReplicateApi } from './replicate';
import { createStabilityApi } from './stability';
import { ThreadedLocalProvider } from './threads/threaded-local-provider';

/** The image API of a remote provider from its settings (the config guarantees they exist when it is routed to). */
function remoteImageApi(name: Exclude<ProviderName, 'local' | 'instant'>, providers: Config['providers']): RemoteApi {
  const missing = () => new Error(`${name} is routed to but not configured`);
  switch (name) {
    case 'fal':
      return createFalApi(providers.fal ?? raise(missing()));
    case 'bfl':
      return createBflApi(providers.bfl ?? raise(missing()));
    case 'stability':
      return createStabilityApi(providers.stability ?? raise(missing()));
    case 'replicate':
      return createReplicateApi(providers.replicate ?? raise(missing()));
    case 'comfyui':
      return createComfyuiApi(providers.comfyui ?? raise(missing()));
  }
}

function raise(error: Error): never {
  throw error;
}

/**
 * Every mode's image provider, one instance per provider, from the config's routes. `job`
 * holds what remote providers share: the stored requests, the Redis limits, retries, webhooks.
 */
export function createProviderRouting(config: Config, job: RemoteJobDeps): ProviderRouting {
  const built = new Map<ProviderName, ImageProvider>();
  const providerOf = (name: ProviderName): ImageProvider => {
    let provider = built.get(name);
    if (!provider) {
      if (name === 'local') provider = withDelay(new ThreadedLocalProvider(config.worker.renderThreads, config.generation.providerTimeoutMs), config.generation.localProviderDelayMs);
      else if (name === 'instant') provider = new InstantProvider();
      else provider = new RemoteImageProvider(remoteImageApi(name, config.providers), job);
      built.set(name, provider);
    }
    return provider;
  };
  const table = Object.fromEntries(SERVICE_MODES.map((mode) => [mode, providerOf(config.generation.routes[mode])])) as Record<ServiceMode, ImageProvider>;
  return routeByMode(table);
}

/**
 * Who makes clips: an image-to-video model on fal (FAL_VIDEO_MODEL) or Replicate
 * (REPLICATE_VIDEO_MODEL) when one is configured, else ffmpeg here.
 */
export function createVideoMaker(config: Config, job: RemoteJobDeps, local: VideoPort): VideoPort {
  const { fal, replicate } = config.providers;
  if (fal?.videoModel) return new RemoteVideoMaker(createFalApi(fal, 'video'), job);
  if (replicate?.videoModel) return new RemoteVideoMaker(createReplicateApi(replicate, 'video'), job);
  return local;
}

/** The driver's shared parts for a worker process. */
export function remoteJobDeps(config: Config, parts: Pick<RemoteJobDeps, 'store' | 'limiter'>, logger: Logger): RemoteJobDeps {
  const base = config.generation.webhookBaseUrl;
  return {
    ...parts,
    logger,
    retry: DEFAULT_RETRY,
    ...(base ? { webhookUrl: (provider: string) => `${base}/webhooks/${provider}` } : {}),
    webhookFallbackPollMs: 30_000,
    maxOutputBytes: config.generation.providerOutputMaxBytes,
  };
}

/** Whether any mode needs the face model (everything but the instant provider checks likeness). */
export function needsIdentityModel(config: Config): boolean {
  return SERVICE_MODES.some((mode) => config.generation.routes[mode] !== 'instant');
}
