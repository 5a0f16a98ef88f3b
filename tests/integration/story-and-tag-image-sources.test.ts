import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_MAX_WIDTH_PX, STORY_CARD_SIZES, STORY_HERO_SIZES, TAG_TILE_SIZES, storyArtSources, tagTileSources } from '@app/shared';
import type { Story, TagPage } from '@app/shared/api/stories';
import { bearer, createAccount, type Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { useTestApp } from '../support/test-app';
import { until } from '../support/wait';
import { fakeWebDist, unescapeHtml } from '../support/web-dist';

const dialect = availableDialects().at(-1)!;
const TOKEN = 'story-images-editor-token-0123456789';
const editor = { Authorization: `Bearer ${TOKEN}` };

interface Variant {
  url: string;
  width: number;
  format: string;
}

/**
 * Issue 47 §2: the tag page and the stories name the right-sized copies the worker stored of a
 * creation's still, so a phone's grid and a story's hero need not load the full JPEG.
 */
describe(`right-sized story and tag images (${dialect})`, () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant', STORY_EDITOR_TOKEN: TOKEN, WEB_DIST_DIR: fakeWebDist() });
  let session: Session;
  let item: { id: string; finalUrl: string; width: number; height: number; tags: string[] };
  const prompt = `a lantern keeper ${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    session = await createAccount(ctx.infra, `story-images-${randomBytes(4).toString('hex')}@example.com`, 100);
    const runId = `run_${randomBytes(8).toString('hex')}`;
    const res = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt, runId });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const feed = () => request(ctx.app).get('/api/getPublicFeed?limit=50').then((r) => r.body.items as Array<typeof item & { prompt: string }>);
    const items = await until(feed, (found) => found.some((i) => i.prompt === prompt && i.tags.length > 0), 60_000, 'the creation in the feed, tagged');
    item = items.find((i) => i.prompt === prompt)!;
  }, 120_000);

  /** The file at an address the answer gave, fetched as a browser would: its bytes and its decoded width. */
  const file = async (url: string) => {
    const res = await request(ctx.app).get(new URL(url).pathname).buffer(true);
    expect(res.status, url).toBe(200);
    const body = res.body as Buffer;
    return { bytes: body.length, width: (await sharp(body).metadata()).width };
  };

  /** Every variant is a stored WebP of its stated width, smaller than the full still. */
  const expectSmallerCopies = async (variants: Variant[], fullUrl: string) => {
    const full = await file(fullUrl);
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) {
      const copy = await file(variant.url);
      expect([variant.format, copy.width]).toEqual(['webp', variant.width]);
      expect(copy.width).toBeLessThan(full.width!);
      expect(copy.bytes, variant.url).toBeLessThan(full.bytes / 2);
    }
  };

  it("answers a tag page's items with the stored copies of their stills", async () => {
    const res = await request(ctx.app).get(`/api/getTagPage?tag=${encodeURIComponent(item.tags[0]!)}`);
    expect(res.status).toBe(200);
    const shown = (res.body.media as Array<{ id: string; image_url: string; width: number; variants: Variant[] }>).find((m) => m.id === item.id)!;
    expect(shown.width).toBe(item.width);
    await expectSmallerCopies(shown.variants, shown.image_url);
  });

  it("answers a story whose hero is a creation's still with that creation's copies, in the list and alone", async () => {
    const created = await request(ctx.app)
      .post('/api/story-api')
      .set(editor)
      .send({ title: `Hero copies ${randomBytes(3).toString('hex')}`, teaser_text: 'A light.', full_story_content: 'One.', status: 'published', hero_image_url: item.finalUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { slug } = created.body.story;
    // The editor's own answer carries them too (the editor shows the story as it will look).
    expect(created.body.story.hero_still?.variants.length).toBeGreaterThan(0);

    const listed = (await request(ctx.app).get('/api/story-api')).body.find((s: { slug: string }) => s.slug === slug);
    const alone = (await request(ctx.app).get(`/api/story-api?slug=${slug}`)).body;
    for (const story of [listed, alone]) {
      expect(story.hero_image_url).toBe(item.finalUrl);
      expect(story.hero_still).toMatchObject({ width: item.width, height: item.height, thumbnailUrl: expect.any(String) });
      await expectSmallerCopies(story.hero_still.variants, story.hero_image_url);
    }

    // Made private, the creation leaves the public story: no hero, no copies of it.
    expect((await request(ctx.app).post('/api/share-media').set(bearer(session)).send({ mediaId: item.id, isPublic: false })).status).toBe(200);
    const hidden = (await request(ctx.app).get(`/api/story-api?slug=${slug}`)).body;
    expect([hidden.hero_image_url, hidden.hero_still]).toEqual([null, null]);
    await request(ctx.app).post('/api/share-media').set(bearer(session)).send({ mediaId: item.id, isPublic: true });
    expect((await request(ctx.app).delete(`/api/story-api?id=${created.body.story.id}`).set(editor)).status).toBe(200);
  });

  it('preloads in the served page the picture that the story archive, a story and a tag page show first, as their <img> will name it', async () => {
    const created = await request(ctx.app)
      .post('/api/story-api')
      .set(editor)
      .send({ title: `Preloaded ${randomBytes(3).toString('hex')}`, teaser_text: 'A light.', full_story_content: 'One.', status: 'published', hero_image_url: item.finalUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const story = created.body.story as Story;
    const preloadsOf = async (path: string) => {
      const page = await request(ctx.app).get(path).set('Accept', 'text/html');
      expect(page.status, path).toBe(200);
      const head = page.text.slice(0, page.text.indexOf('</head>'));
      return [...head.matchAll(/<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" media="([^"]*)" fetchpriority="high" \/>/g)].map(
        ([, href, srcSet, sizes, media]) => ({ href: unescapeHtml(href!), srcSet: unescapeHtml(srcSet!), sizes: unescapeHtml(sizes!), media: unescapeHtml(media!) }),
      );
    };
    // What StoryArt and TagTile show (the shared rule), with the sizes they give.
    const art = (shown: Story, sizes: string) => {
      const { src, srcSet } = storyArtSources(shown);
      return { href: src, srcSet, sizes, media: 'all' };
    };
    const variantUrls = story.hero_still!.variants.map((v) => v.url);

    // A story: its hero, with the stored copies as candidates for the browser to pick from.
    const hero = await preloadsOf(`/story/${story.slug}`);
    expect(hero).toEqual([art(story, STORY_HERO_SIZES)]);
    for (const url of variantUrls) expect(hero[0]!.srcSet).toContain(url);
    // The archive: its first card as the list answers it (the newest story here has this hero).
    const [first] = (await request(ctx.app).get('/api/story-api')).body as Story[];
    expect(first!.id).toBe(story.id);
    expect(await preloadsOf('/story')).toEqual([art(first!, STORY_CARD_SIZES)]);
    // A tag page: its first row, two tiles on a phone and three on a desktop.
    const tag = item.tags[0]!;
    const { media } = (await request(ctx.app).get(`/api/getTagPage?tag=${encodeURIComponent(tag)}`)).body as TagPage;
    const tile = (m: TagPage['media'][number], screens: string) => {
      const { src, srcSet } = tagTileSources(m);
      return { href: src, srcSet, sizes: TAG_TILE_SIZES, media: screens };
    };
    expect(await preloadsOf(`/tag/${encodeURIComponent(tag)}`)).toEqual([
      ...media.slice(0, 2).map((m) => tile(m, `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`)),
      ...media.slice(0, 3).map((m) => tile(m, `(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`)),
    ]);
    expect((await request(ctx.app).delete(`/api/story-api?id=${story.id}`).set(editor)).status).toBe(200);
  });

  it('answers no copies for a hero that is no creation (an uploaded file), which is shown as it is', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a855f7' } }).png().toBuffer();
    const { url } = (await request(ctx.app).post('/api/story-hero-image').set(editor).attach('file', png, 'hero.png')).body as { url: string };
    // Nor the thumbnail of a creation: only its full still has these copies.
    const thumb = (await request(ctx.app).get('/api/getPublicFeed?limit=50')).body.items.find((i: { id: string }) => i.id === item.id).thumbnailUrl as string;
    for (const hero of [url, thumb]) {
      const saved = await request(ctx.app).post('/api/story-api').set(editor).send({ title: `Upload ${randomBytes(3).toString('hex')}`, teaser_text: 't', full_story_content: 'c', status: 'published', hero_image_url: hero });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect([saved.body.story.hero_image_url, saved.body.story.hero_still]).toEqual([hero, null]);
      expect((await request(ctx.app).delete(`/api/story-api?id=${saved.body.story.id}`).set(editor)).status).toBe(200);
    }
  });
});
