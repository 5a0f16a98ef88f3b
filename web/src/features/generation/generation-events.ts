import type { ClientMode } from '@app/shared';
import { announce } from '../../lib/app-events';
import type { MediaItem } from '../../entities/media/media-item';

/** The browser events of spec 1 §4 that the generation engine announces (CustomEvents on window). */
export const GENERATION_EVENTS = {
  start: 'generation:start',
  done: 'generation:done',
  complete: 'generation-complete',
  success: 'generation-success',
  error: 'generation-error',
  closeComposer: 'close-composer',
  clearComposerState: 'clear-composer-state',
  resetHiddenUploader: 'reset-hidden-uploader',
  userMediaUpdated: 'userMediaUpdated',
  refreshUserMedia: 'refreshUserMedia',
  refreshFeed: 'refreshFeed',
  clearGeneratingState: 'clear-generating-state',
} as const;

export type GenerationEventName = (typeof GENERATION_EVENTS)[keyof typeof GENERATION_EVENTS];

/** The `detail` of each event. */
export interface GenerationEventDetails {
  'generation:start': { runId: string; mode: ClientMode; prompt: string | null };
  /** `error` only when the run failed; `resultUrl` when it produced media (success or not). */
  'generation:done': {
    runId: string;
    status: 'completed' | 'failed';
    success: boolean;
    error: string | null;
    resultUrl: string | null;
  };
  /** A run produced media (also when it did not pass the identity check). */
  'generation-complete': { record: MediaItem; resultUrl: string };
  'generation-success': { message: string; mode: ClientMode; thumbUrl: string };
  'generation-error': { message: string; mode: ClientMode | null; runId: string };
  'close-composer': { runId: string };
  /** 'started': 1 s after a start (options and file); 'completed': on completion (fully). */
  'clear-composer-state': { runId: string; reason: 'started' | 'completed' };
  'reset-hidden-uploader': { runId: string };
  userMediaUpdated: { runId: string };
  refreshUserMedia: { runId: string };
  refreshFeed: { runId: string };
  'clear-generating-state': { runId: string };
}

/** Announces one event of the engine (through the app's one announcer). */
export function announceGeneration<K extends GenerationEventName>(
  target: EventTarget,
  name: K,
  detail: GenerationEventDetails[K],
): void {
  announce(name, detail, target);
}
