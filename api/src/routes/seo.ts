import { Router } from 'express';
import { escapeMarkup } from '@app/shared/server/escape-markup';
import type { FeedService } from '../services/feed.service';
import type { ShareImageService } from '../services/share-image.service';
import type { StoriesService } from '../services/stories.service';
import type { TagsService } from '../services/tags.service';

const SITEMAP_TAGS = 500;
/** The newest public creations listed (their pages, /m/<id>): one page of the feed's own query. */
const SITEMAP_CREATIONS = 1000;

/** robots.txt, sitemap.xml (published stories, tags, the newest public creations) and the share images of stories and creations. */
export function seoRoutes(
  stories: Pick<StoriesService, 'published'>,
  tags: Pick<TagsService, 'topTags'>,
  shareImages: ShareImageService,
  publicUrl: string,
  feed: Pick<FeedService, 'page'>,
): Router {
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(['User-agent: *', 'Disallow: /StoryCreation', 'Disallow: /dashboard/', 'Disallow: /admin/', 'Disallow: /api/', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n'));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const [published, topTags, creations] = await Promise.all([stories.published(), tags.topTags(SITEMAP_TAGS), feed.page({ limit: SITEMAP_CREATIONS })]);
    const urls: Array<{ loc: string; lastmod?: string }> = [
      { loc: `${publicUrl}/` },
      { loc: `${publicUrl}/story` },
      { loc: `${publicUrl}/bestpractices` },
      { loc: `${publicUrl}/developers` },
      ...published.map((s) => ({ loc: `${publicUrl}/story/${encodeURIComponent(s.slug)}`, lastmod: s.updated_at })),
      ...topTags.map((tag) => ({ loc: `${publicUrl}/tag/${encodeURIComponent(tag)}` })),
      ...creations.items.map((m) => ({ loc: `${publicUrl}/m/${m.id}`, lastmod: m.createdAt })),
    ];
    const body = urls.map((u) => `  <url><loc>${escapeMarkup(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });

  router.get('/share/story/:file', async (req, res) => {
    const slug = req.params.file.replace(/\.jpg$/, '');
    const image = await shareImages.forStory(slug);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('image/jpeg').send(image);
  });

  router.get('/share/m/:file', async (req, res) => {
    const id = req.params.file.replace(/\.jpg$/, '');
    // The 404 of an item taken down is not kept (a CDN would keep a bare one a few minutes): it
    // answers again at once when the item is back. docs/operations.md: what a CDN must purge.
    res.setHeader('Cache-Control', 'no-store');
    const image = await shareImages.forMedia(id);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('image/jpeg').send(image);
  });
  return router;
}
