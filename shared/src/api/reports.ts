/**
 * Reports and the admin's review queue (issue 42): a person reports a creation they can see
 * (report-media); the admin lists what waits for review (admin-get-reports) and keeps, hides or
 * deletes it (admin-resolve-report). The moderation state an owner reads of their own items is
 * `./moderation`'s `ownModerationSchema`.
 */
import { z } from 'zod/mini';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { ownModerationSchema } from './moderation';

export const REPORT_REASONS = ['sexual', 'violence', 'minor', 'harassment', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the reporter picks them. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  sexual: 'Sexual content',
  violence: 'Violence',
  minor: 'A minor',
  harassment: 'Harassment',
  copyright: 'Copyright',
  other: 'Something else',
};

/** The reasons as an owner reads them beside "Hidden by moderation". */
const HIDDEN_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  sexual: 'Sexual content',
  violence: 'Violence',
  minor: 'Safety of minors',
  harassment: 'Harassment',
  copyright: 'Copyright',
  other: 'Community rules',
};

/** A stored moderation reason (a report's reason, or the screening's class such as `hate_symbols`) in words. */
export function moderationReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  if ((REPORT_REASONS as readonly string[]).includes(reason)) return HIDDEN_REASON_LABELS[reason as ReportReason];
  const words = reason.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

export const REPORT_NOTE_MAX_LENGTH = 500;
/** What the reporter reads once the report is in (the first time and again after). */
export const REPORT_RECEIVED = 'Thanks — we received your report and will review it.';

export const reportMediaRequest = z.object({
  mediaId: uuidSchema('mediaId'),
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: z.optional(
    safeText({ multiline: true }).check(
      z.trim(),
      z.maxLength(REPORT_NOTE_MAX_LENGTH, { error: `note: at most ${REPORT_NOTE_MAX_LENGTH} characters` }),
    ),
  ),
});

/** 202 for a new report and for one already open (`alreadyReported`), never a second row. */
export const reportMediaCall = defineCall({
  name: 'report-media',
  method: 'POST',
  request: reportMediaRequest,
  response: answer({ alreadyReported: z.boolean(), message: z.string() }),
});

/** One item of the review queue. */
export const reviewEntrySchema = z.object({
  mediaId: z.string(),
  type: z.enum(['image', 'video']),
  /** The item's still (the admin sees private files too). */
  thumbnailUrl: z.nullable(z.string()),
  prompt: z.nullable(z.string()),
  isPublic: z.boolean(),
  owner: z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()), username: z.nullable(z.string()), banned: z.boolean() })),
  moderation: ownModerationSchema,
  /** Open reports by reason (reasons nobody gave are left out). */
  reasons: z.record(z.string(), z.number()),
  openReports: z.number(),
  /** The newest notes reporters wrote, newest first (at most a few). */
  notes: z.array(z.object({ reason: z.string(), note: z.string(), createdAt: z.string() })),
  /** The screening's scores (issue 42), null when the item was not screened. */
  screening: z.nullable(
    z.object({
      classifier: z.string(),
      scores: z.record(z.string(), z.number()),
      providerFlagged: z.optional(z.boolean()),
      verdict: z.string(),
      screenedAt: z.string(),
    }),
  ),
  /** The oldest open report; null for an item only the screening holds. */
  firstReportedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/**
 * The review queue, most urgent first: an item reported as showing a minor, then what the
 * screening held (above "block"), then by open reports (most first), then the oldest first.
 */
export const adminGetReportsCall = defineCall({
  name: 'admin-get-reports',
  method: 'GET',
  request: z.object({ limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 100) }),
  response: answer({ entries: z.array(reviewEntrySchema) }),
});

export const RESOLVE_ACTIONS = ['keep', 'hide', 'delete'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export const adminResolveReportCall = defineCall({
  name: 'admin-resolve-report',
  method: 'POST',
  request: z.object({
    mediaId: uuidSchema('mediaId'),
    action: z.enum(RESOLVE_ACTIONS, { error: `action must be one of ${RESOLVE_ACTIONS.join(', ')}` }),
    banOwner: z._default(z.boolean(), false),
  }),
  response: answer({ mediaId: z.string(), action: z.enum(RESOLVE_ACTIONS), resolved: z.number(), ownerBanned: z.boolean() }),
});
