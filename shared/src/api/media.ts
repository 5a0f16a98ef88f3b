/**
 * One media item, and the calls that serve it.
 *
 * Calls defined in shared/src/api (import from `@app/shared/api/<file>`):
 * - media.ts:     getUserMediaCall, deleteMediaCall, shareMediaCall, migrateGuestMediaCall,
 *                 toggleLikeCall, getUserLikesCall; schemas mediaItemSchema, runMediaSchema
 * - feed.ts:      getPublicFeedCall, getTrendingCall, getMediaItemCall (one creation, /m/<id>); feedItemSchema
 *                 (creator's display name in `user.name`)
 * - auth.ts:      checkSignUpQuotaCall, requestOtpCall, verifyOtpCall, refreshTokenCall, logoutCall
 * - account.ts:   getUserProfileCall, updateProfileCall, getUserSettingsCall, updateUserSettingsCall,
 *                 uploadAgreementCall, checkQuotaCall, getQuotaCall, requestEmailChangeOtpCall,
 *                 changeEmailCall, deleteAccountCall
 * - drafts.ts:    getUserDraftsCall, createDraftCall, updateDraftCall, deleteDraftCall
 * - referrals.ts: getReferralStatsCall, sendReferralInviteCall
 * - waitlist.ts:  waitlistSignupCall
 * - launch.ts:    getLaunchStatusCall, getAppInfoCall
 * - generation.ts (unified-generate, getMediaByRunId, get-presets, magic-wand, cloudinary-sign)
 *
 * Two concepts share the word "type" in the specs' answers, so the schemas name them apart:
 * - the media kind, image or video: `mediaType` (and `type` in getMediaByRunId, spec 1 §7);
 * - the preset kind (`custom`, `ghibli_reaction`…): `presetType` (and `type` in getUserMedia
 *   and the feed, spec 2 §3 and spec 1 §3).
 */
import { z } from 'zod/mini';
import { MEDIA_PAGE_SIZE } from '../constants';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { pageLimit } from './paging';
import { ownModerationSchema } from './moderation';
import { runReceiptSchema } from './run-receipt';

/** How a media file is stored. */
export const mediaKindSchema = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof mediaKindSchema>;
/** The media kind as getUserMedia and getMediaByRunId spell it (spec 2 §3: photo or video). */
export const mediaTypeSchema = z.enum(['photo', 'video']);
export const mediaStatusSchema = z.enum(['processing', 'completed', 'failed']);

/** A smaller WebP copy of the item's still, for `srcset` (the grids); the viewer loads the full image. */
export const mediaVariantSchema = z.object({ url: z.string(), width: z.number(), format: z.enum(['webp', 'avif']) });
export type MediaVariant = z.infer<typeof mediaVariantSchema>;

/** Fields every view of a media item carries, the feed's included. */
export const mediaCoreSchema = z.object({
  id: z.string(),
  userId: z.nullable(z.string()),
  mediaType: mediaTypeSchema,
  /** The preset kind (`custom`, `ghibli_reaction`…), never the media kind. */
  presetType: z.string(),
  presetKey: z.nullable(z.string()),
  prompt: z.nullable(z.string()),
  finalUrl: z.nullable(z.string()),
  /** The still of the item: the image itself, or a video's first frame when one was stored. */
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  /** Narrowest first; empty while the backfill has not reached an item stored before variants. */
  variants: z.array(mediaVariantSchema),
  tags: z.array(z.string()),
  likes_count: z.number(),
  createdAt: z.string(),
  cloudinaryPublicId: z.nullable(z.string()),
});

