import { SCREENING_CLASSES, type ScreeningClass, type ScreeningThreshold } from '@app/shared/server/config';
import type { Screening } from '@app/shared/server/db';
import type { ScreeningScores } from './content-screener';

export type Verdict = Screening['verdict'];

/** Why an item is held when the provider flagged it (shown to its owner like a class name). */
export const PROVIDER_FLAGGED = 'Provider flagged';

const RANK: Record<Verdict, number> = { public: 0, review: 1, block: 2 };

/**
 * The verdict on scores: 'block' when a class reaches its block threshold (or the provider
 * flagged the image), 'review' when one reaches its review threshold, else 'public'. `reason`
 * names the deciding class (the highest-scoring one at that level), null when public.
 */
export function screeningVerdict(
  scores: ScreeningScores,
  thresholds: Record<ScreeningClass, ScreeningThreshold>,
  providerFlagged = false,
): { verdict: Verdict; reason: string | null } {
  if (providerFlagged) return { verdict: 'block', reason: PROVIDER_FLAGGED };
  for (const level of ['block', 'review'] as const) {
    const over = SCREENING_CLASSES.filter((name) => {
      const limit = thresholds[name][level];
      return limit !== null && scores[name] >= limit;
    }).sort((a, b) => scores[b] - scores[a]);
    if (over[0]) return { verdict: level, reason: over[0] };
  }
  return { verdict: 'public', reason: null };
}

/** The worse of two verdicts. */
export function worseVerdict(a: Verdict, b: Verdict): Verdict {
  return RANK[b] > RANK[a] ? b : a;
}

/**
 * Each class's highest score over several images. As each class is judged on its own, the
 * verdict on these is the worst of the images' verdicts.
 */
export function highestScores(all: ScreeningScores[]): ScreeningScores {
  return Object.fromEntries(SCREENING_CLASSES.map((name) => [name, Math.max(0, ...all.map((scores) => scores[name]))])) as ScreeningScores;
}
