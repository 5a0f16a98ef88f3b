import type { GenerationRequestInput } from '@app/shared';
import type { MediaItem } from '../../entities/media/media-item';
import type { ObservedRunEvent } from '../../state/run-reducer';

/**
 * The generation request of spec 1 §3 as a screen builds it (client mode names: 'preset',
 * 'custom', 'unrealreflection', 'ghiblireact', 'cyber-siren', 'parallelself', 'storytime',
 * 'edit'). The engine adds a fresh `runId` and the signed-in `userId` itself.
 */
export type GenerationRequest = Omit<GenerationRequestInput, 'runId'>;

/** What POST unified-generate receives. */
export type GenerationRequestBody = GenerationRequest & { runId: string };

/** The event that ends a run's round, as a poll or the web's timeout learned it. */
export type TerminalRunEvent = Extract<ObservedRunEvent, { type: 'run.done' | 'run.failed' | 'run.canceled' }>;

/** One poll of getMediaByRunId: 404 (still processing) or the run's end as its event. */
export type RunPoll = { kind: 'processing' } | { kind: 'ended'; event: TerminalRunEvent };

/** How one `generate` call ended. */
export type GenerateOutcome =
  | { status: 'signed-out' }
  | { status: 'invalid'; reason: ValidationFailureReason; message: string }
  /** Not enough credits: nothing was submitted (the quote or the 402 said so). */
  | { status: 'insufficient'; required: number | null; available: number | null }
  | { status: 'completed'; runId: string; item: MediaItem; passed: boolean }
  | { status: 'failed'; runId: string; error: string }
  | { status: 'canceled'; runId: string }
  | { status: 'stale' | 'cancelled'; runId: string };

export type ValidationFailureReason =
  | 'invalid-mode'
  | 'no-source'
  | 'no-preset'
  | 'invalid-preset'
  | 'not-enough-photos'
  | 'empty-prompt'
  | 'invalid-request';

/** Per-call choices of `generate` (a hook passes the router's navigate). */
export interface GenerateOptions {
  navigate?: (path: string) => void;
  /** The success toast's tap ("Tap to open"). */
  onOpen?: (item: MediaItem) => void;
  /** The run produced media (the home screen puts a public one on top of the feed at once). */
  onComplete?: (item: MediaItem) => void;
  /** A signed-out visitor tried to generate (default: navigate to /auth). */
  onSignInRequired?: () => void;
  /** The look's name for the card while it runs ('The Syndicate'). */
  look?: string | null;
}
