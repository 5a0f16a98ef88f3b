import type { OwnModeration } from '@app/shared/api/moderation';
import { moderationReasonLabel } from '@app/shared/api/reports';

/**
 * What the owner reads on an item something holds back (issue 42): "Hidden by moderation ·
 * Violence" once an admin hid it, "Waiting for review" while the screening holds it; null when
 * nothing does (or the item is someone else's: the server tells owners only).
 */
export function moderationLine(moderation: OwnModeration | null | undefined): string | null {
  if (!moderation || moderation.state === 'clear') return null;
  if (moderation.state === 'hidden') {
    const reason = moderationReasonLabel(moderation.reason);
    return reason ? `Hidden by moderation · ${reason}` : 'Hidden by moderation';
  }
  return 'Waiting for review';
}
