/**
 * The public feed and trending (spec 1 §7 getPublicFeed; getTrending). Public calls; a
 * signed-in viewer sees the source photo of their own items only.
 */
import { z } from 'zod';
import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '../constants';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { mediaCoreSchema, mediaKindSchema } from './media';


/**
 * "Feed item as received" (spec 1 §3): the media item's public fields, plus the names that
 * spec fixes (user_id, created_at, source_url, `type` as the preset kind) and the creator.
 */
export const feedItemSchema = mediaCoreSchema.extend({
  /** The feed has always said `image` where the library says `photo` (spec 1 reads only "video or other"). */
  mediaType: mediaKindSchema,
  user_id: z.string().nullable(),
  created_at: z.string(),
  /** The creator: `name` is their display name (name, else username), null when they set neither. */
  user: z.object({ avatar: z.string().nullable(), tier: z.string(), name: z.string().nullable() }),
  /** The preset kind, under the name spec 1 §3 fixes. */
  type: z.string(),
  /** The uploader's own photo: filled only for the item's owner, null for everyone else. */
  source_url: z.string().nullable(),
  /** Only what a public viewer needs: the videos of a Story Time and the identity check. */
  metadata: z.object({
    videoResults: z.array(z.unknown()),
    totalVideos: z.number(),
    successfulVideos: z.number(),
    identity: z.unknown().optional(),
  }),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const trendingItemSchema = feedItemSchema.extend({ trendingScore: z.number() });
export type TrendingItem = z.infer<typeof trendingItemSchema>;

/** Offset as the spec's clients page, or the keyset cursor of the previous answer. */
export const publicFeedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  cursor: safeText().max(200).optional(),
  /** A preset kind, with dashes or underscores. */
  type: safeText().max(40).optional(),
  creator: uuidSchema('creator').optional(),
  userId: safeText().max(100).optional(),
});

export const trendingQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(TRENDING_DEFAULT_LIMIT) });

export const getPublicFeedCall = defineCall({
  name: 'getPublicFeed',
  method: 'GET',
  request: publicFeedQuery,
  response: answer({ items: z.array(feedItemSchema), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const getTrendingCall = defineCall({
  name: 'getTrending',
  method: 'GET',
  request: trendingQuery,
  response: answer({ items: z.array(trendingItemSchema) }),
});
