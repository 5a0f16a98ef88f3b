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

const LABELS: Record<keyof Config['providers'], string> = {
  fal: 'fal.ai',
  bfl: 'Black Forest Labs',
  stability: 'Stability AI',
  replicate: 'Replicate',
  comfyui: 'ComfyUI',
};

export function providerProbes(providers: Config['providers'], timeoutMs = 2_000): SystemProbe[] {
  return (Object.keys(LABELS) as Array<keyof Config['providers']>).map((name) => {
    const settings = providers[name];
    if (!settings) return { name, label: LABELS[name], required: false, probe: { off: 'not configured: generation uses the built-in local provider' } };
    const call = CALLS[name](settings);
    return {
      name,
      label: LABELS[name],
      required: true,
      probe: async () => {
        const response = await fetch(call.url, { headers: { Accept: 'application/json', ...call.headers }, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.status === 401 || response.status === 403) throw new Error(`the API key was refused (${response.status})`);
        if (response.status >= 500) throw new Error(`answered ${response.status}`);
        return `answered ${response.status} at ${new URL(call.url).host}`;
      },
    };
  });
}
