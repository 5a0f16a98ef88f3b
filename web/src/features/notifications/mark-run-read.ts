/**
 * Marks one run's notification read (its card was on screen as it ended: docs/decisions.md). The
 * call's code loads on first use, so the app's wiring adds nothing to the first view.
 */
export async function markRunNotificationRead(runId: string): Promise<void> {
  const { markNotificationsRead } = await import('./notifications-api');
  await markNotificationsRead({ runId });
}
