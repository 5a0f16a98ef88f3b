import type { GenerationRequestInput } from '@app/shared';

/**
 * The generation request of spec 1 §3 as a screen builds it (client mode names: 'preset',
 * 'custom', 'unrealreflection', 'ghiblireact', 'cyber-siren', 'parallelself', 'storytime',
 * 'edit'). The engine adds a fresh `runId` and the signed-in `userId` itself.
 */
export type GenerationRequest = Omit<GenerationRequestInput, 'runId'>;

/** What POST unified-generate receives. */
export type GenerationRequestBody = GenerationRequest & { runId: string };

/** POST unified-generate's answer (202 while processing). */
export interface SubmitAnswer {
  success: boolean;
  jobId?: string;
  runId?: string;
  status?: string;
  imageUrl?: string | null;
  outputUrl?: string | null;
  videoUrl?: string | null;
  error?: string;
  provider?: string;
  type?: string;
  message?: string;
}

export interface IdentityCheck {
  applicable?: boolean;
  score?: number | null;
  threshold?: number;
  attempts?: number;
  passed?: boolean;
}

export interface RunMediaMetadata {
  provider?: string;
  identity?: IdentityCheck;
  videoResults?: { videoUrl?: string | null }[];
  [key: string]: unknown;
}

/** A media item as getMediaByRunId (or the getUserMedia fallback) describes it. */
export interface RunMedia {
  id: string;
  runId?: string | null;
  type?: string | null;
  url?: string | null;
  finalUrl?: string | null;
  imageUrl?: string | null;
  thumbnailUrl?: string | null;
  status?: string | null;
  prompt?: string | null;
  presetType?: string | null;
  presetKey?: string | null;
  width?: number | null;
  height?: number | null;
  isPublic?: boolean | null;
  createdAt?: string | null;
  metadata?: RunMediaMetadata | null;
}

/** GET getMediaByRunId's 200 answer. */
export interface MediaByRunIdAnswer {
  success: boolean;
  status: string;
  runId?: string;
  media?: RunMedia | null;
  error?: string;
}

/** One poll: 404 (still processing) or an answer. */
export type RunPoll = { kind: 'processing' } | { kind: 'answer'; answer: MediaByRunIdAnswer };

/** Spec 1 §4: processing, then completed or failed (the server's `done` is `completed`). */
export type GenerationStatus = 'processing' | 'completed' | 'failed';

/** The generation result of spec 1 §3. */
export interface GenerationResult {
  success: boolean;
  jobId: string | null;
  runId: string;
  status: GenerationStatus;
  imageUrl: string | null;
  outputUrl: string | null;
  videoUrl: string | null;
  error: string | null;
  provider: string | null;
  type: 'image' | 'video' | null;
  message: string | null;
  /** A failed run that still produced an image: completed, success false (spec 1 §4). */
  identityCheckFailed: boolean;
  media: RunMedia | null;
  /** The person canceled it (issue 16): no error toast. */
  canceled?: boolean;
}

/** The optimistic item added to the viewer on completion (spec 1 §3 media item, client view). */
export interface GeneratedMediaItem {
  id: string;
  runId: string;
  type: 'image' | 'video';
  url: string;
  finalUrl: string;
  thumbnailUrl: string;
  status: 'completed';
  prompt: string;
  aspectRatio: string;
  /** 1024 unless the service said otherwise. */
  width: number;
  height: number;
  /** Always 1 for the optimistic item. */
  tokensUsed: number;
  likes_count: number;
  presetKey: string | null;
  presetType: string | null;
  /** Whether the item may be added to the public feed (null: not known, leave it out). */
  isPublic: boolean | null;
  /** False for an image that did not pass the identity check. */
  identityCheckPassed: boolean;
  metadata: RunMediaMetadata;
  createdAt: string;
}

/** How one `generate` call ended. */
export type GenerateOutcome =
  | { status: 'signed-out' }
  | { status: 'invalid'; reason: ValidationFailureReason; message: string }
  | { status: 'completed'; runId: string; result: GenerationResult; item: GeneratedMediaItem }
  | { status: 'failed'; runId: string; result: GenerationResult }
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
  onOpen?: (item: GeneratedMediaItem) => void;
  /** The run produced media (the home screen puts a public one on top of the feed at once). */
  onComplete?: (item: GeneratedMediaItem) => void;
  /** A signed-out visitor tried to generate (default: navigate to /auth). */
  onSignInRequired?: () => void;
}
