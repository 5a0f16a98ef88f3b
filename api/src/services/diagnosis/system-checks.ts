import type { SystemCheck } from '@app/shared/api/admin';
import { withTimeout } from '@app/shared/server/concurrency';

/** One dependency to measure: `probe` resolves with a detail when it answers and throws when not; `off` when not configured. */
export interface SystemProbe {
  name: string;
  label: string;
  /** A failure of a required dependency makes the product degraded (database and Redis: down). */
  required: boolean;
  probe: (() => Promise<string>) | { off: string };
}

const PROBE_TIMEOUT_MS = 2_500;

/** Runs every probe at once, each within a timeout, and says what it measured. */
export async function runSystemChecks(probes: SystemProbe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<SystemCheck[]> {
  return Promise.all(
    probes.map(async ({ name, label, required, probe }): Promise<SystemCheck> => {
      if (typeof probe !== 'function') return { name, label, required, state: 'off', detail: probe.off, latencyMs: null };
      const started = performance.now();
      try {
        const detail = await withTimeout(probe(), timeoutMs);
        return { name, label, required, state: 'ok', detail, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { name, label, required, state: 'failing', detail, latencyMs: Math.round(performance.now() - started) };
      }
    }),
  );
}
