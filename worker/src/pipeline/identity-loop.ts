import type { GeneratedImage } from '../providers/provider';
import { inSpan } from '@app/shared/server/tracing';
import type { IdentityPort, IdentityVerdict } from './ports';

export interface IdentitySettings {
  threshold: number;
  /** Further attempts after the first when the check fails. */
  retries: number;
  /** Whether a failed check is worth another attempt; when not, the first image is kept. */
  blocking: boolean;
}

export interface CheckedImage {
  image: GeneratedImage;
  identity: IdentityVerdict & { attempts: number };
  /** Every attempt's score in order (null: the check did not apply), for the run's receipt. */
  scores: (number | null)[];
}

/** Told after each attempt's check (the live stream's run.attempt). */
export type AttemptObserver = (attempt: number, of: number, verdict: IdentityVerdict) => void;

/**
 * Generates until an image passes the identity check, up to 1 + `retries` attempts, and keeps
 * the best-scoring image (the earlier one, on ties). `attempts` counts every attempt made. A source
 * without a face ends the loop at once: there is nothing to compare.
 */
export async function generateWithIdentityCheck(
  identity: IdentityPort,
  source: Buffer,
  settings: IdentitySettings,
  generate: (attempt: number) => Promise<GeneratedImage>,
  onAttempt: AttemptObserver = () => {},
): Promise<CheckedImage> {
  const face = await identity.prepareSource(source);
  const of = 1 + settings.retries;
  const scores: (number | null)[] = [];
  let best: CheckedImage | undefined;
  for (let attempt = 1; attempt <= of; attempt++) {
    // One span per attempt (issue 44): the provider's call (its own span), then the identity check with its verdict.
    const { image, verdict } = await inSpan('generation.attempt', { attempt }, async () => {
      const image = await generate(attempt);
      const verdict = await inSpan('identity.check', {}, async (step) => {
        const verdict = await identity.check(face, image.data, settings.threshold);
        step.set({ 'identity.applicable': verdict.applicable, 'identity.threshold': verdict.threshold, 'identity.passed': verdict.passed });
        if (verdict.score !== null) step.set({ 'identity.score': verdict.score });
        return verdict;
      });
      return { image, verdict };
    });
    scores.push(verdict.applicable ? verdict.score : null);
    onAttempt(attempt, of, verdict);
    if (!best || (verdict.score ?? 1) > (best.identity.score ?? 1)) best = { image, identity: { ...verdict, attempts: attempt }, scores };
    best.identity.attempts = attempt;
    if (verdict.passed || !verdict.applicable || !settings.blocking) break;
  }
  // The loop runs at least once (retries >= 0).
  return best!;
}
