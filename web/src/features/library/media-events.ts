/** Browser events the library listens to or announces (spec 1 §4, spec 2 §7). */
export const MEDIA_EVENTS = {
  generationStart: 'generation:start',
  generationDone: 'generation:done',
  generationComplete: 'generation-complete',
  generationError: 'generation-error',
  clearGenerating: 'clear-generating-state',
  userMediaUpdated: 'userMediaUpdated',
  refreshUserMedia: 'refreshUserMedia',
  refreshFeed: 'refreshFeed',
} as const;

/** Delayed refreshes (spec 2 §9). */
export const REFRESH_AFTER_GENERATION_MS = { profile: 2000, gallery: 1000 } as const;
export const REFRESH_AFTER_DELETE_MS = 1000;
export const REFRESH_AFTER_DOWNLOAD_MS = 500;

function detailOf(event: Event): Record<string, unknown> {
  const detail = (event as CustomEvent<unknown>).detail;
  return typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>) : {};
}

/** A 'generation:done' that reports a failure (an error, or success false without an image). */
export function isFailedGeneration(event: Event): boolean {
  const detail = detailOf(event);
  if (detail.error) return true;
  if (detail.status === 'failed' && !detail.imageUrl && !detail.resultUrl) return true;
  return false;
}

/** The run id an event is about, when it names one. */
export function runIdOf(event: Event): string | null {
  const detail = detailOf(event);
  const runId = detail.runId ?? detail.jobId ?? (detail.record as Record<string, unknown> | undefined)?.runId;
  return typeof runId === 'string' && runId ? runId : null;
}

export function promptOf(event: Event): string | null {
  const prompt = detailOf(event).prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt.trim() : null;
}

export function announce(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
