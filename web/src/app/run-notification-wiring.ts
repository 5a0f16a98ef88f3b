import { markRunNotificationRead } from '../features/notifications';
import { runStore } from '../state/run-store';

/** The attribute a run's on-screen progress (its card's status, the Creating overlay) carries. */
export const RUN_ON_SCREEN_ATTRIBUTE = 'data-run-on-screen';

/** Whether the run's progress is drawn inside the window of a tab the person is looking at. */
function watched(runId: string): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'visible') return false;
  for (const element of document.querySelectorAll(`[${RUN_ON_SCREEN_ATTRIBUTE}]`)) {
    if (element.getAttribute(RUN_ON_SCREEN_ATTRIBUTE) !== runId) continue;
    const box = element.getBoundingClientRect();
    if (box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth) return true;
  }
  return false;
}

/**
 * A run the person watched finish is no news (docs/decisions.md, "A run's notification when its
 * card was on screen"): the worker writes every done or failed run's notification at settlement,
 * and when the run's end reaches a tab whose card (or Creating overlay) of it is on screen, that
 * tab marks the run's notification read. Read before React draws the end (this listener was
 * subscribed first), so the card is still where it was.
 */
export function wireRunNotifications(): void {
  const phases = new Map<string, string>();
  runStore.subscribe(() => {
    const { runs } = runStore.get();
    for (const card of Object.values(runs)) {
      const was = phases.get(card.runId);
      if (was === card.phase) continue;
      phases.set(card.runId, card.phase);
      const ended = card.phase === 'done' || card.phase === 'failed';
      if (ended && was !== undefined && was !== 'done' && was !== 'failed' && watched(card.runId)) {
        void markRunNotificationRead(card.runId).catch(() => {});
      }
    }
  });
}
