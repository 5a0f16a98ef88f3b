import { PROVIDER_LABELS } from '@app/shared';
import type { Config } from '@app/shared/server/config';
import type { SystemProbe } from './system-checks';

/** A request id no provider has: asking for its status proves the key is accepted without making anything. */
const NO_SUCH_REQUEST = '00000000-0000-4000-8000-000000000000';

interface ProbeCall {
  url: string;
  headers: Record<string, string>;
}

/**
 * Each remote provider's cheapest authenticated call (providers.md): fal.ai and BFL answer the
 * status of a request that does not exist (404 = the key was accepted), Stability and Replicate
 * their account, ComfyUI its system stats. A refused key (401/403), a 5xx or no answer fails.
 */
const CALLS: Record<keyof Config['providers'], (p: { key?: string; baseUrl: string }) => ProbeCall> = {
  fal: (p) => ({ url: `${p.baseUrl}/fal-ai/flux/requests/${NO_SUCH_REQUEST}/status`, headers: { Authorization: `Key ${p.key}` } }),
  bfl: (p) => ({ url: `${p.baseUrl}/v1/get_result?id=${NO_SUCH_REQUEST}`, headers: { 'x-key': p.key ?? '' } }),
  stability: (p) => ({ url: `${p.baseUrl}/v1/user/account`, headers: { Authorization: `Bearer ${p.key}` } }),
  replicate: (p) => ({ url: `${p.baseUrl}/v1/account`, headers: { Authorization: `Bearer ${p.key}` } }),
  comfyui: (p) => ({ url: `${p.baseUrl}/system_stats`, headers: {} }),
};


/**
 * A provider that makes some mode's images is required (its failure degrades the health); one
 * configured but routed to by no mode is measured all the same, as optional.
 */
export function providerProbes(providers: Config['providers'], routes: Config['generation']['routes'], timeoutMs = 2_000): SystemProbe[] {
  return (Object.keys(CALLS) as Array<keyof Config['providers']>).map((name) => {
    const settings = providers[name];
    const modes = Object.entries(routes)
      .filter(([, provider]) => provider === name)
      .map(([mode]) => mode);
    if (!settings) return { name, label: PROVIDER_LABELS[name], required: false, probe: { off: 'not configured' } };
    const call = CALLS[name](settings);
    const serves = modes.length > 0 ? `; makes ${modes.join(', ')}` : '; configured, no mode routed to it';
    return {
      name,
      label: PROVIDER_LABELS[name],
      required: modes.length > 0,
      probe: async () => {
        const response = await fetch(call.url, { headers: { Accept: 'application/json', ...call.headers }, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.status === 401 || response.status === 403) throw new Error(`the API key was refused (${response.status})`);
        if (response.status >= 500) throw new Error(`answered ${response.status}`);
        return `answered ${response.status} at ${new URL(call.url).host}${serves}`;
      },
    };
  });
}