/** A media item as its owner sees it (getUserMedia; spec 2 §3). */
export const mediaItemSchema = z.extend(mediaCoreSchema, {
  runId: z.nullable(z.string()),
  /** The same as finalUrl, the name spec 1 §3's client view reads. */
  url: z.nullable(z.string()),
  /** The preset kind again, under the name spec 2 §3 fixes ("type (the preset kind)"). */
  type: z.string(),
  status: mediaStatusSchema,
  isPublic: z.boolean(),
  /** Guest media only: when it is removed unless claimed. */
  expiresAt: z.nullable(z.string()),
  /** Everything stored with the item, and its width and height (spec 2 §3 reads them here). */
  metadata: z.record(z.string(), z.unknown()),
  /** What the item's run cost and how it went (items made by a run). */
  receipt: z.optional(runReceiptSchema),
  /** The item this one is a variation of (the library groups it there); null for an original. */
  variationOf: z.optional(z.nullable(z.string())),
  /** What holds the item back from the public (issue 42): hidden by moderation, or waiting for review. */
  moderation: z.optional(ownModerationSchema),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/**
 * The item getMediaByRunId answers (spec 1 §7 reads id, runId, type, url, metadata.provider):
 * there `type` is the media kind, image or video, not the preset kind.
 */
export const runMediaSchema = z.extend(mediaItemSchema, {
  type: mediaKindSchema,
  created_at: z.string(),
});
export type RunMedia = z.infer<typeof runMediaSchema>;

/** GET getUserMedia: the query spec 2 §7 sends (userId, limit, offset, all, sort, order). */
export const userMediaQuery = z.object({
  userId: z.optional(safeText().check(z.maxLength(100))),
  limit: pageLimit(MEDIA_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  all: z.pipe(
    z.optional(z.enum(['true', 'false'])),
    z.transform((v) => v === 'true'),
  ),
  sort: z.optional(z.literal('created_at')),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
});

export const getUserMediaCall = defineCall({
  name: 'getUserMedia',
  method: 'GET',
  request: userMediaQuery,
  response: answer({ items: z.array(mediaItemSchema), total: z.number(), hasMore: z.boolean() }),
});

/** One item (mediaId), several (mediaIds) or every item (all: true); the first named wins. */
export const deleteMediaRequest = z
  .object({
    mediaId: z.optional(uuidSchema('mediaId')),
    mediaIds: z.optional(z.array(uuidSchema('mediaIds')).check(z.minLength(1), z.maxLength(500))),
    all: z.optional(z.literal(true)),
    userId: z.optional(safeText().check(z.maxLength(100))),
  })
  .check(
    z.refine((body) => body.mediaId !== undefined || body.mediaIds !== undefined || body.all === true, {
      error: 'Name the media to delete: mediaId, mediaIds or all',
    }),
  );

/** One item answers `{ success: true, deleted: 1 }`; several add what failed (success false if any did). */
export const deleteMediaResponse = z.object({
  success: z.boolean(),
  deleted: z.number(),
  failed: z.optional(z.number()),
  errors: z.optional(z.array(z.object({ mediaId: z.string(), error: z.string() }))),
});
export type DeleteMediaResponse = z.infer<typeof deleteMediaResponse>;

export const deleteMediaCall = defineCall({ name: 'delete-media', method: 'DELETE', request: deleteMediaRequest, response: deleteMediaResponse });

export const shareMediaRequest = z.object({ mediaId: uuidSchema('mediaId'), isPublic: z._default(z.boolean(), true) });
export const shareMediaCall = defineCall({
  name: 'share-media',
  method: 'POST',
  request: shareMediaRequest,
  response: answer({ isPublic: z.boolean() }),
});

/** On sign-in the client names its guest id; that guest's media become the account's. */
export const migrateGuestMediaRequest = z.object({ guestId: z.string().check(z.regex(/^guest-[A-Za-z0-9_-]{8,80}$/)) });
export const migrateGuestMediaCall = defineCall({
  name: 'migrate-guest-media',
  method: 'POST',
  request: migrateGuestMediaRequest,
  response: answer({ migrated: z.number() }),
});

/** `mediaType` here is what spec 1 §7 sends: the item's preset kind (the server ignores it). */
export const toggleLikeRequest = z.object({ mediaId: uuidSchema('mediaId'), mediaType: z.optional(safeText().check(z.maxLength(40))) });
export const toggleLikeCall = defineCall({
  name: 'toggleLike',
  method: 'POST',
  request: toggleLikeRequest,
  response: answer({ liked: z.boolean(), likesCount: z.number() }),
});

/** Likes keyed `${presetType with _ for -}:${mediaId}` (spec 1 §3, `likeKey`). */
export const getUserLikesCall = defineCall({
  name: 'getUserLikes',
  method: 'GET',
  request: undefined,
  response: answer({ likes: z.record(z.string(), z.literal(true)), count: z.number() }),
});
