/** The story archive and the story editor (spec 3 §7 story-api), and the tag pages (getTagPage). */
import { z } from 'zod';
import { DEFAULT_STORY_CATEGORY } from '../stories/categories';
import { answer, defineCall } from './define-call';
import { mediaVariantSchema } from './media';

export const STORY_FIELDS_REQUIRED = 'Title, teaser text, and story content are required';
export const STORY_NOT_FOUND = 'Story not found';
export const INVALID_EDITOR_TOKEN = 'Invalid authentication token';
export const TAG_NOT_FOUND = 'Tag not found';
export const INVALID_STORY_ID = 'Invalid story ID';

export const storyStatusSchema = z.enum(['draft', 'published', 'archived']);

export const storySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  teaser_text: z.string(),
  hero_image_url: z.string().nullable(),
  full_story_content: z.string(),
  story_category: z.string(),
  status: storyStatusSchema,
  featured: z.boolean(),
  word_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Story = z.infer<typeof storySchema>;

const text = (max: number) => z.string().trim().max(max);
/** What the editor sends (spec 3 §7: story fields plus slug); the slug is the server's to decide. */
export const storyInputSchema = z.object({
  title: text(200).default(''),
  teaser_text: text(1_000).default(''),
  full_story_content: text(100_000).default(''),
  hero_image_url: z.union([z.url({ protocol: /^https?$/ }).max(2_000), z.literal(''), z.null()]).optional(),
  story_category: z.string().trim().regex(/^[a-z0-9-]{1,60}$/, 'Invalid story_category').default(DEFAULT_STORY_CATEGORY),
  status: storyStatusSchema.default('draft'),
  featured: z.boolean().default(false),
  slug: z.string().optional(),
});
export type StoryInput = z.input<typeof storyInputSchema>;

/** GET story-api: the published stories, featured first, then newest. */
export const listStoriesCall = defineCall({ name: 'story-api', method: 'GET', request: undefined, response: z.array(storySchema) });
/** GET story-api?slug=: one published story. */
export const getStoryCall = defineCall({ name: 'story-api', method: 'GET', request: z.object({ slug: z.string().max(200) }), response: storySchema });
/** The editor's calls (Authorization: Bearer <STORY_EDITOR_TOKEN>). */
export const listAllStoriesCall = defineCall({ name: 'story-api', method: 'GET', request: z.object({ all: z.literal('1') }), response: z.array(storySchema) });
export const createStoryCall = defineCall({ name: 'story-api', method: 'POST', request: storyInputSchema, response: answer({ story: storySchema }) });
export const updateStoryCall = defineCall({ name: 'story-api', method: 'PUT', request: storyInputSchema, response: answer({ story: storySchema }) });
export const deleteStoryCall = defineCall({ name: 'story-api', method: 'DELETE', request: undefined, response: answer({}) });
export const storyIdQuery = z.object({ id: z.guid({ error: INVALID_STORY_ID }) });

export const tagSchema = z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,49}$/, TAG_NOT_FOUND);
export const tagMediaSchema = z.object({
  id: z.string(),
  image_url: z.string().nullable(),
  prompt: z.string().nullable(),
  user_avatar: z.string().nullable(),
  user_name: z.string().nullable(),
  /** The creator's page is /u/<user_username>; null when they have no username. */
  user_username: z.string().nullable(),
  likes_count: z.number(),
  created_at: z.string(),
  /** The item's size, so its tile is reserved at its own ratio before the image arrives. */
  width: z.number().nullable(),
  height: z.number().nullable(),
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
export const getTagPageCall = defineCall({ name: 'getTagPage', method: 'GET', request: z.object({ tag: z.string().max(100) }), response: tagPageResponse });
