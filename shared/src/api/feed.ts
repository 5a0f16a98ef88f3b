/**
 * The public feed and trending (spec 1 §7 getPublicFeed; getTrending), and one creation
 * (get-media-item, for its page /m/<id>). Public calls; a
 * signed-in viewer sees the source photo of their own items only.
 */
import { z } from 'zod/mini';
import { FEED_PAGE_SIZE, LIKED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '../constants';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { mediaCoreSchema, mediaKindSchema } from './media';
import { ownModerationSchema } from './moderation';
import { cursorPage, cursorPageQuery, pageCursor, pageLimit } from './paging';


/**
 * "Feed item as received" (spec 1 §3): the media item's public fields, plus the names that
 * spec fixes (user_id, created_at, source_url, `type` as the preset kind) and the creator.
 */
export const feedItemSchema = z.extend(mediaCoreSchema, {
  /** The feed has always said `image` where the library says `photo` (spec 1 reads only "video or other"). */
  mediaType: mediaKindSchema,
  user_id: z.nullable(z.string()),
  created_at: z.string(),
  /** The creator: `name` is their display name (name, else username), null when they set neither. */
  user: z.object({
    avatar: z.nullable(z.string()),
    tier: z.string(),
    name: z.nullable(z.string()),
    /** Their page is /u/<username>; null when they have not picked one. */
    username: z.nullable(z.string()),
  }),
  /** The preset kind, under the name spec 1 §3 fixes. */
  type: z.string(),
  /** The uploader's own photo: filled only for the item's owner, null for everyone else. */
  source_url: z.nullable(z.string()),
  /** Only what a public viewer needs: the videos of a Story Time and the identity check. */
  metadata: z.object({
    videoResults: z.array(z.unknown()),
    totalVideos: z.number(),
    successfulVideos: z.number(),
    identity: z.optional(z.unknown()),
  }),
  /** Its owner looking (get-media-item): what holds the item back, when something does. Never sent to anyone else. */
  moderation: z.optional(ownModerationSchema),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const trendingItemSchema = z.extend(feedItemSchema, { trendingScore: z.number() });
export type TrendingItem = z.infer<typeof trendingItemSchema>;

/** The feed's orders: newest first (the spec's, the default), trending (likes fading over 7 days), most liked. */
export const FEED_SORTS = ['new', 'trending', 'top'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
/** How far back `top` looks. */
export const FEED_PERIODS = ['day', 'week', 'all'] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];
/** Which feed: everyone's (the default), or `following`, the signed-in person's follows only (issue 46). */
export const FEED_KINDS = ['following'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
/** A search of the feed: up to this many characters. */
export const FEED_SEARCH_MAX_LENGTH = 100;

/**
 * Offset as the spec's clients page, or the keyset cursor of the previous answer (every order
 * pages by cursor; the cursor names its order). `q` matches words in prompts and tags; `tag` is
 * one exact tag.
 */
export const publicFeedQuery = z.object({
  limit: pageLimit(FEED_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
  cursor: pageCursor,
  /** A preset kind, with dashes or underscores. */
  type: z.optional(safeText().check(z.maxLength(40))),
  creator: z.optional(uuidSchema('creator')),
  userId: z.optional(safeText().check(z.maxLength(100))),
  sort: z._default(z.enum(FEED_SORTS, { error: `sort must be one of ${FEED_SORTS.join(', ')}` }), 'new'),
  period: z._default(z.enum(FEED_PERIODS, { error: `period must be one of ${FEED_PERIODS.join(', ')}` }), 'all'),
  q: z.optional(safeText().check(z.maxLength(FEED_SEARCH_MAX_LENGTH))),
  tag: z.optional(z.pipe(safeText(), z.transform((tag) => tag.trim().toLowerCase())).check(z.regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'tag must be a tag'))),
  /** `following`: the creations of the people the bearer follows, newest first (401 without a bearer). */
  feed: z.optional(z.enum(FEED_KINDS, { error: `feed must be ${FEED_KINDS.join(', ')} or left out` })),
});

export const trendingQuery = z.object({ limit: pageLimit(TRENDING_DEFAULT_LIMIT) });

export const getPublicFeedCall = defineCall({
  name: 'getPublicFeed',
  method: 'GET',
  request: publicFeedQuery,
  response: answer(cursorPage(feedItemSchema)),
});

export const getTrendingCall = defineCall({
  name: 'getTrending',
  method: 'GET',
  request: trendingQuery,
  response: answer({ items: z.array(trendingItemSchema) }),
});

/** A liked item: the feed item, and when the person liked it. */
export const likedItemSchema = z.extend(feedItemSchema, { likedAt: z.string() });
export type LikedItem = z.infer<typeof likedItemSchema>;

/** The signed-in person's liked collection, newest like first, by the previous answer's cursor. */
export const likedMediaQuery = z.object(cursorPageQuery(LIKED_PAGE_SIZE));

export const getLikedMediaCall = defineCall({
  name: 'get-liked-media',
  method: 'GET',
  request: likedMediaQuery,
  response: answer(cursorPage(likedItemSchema)),
});

/** One creation, for its page /m/<id>: a public item for anyone, a private one for its owner only. */
export const mediaItemQuery = z.object({ id: uuidSchema('id') });

export const getMediaItemCall = defineCall({
  name: 'get-media-item',
  method: 'GET',
  request: mediaItemQuery,
  response: answer({ item: feedItemSchema }),
});
