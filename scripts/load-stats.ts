/** The figures both load modes print (`npm run load`, local and `--target`). */

/** The p-th percentile (nearest rank); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
export const perSecond = (count: number, elapsedMs: number) => (elapsedMs > 0 ? (count * 1000) / elapsedMs : 0);
