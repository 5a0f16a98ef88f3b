/** The story archive and the story editor (spec 3 §7 story-api), and the tag pages (getTagPage). */
import { z } from 'zod/mini';
import { DEFAULT_STORY_CATEGORY } from '../stories/categories';
import { answer, defineCall } from './define-call';
import { mediaVariantSchema } from './media';

export const STORY_FIELDS_REQUIRED = 'Title, teaser text, and story content are required';
export const STORY_NOT_FOUND = 'Story not found';
export const INVALID_EDITOR_TOKEN = 'Invalid authentication token';
export const TAG_NOT_FOUND = 'Tag not found';
export const INVALID_STORY_ID = 'Invalid story ID';

export const storyStatusSchema = z.enum(['draft', 'published', 'archived']);

/**
 * The stored sizes of a story's hero when it is a creation's full still (issue 47): the feed's
 * thumbnail and WebP variants of that creation, for the picture's `srcset` (stillSources).
 */
export const storyHeroStillSchema = z.object({
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  thumbnailUrl: z.nullable(z.string()),
  /** Narrowest first, as the feed's. */
  variants: z.array(mediaVariantSchema),
});
export type StoryHeroStill = z.infer<typeof storyHeroStillSchema>;

export const storySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  teaser_text: z.string(),
  hero_image_url: z.nullable(z.string()),
  /** Null when the hero is no creation's still (an upload, another site's picture) or there is none. */
  hero_still: z.nullable(storyHeroStillSchema),
  full_story_content: z.string(),
  story_category: z.string(),
  status: storyStatusSchema,
  featured: z.boolean(),
  word_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Story = z.infer<typeof storySchema>;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
/** What the editor sends (spec 3 §7: story fields plus slug); the slug is the server's to decide. */
export const storyInputSchema = z.object({
  title: z._default(text(200), ''),
  teaser_text: z._default(text(1_000), ''),
  full_story_content: z._default(text(100_000), ''),
  hero_image_url: z.optional(z.union([z.url({ protocol: /^https?$/ }).check(z.maxLength(2_000)), z.literal(''), z.null()])),
  story_category: z._default(z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,60}$/, 'Invalid story_category')), DEFAULT_STORY_CATEGORY),
  status: z._default(storyStatusSchema, 'draft'),
  featured: z._default(z.boolean(), false),
  slug: z.optional(z.string()),
});
export type StoryInput = z.input<typeof storyInputSchema>;

/** GET story-api: the published stories, featured first, then newest. */
export const listStoriesCall = defineCall({ name: 'story-api', method: 'GET', request: undefined, response: z.array(storySchema) });
/** GET story-api?slug=: one published story. */
export const getStoryCall = defineCall({ name: 'story-api', method: 'GET', request: z.object({ slug: z.string().check(z.maxLength(200)) }), response: storySchema });
/** The editor's calls (Authorization: Bearer <STORY_EDITOR_TOKEN>). */
export const listAllStoriesCall = defineCall({ name: 'story-api', method: 'GET', request: z.object({ all: z.literal('1') }), response: z.array(storySchema) });
export const createStoryCall = defineCall({ name: 'story-api', method: 'POST', request: storyInputSchema, response: answer({ story: storySchema }) });
export const updateStoryCall = defineCall({ name: 'story-api', method: 'PUT', request: storyInputSchema, response: answer({ story: storySchema }) });
export const deleteStoryCall = defineCall({ name: 'story-api', method: 'DELETE', request: undefined, response: answer({}) });
export const storyIdQuery = z.object({ id: z.guid({ error: INVALID_STORY_ID }) });

export const tagSchema = z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9][a-z0-9-]{0,49}$/, TAG_NOT_FOUND));
export const tagMediaSchema = z.object({
  id: z.string(),
  image_url: z.nullable(z.string()),
  prompt: z.nullable(z.string()),
  user_avatar: z.nullable(z.string()),
  user_name: z.nullable(z.string()),
  /** The creator's page is /u/<user_username>; null when they have no username. */
  user_username: z.nullable(z.string()),
  likes_count: z.number(),
  created_at: z.string(),
  /** The item's size, so its tile is reserved at its own ratio before the image arrives. */
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  /** Smaller copies of the image for the tile's `srcset`, narrowest first. */
  variants: z.array(mediaVariantSchema),
});
export const tagPageResponse = answer({
  tag: z.string(),
  totalCount: z.number(),
  popularTags: z.array(z.object({ tag: z.string(), count: z.number() })),
  media: z.array(tagMediaSchema),
});
export type TagPage = z.infer<typeof tagPageResponse>;
export const TAG_PAGE_MEDIA_LIMIT = 48;
export const getTagPageCall = defineCall({ name: 'getTagPage', method: 'GET', request: z.object({ tag: z.string().check(z.maxLength(100)) }), response: tagPageResponse });

/**
 * POST story-hero-image (multipart `file`, the story editor's token as the bearer): the hero
 * image from a file, kept here; `url` is its address, which a story's `hero_image_url` takes.
 */
export const STORY_HERO_IMAGE_CALL = 'story-hero-image';
export const storyHeroImageAnswerSchema = answer({ url: z.string() });
