/**
 * What holds a media item back from the public (issue 42), as its owner reads it in their own
 * items. A module of its own: the feed's schema (the first view's) needs this and nothing else of
 * the reports' calls.
 */
import { z } from 'zod/mini';

export const moderationStateSchema = z.enum(['clear', 'review', 'held', 'hidden']);
export type ModerationState = z.infer<typeof moderationStateSchema>;

/** Sent to the item's owner only. */
export const ownModerationSchema = z.object({
  state: moderationStateSchema,
  /** Why it is held or hidden: a report's reason or the screening's class; null when clear. */
  reason: z.nullable(z.string()),
});
export type OwnModeration = z.infer<typeof ownModerationSchema>;
