import os from 'node:os';
import { type Request, type RequestHandler, Router } from 'express';
import { INVALID_EDITOR_TOKEN, INVALID_STORY_ID, STORY_HERO_IMAGE_CALL, getTagPageCall, storyIdQuery } from '@app/shared/api/stories';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import { parseInput } from '../http/validation';
import { type SecretGuessPacing, bearerToken, requireSharedSecret } from '../http/shared-secret';
import { withMultipartForm } from '../http/multipart';
import type { StoriesService } from '../services/stories.service';
import type { TagsService } from '../services/tags.service';
import type { UploadService } from '../services/upload.service';
import { UPLOAD_SPOOL_PREFIX } from './uploads';

/** What the hero image's upload needs of the upload service. */
export type StoryHeroUploads = Pick<UploadService, 'keepStoryHero' | 'fileLimits'>;

/** The `?id=` of an edit or delete; anything but a story id is the spec's 'Invalid story ID'. */
function storyId(query: unknown): string {
  const parsed = storyIdQuery.safeParse(query);
  if (!parsed.success) throw new InvalidInputError(INVALID_STORY_ID, 'INVALID_STORY_ID');
  return parsed.data.id;
}

export const EDITING_DISABLED = 'Story editing is turned off on this server: STORY_EDITOR_TOKEN is not set.';

/** The story editor's token, sent as a bearer token and checked here (the spec's browser-only check is not enough). */
export function requireStoryEditor(
  token: string | undefined,
  pacing: SecretGuessPacing,
  refused?: (req: Request, kind: string) => Promise<void>,
): RequestHandler {
  return requireSharedSecret(
    {
      kind: 'story-editor',
      secret: token,
      presented: bearerToken,
      invalid: { message: INVALID_EDITOR_TOKEN, code: 'INVALID_EDITOR_TOKEN' },
      disabled: { message: EDITING_DISABLED, code: 'EDITING_DISABLED' },
      ...(refused ? { refused } : {}),
    },
    pacing,
  );
}

/**
 * story-api (spec 3 §7): the published stories for everyone, one by `?slug=`; `?all=1` and the
 * writes for the story editor. getTagPage: a tag's public media.
 */
export function storyRoutes(stories: StoriesService, tags: TagsService, editor: RequestHandler, heroes: StoryHeroUploads): Router {
  const router = Router();

  router.get('/story-api', async (req, res, next) => {
    if (req.query.all !== undefined) return next();
    // Stories show people's creations, which a takedown removes at once: nothing keeps an answer.
    res.setHeader('Cache-Control', 'no-store');
    const slug = typeof req.query.slug === 'string' ? req.query.slug : undefined;
    res.json(slug !== undefined ? await stories.publishedBySlug(slug) : await stories.published());
  });
  router.get('/story-api', editor, async (_req, res) => {
    res.json(await stories.all());
  });
  router.post('/story-api', editor, async (req, res) => {
    res.json({ success: true, story: await stories.create(req.body ?? {}) });
  });
  router.put('/story-api', editor, async (req, res) => {
    res.json({ success: true, story: await stories.update(storyId(req.query), req.body ?? {}) });
  });
  router.delete('/story-api', editor, async (req, res) => {
    await stories.delete(storyId(req.query));
    res.json({ success: true });
  });

  // The editor's hero image from a file (multipart `file`), with the editor's token alone.
  router.post(`/${STORY_HERO_IMAGE_CALL}`, editor, async (req, res) => {
    const form = { fields: [] as const, maxFieldChars: 100, file: { name: 'file', tmpDir: os.tmpdir(), prefix: UPLOAD_SPOOL_PREFIX, ...heroes.fileLimits } };
    res.json({ success: true, ...(await withMultipartForm(req, form, ({ file }) => heroes.keepStoryHero(file))) });
  });

  router.get(`/${getTagPageCall.name}`, async (req, res) => {
    const { tag } = parseInput(getTagPageCall.request, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await tags.page(tag));
  });
  return router;
}
