/**
 * The browser events the spec names (spec 1 §4, spec 2 §4), dispatched on window from here
 * only. They are announcements for whoever embeds or watches the app: nothing inside the app
 * listens to them for its own wiring (the engine's store, query invalidation and direct calls
 * do that).
 */
export const APP_EVENTS = [
  'generation:start',
  'generation:done',
  'generation-complete',
  'generation-success',
  'generation-error',
  'close-composer',
  'clear-composer-state',
  'reset-hidden-uploader',
  'userMediaUpdated',
  'refreshUserMedia',
  'refreshFeed',
  'auth-state-changed',
  'clear-generating-state',
  'draftSaved',
] as const;

export type AppEventName = (typeof APP_EVENTS)[number];

const defaultTarget = (): EventTarget | null => (typeof window !== 'undefined' ? window : null);

/** Dispatches one event as a CustomEvent carrying `detail` (on window unless a target is given). */
export function announce(name: AppEventName, detail: unknown, target: EventTarget | null = defaultTarget()): void {
  target?.dispatchEvent(new CustomEvent(name, { detail }));
}
