import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fakeWebDist } from '../support/web-dist';

const dialect = suiteDialect();
const TOKEN = 'story-editor-token-0123456789abcdef';
const editor = { Authorization: `Bearer ${TOKEN}` };

/** A built web app of one page, so the api's index.html with injected meta can be read. */
const webDist = fakeWebDist();

const story = (overrides: Record<string, unknown> = {}) => ({
  title: 'The Lantern Keeper',
  teaser_text: 'A light that never goes out.',
  full_story_content: 'First paragraph here.\n\nSecond paragraph, longer.',
  story_category: 'the-eternal',
  status: 'published',
  ...overrides,
});

describe(`stories and tag pages (${dialect})`, () => {
  const ctx = useTestApp(dialect, { STORY_EDITOR_TOKEN: TOKEN, WEB_DIST_DIR: webDist }, { workers: false });

  it("keeps a hero image sent with the editor's token alone, and refuses it without the token or when it is no image", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a855f7' } }).png().toBuffer();
    const refused = await request(ctx.app).post('/api/story-hero-image').attach('file', png, 'hero.png');
    expect(refused.status).toBe(401);
    const notImage = await request(ctx.app).post('/api/story-hero-image').set(editor).attach('file', Buffer.from('just words'), 'hero.txt');
    expect(notImage.status).toBe(400);

    const kept = await request(ctx.app).post('/api/story-hero-image').set(editor).attach('file', png, 'hero.png');
    expect(kept.status).toBe(200);
    const { url } = kept.body as { url: string };
    expect(url).toMatch(/\/stories\/heroes\/[0-9a-f]{24}\.\w+$/);
    const image = await request(ctx.app).get(new URL(url).pathname);
    expect(image.status).toBe(200);
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(64);
    // A story takes the address; it is stored as ours (a key) and answered as the same address.
    const saved = await request(ctx.app).post('/api/story-api').set(editor).send(story({ title: `Hero ${randomBytes(3).toString('hex')}`, status: 'draft', hero_image_url: url }));
    expect(saved.status).toBe(200);
    expect(saved.body.story.hero_image_url).toBe(url);
    expect((await request(ctx.app).delete(`/api/story-api?id=${saved.body.story.id}`).set(editor)).status).toBe(200);
  });

  it('lets only the editor write, with the spec messages', async () => {
    const none = await request(ctx.app).post('/api/story-api').send(story());
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, error: 'Invalid authentication token' });
    const wrong = await request(ctx.app).post('/api/story-api').set({ Authorization: 'Bearer not-the-token' }).send(story());
    expect(wrong.status).toBe(401);
    expect((await request(ctx.app).get('/api/story-api?all=1')).status).toBe(401);
    const missing = await request(ctx.app).post('/api/story-api').set(editor).send({ title: 'Only a title' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Title, teaser text, and story content are required');
    expect((await request(ctx.app).put('/api/story-api?id=nope').set(editor).send(story())).body.error).toBe('Invalid story ID');
  });

  it('makes slugs from titles, keeps them on edit, suffixes a clash, and lists only published stories', async () => {
    const first = await request(ctx.app).post('/.netlify/functions/story-api').set(editor).send(story({ title: '  The Glass Orchard!! ' }));
    expect(first.body.story).toMatchObject({ slug: 'the-glass-orchard', status: 'published', story_category: 'the-eternal', word_count: 6, featured: false });
    const clash = await request(ctx.app).post('/api/story-api').set(editor).send(story({ title: 'The glass orchard', status: 'draft' }));
    expect(clash.body.story.slug).toBe('the-glass-orchard-2');
    const defaults = await request(ctx.app).post('/api/story-api').set(editor).send({ title: 'Defaults', teaser_text: 't', full_story_content: 'c' });
    expect(defaults.body.story).toMatchObject({ story_category: 'the-haunted', status: 'draft' });

    const edited = await request(ctx.app).put(`/api/story-api?id=${first.body.story.id}`).set(editor).send(story({ title: 'A New Title', featured: true }));
    expect(edited.body.story).toMatchObject({ slug: 'the-glass-orchard', title: 'A New Title', featured: true });

    const published = await request(ctx.app).get('/api/story-api');
    expect(published.body.map((s: { slug: string }) => s.slug)).toEqual(['the-glass-orchard']);
    expect((await request(ctx.app).get('/api/story-api?slug=the-glass-orchard-2')).status).toBe(404);
    const one = await request(ctx.app).get('/api/story-api?slug=the-glass-orchard');
    expect(one.body).toMatchObject({ title: 'A New Title', teaser_text: 'A light that never goes out.' });
    const all = await request(ctx.app).get('/api/story-api?all=1').set(editor);
    expect(all.body).toHaveLength(3);

    const notFound = await request(ctx.app).get('/api/story-api?slug=nothing-here');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ success: false, error: 'Story not found' });

    expect((await request(ctx.app).delete(`/api/story-api?id=${clash.body.story.id}`)).status).toBe(401);
    expect((await request(ctx.app).delete(`/api/story-api?id=${clash.body.story.id}`).set(editor)).body).toEqual({ success: true });
    expect((await request(ctx.app).delete(`/api/story-api?id=${clash.body.story.id}`).set(editor)).status).toBe(404);
  });

  it('serves a story page with its meta tags, share image and sitemap entry', async () => {
    await request(ctx.app).post('/api/story-api').set(editor).send(story({ title: 'Salt & <Smoke>', teaser_text: 'She "wrote" back.' }));
    const page = await request(ctx.app).get('/story/salt-smoke').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Salt &amp; &lt;Smoke&gt; — Mirrorverse Stories</title>');
    expect(page.text).toContain('<meta name="description" content="She &quot;wrote&quot; back." />');
    expect(page.text).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/story\/salt-smoke" \/>/);
    expect(page.text).toContain('<meta property="og:image:width" content="1200" />');
    expect(page.text).toContain('"@type":"Article"');
    expect(page.text).not.toContain('<Smoke>');

    const image = await request(ctx.app).get('/share/story/salt-smoke.jpg').buffer(true);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });

    const sitemap = await request(ctx.app).get('/sitemap.xml');
    expect(sitemap.text).toMatch(/<loc>http:\/\/localhost:\d+\/story\/salt-smoke<\/loc>/);
    expect(sitemap.text).toMatch(/<loc>http:\/\/localhost:\d+\/developers<\/loc>/);
    expect(sitemap.text).not.toContain('the-glass-orchard-2');
    const robots = await request(ctx.app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /StoryCreation');
    expect(robots.text).toContain('Disallow: /dashboard/');
    const tool = await request(ctx.app).get('/StoryCreation').set('Accept', 'text/html');
    expect(tool.text).toContain('<meta name="robots" content="noindex, nofollow" />');
    const unknown = await request(ctx.app).get('/story/nothing-here').set('Accept', 'text/html');
    expect(unknown.text).toContain('<title>Mirrorverse</title>');
  });

  describe('tag pages', () => {
    const ownerUsername = `tag_owner_${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      const owner = await createAccount(ctx.infra, `tags-${randomBytes(4).toString('hex')}@example.com`);
      await ctx.infra.db.updateTable('users').set({ name: 'Tag Owner', username: ownerUsername }).where('id', '=', owner.user.id).execute();
      const rows = Array.from({ length: 14 }, (_, i) => ({
        user_id: owner.user.id,
        type: 'image' as const,
        preset_type: 'cyber_siren',
        prompt: `neon portrait ${i}`,
        status: 'completed' as const,
        final_url: `http://localhost/media/tagged-${i}.webp`,
        width: 1024,
        height: 1536,
        is_public: i !== 0,
        tags: ['cyber-siren', 'neon', ...(i < 11 ? [`extra-${i % 11}`] : [])],
        created_at: new Date(Date.now() - i * 60_000),
      }));
      await ctx.infra.db.insertInto('media').values(rows).execute();
    });

    it('answers the spec shape with public media only and at most 8 popular tags', async () => {
      const res = await request(ctx.app).get('/api/getTagPage?tag=Cyber-Siren');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, tag: 'cyber-siren', totalCount: 13 });
      expect(res.body.media).toHaveLength(13);
      expect(res.body.media[0]).toEqual({
        id: expect.any(String),
        image_url: 'http://localhost/media/tagged-1.webp',
        prompt: 'neon portrait 1',
        user_avatar: null,
        user_name: 'Tag Owner',
        user_username: ownerUsername,
        likes_count: 0,
        created_at: expect.any(String),
        // Its size, so the tile is reserved at its ratio before the image arrives (issue 27).
        width: 1024,
        height: 1536,
        variants: [],
      });
      expect(res.body.popularTags).toHaveLength(8);
      expect(res.body.popularTags[0]).toEqual({ tag: 'neon', count: 13 });
      expect(res.body.popularTags.map((t: { tag: string }) => t.tag)).not.toContain('cyber-siren');

      const missing = await request(ctx.app).get('/api/getTagPage?tag=nobody-uses-this');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, error: 'Tag not found' });
      expect((await request(ctx.app).get('/api/getTagPage?tag=%3Cscript%3E')).body.error).toBe('Tag not found');
    });

    it('serves the tag page HTML with its meta tags and an ImageGallery of at most 10 images', async () => {
      const page = await request(ctx.app).get('/tag/cyber-siren').set('Accept', 'text/html');
      expect(page.text).toContain('<title>#cyber-siren — 13 creations on Mirrorverse</title>');
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.text)![1]!);
      expect(jsonLd['@type']).toBe('ImageGallery');
      expect(jsonLd.associatedMedia).toHaveLength(10);
      expect(jsonLd.associatedMedia[0]).toMatchObject({ '@type': 'ImageObject', contentUrl: 'http://localhost/media/tagged-1.webp' });
      const sitemap = await request(ctx.app).get('/sitemap.xml');
      expect(sitemap.text).toMatch(/\/tag\/cyber-siren<\/loc>/);
    });
  });
});
