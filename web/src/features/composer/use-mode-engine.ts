import { CLIENT_TO_SERVICE_MODE, type ClientMode, type ProviderName, type ServiceMode, isAiProvider } from '@app/shared';
import { loadAppInfo } from '../../api/app-info';
import { useLoadedValue } from '../../lib/use-loaded-value';

type Engines = Partial<Record<ServiceMode, ProviderName>>;

const loadEngines = () => loadAppInfo().then((info) => info.engines);
const UNKNOWN: Engines = {};

/**
 * Whether the mode's images come from a preview engine (a restyle of the photo on our servers that
 * only approximates the prompt) rather than a generative AI provider. False while the server has
 * not said, so the composer never claims less than the app does.
 */
export function approximatesPrompts(engines: Engines, mode: ClientMode): boolean {
  const engine = engines[CLIENT_TO_SERVICE_MODE[mode]];
  return engine !== undefined && !isAiProvider(engine);
}

export function useApproximatedPrompts(mode: ClientMode): boolean {
  return approximatesPrompts(useLoadedValue(loadEngines, UNKNOWN), mode);
}

const loadVideoPrice = () => loadAppInfo().then((info) => info.prices?.video ?? null);

/** What a video costs, from the server's price table (null until it says). */
export function useVideoPrice(): number | null {
  return useLoadedValue(loadVideoPrice, null);
}
