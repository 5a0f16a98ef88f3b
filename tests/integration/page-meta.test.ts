import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FEED_COLUMNS, FEED_TILE_SIZES, stillSources } from '@app/shared';
import type { FeedItem } from '@app/shared/api/feed';
import { bearer, createAccount } from '../support/auth';
import { suiteDialect } from '../support/database';
import { runCustomPrompt } from '../support/runs';
import { useTestApp } from '../support/test-app';
import { fakeWebDist, unescapeHtml as unescape } from '../support/web-dist';

/**
 * Issue 25: user text in the meta the server injects into index.html is text, whatever it holds.
 * `$&`, `$'` and `` $` `` used to expand as String.replace patterns, copying the page into a tag.
 */
const dialect = suiteDialect();
const TOKEN = 'story-editor-token-0123456789abcdef';

const webDist = fakeWebDist();


/** The parts of a page a link preview reads, checked to be one well-formed head. */
function readHead(html: string) {
  expect(html.split('</head>')).toHaveLength(2);
  expect(html.split('id="root"')).toHaveLength(2);
  expect(html.split('<title>')).toHaveLength(2);
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: string, name: string) => {
    const found = [...head.matchAll(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)" />`, 'g'))];
    expect(found, name).toHaveLength(1);
    return unescape(found[0]![1]!);
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(jsonLd).toHaveLength(1);
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)![1]!),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    imageAlt: meta('property', 'og:image:alt'),
    twitterTitle: meta('name', 'twitter:title'),
    jsonLd: JSON.parse(jsonLd[0]![1]!) as Record<string, unknown>,
  };
}

describe(`page meta with $ patterns in user text (${dialect})`, () => {
  const ctx = useTestApp(dialect, { STORY_EDITOR_TOKEN: TOKEN, WEB_DIST_DIR: webDist, GENERATION_PROVIDER: 'instant' });

  it('puts a public creation’s prompt into its tag page as written', async () => {
    const word = `zebra${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`;
    const prompt = `${word} "quote' $' $\` $&`;
    const session = await createAccount(ctx.infra, `meta-${randomBytes(4).toString('hex')}@example.com`, 20);
    await runCustomPrompt(ctx.app, session, prompt);
    const { id } = await ctx.infra.db.selectFrom('media').select('id').where('user_id', '=', session.user.id).executeTakeFirstOrThrow();
    expect((await request(ctx.app).post('/api/share-media').set(bearer(session)).send({ mediaId: id, isPublic: true })).status).toBe(200);

    const page = await request(ctx.app).get(`/tag/${word}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    const head = readHead(page.text);
    expect(head.imageAlt).toBe(prompt);
    expect(head.ogTitle).toBe(`#${word} — 1 creation on Mirrorverse`);
    expect(head.jsonLd).toMatchObject({ '@type': 'ImageGallery', associatedMedia: [expect.objectContaining({ caption: prompt })] });
  });

  it('preloads the first feed tiles’ stills on the home page, naming the files the tiles will load', async () => {
    const session = await createAccount(ctx.infra, `home-${randomBytes(4).toString('hex')}@example.com`, 20);
    const { runId } = await runCustomPrompt(ctx.app, session, 'a lighthouse at dusk');
    const { id } = await ctx.infra.db.selectFrom('media').select('id').where('run_id', '=', runId).executeTakeFirstOrThrow();
    await request(ctx.app).post('/api/share-media').set(bearer(session)).send({ mediaId: id, isPublic: true });

    const feed = (await request(ctx.app).get('/api/getPublicFeed').query({ limit: FEED_COLUMNS })).body.items as FeedItem[];
    const page = await request(ctx.app).get('/').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" media="([^"]*)" fetchpriority="high" \/>/g)].map(
      ([, href, srcSet, sizes, media]) => ({ href: unescape(href!), srcSet: unescape(srcSet!), sizes: unescape(sizes!), media: unescape(media!) }),
    );
    const tile = (item: FeedItem) => stillSources({ still: item.finalUrl, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width });
    expect(feed[0]!.variants.length).toBeGreaterThan(0);
    // A phone shows one tile first, a desktop a row.
    expect(preloads).toEqual([
      { href: tile(feed[0]!).src, srcSet: tile(feed[0]!).srcSet, sizes: FEED_TILE_SIZES, media: '(max-width: 768px)' },
      ...feed.map((item) => ({ href: tile(item).src, srcSet: tile(item).srcSet, sizes: FEED_TILE_SIZES, media: '(min-width: 769px)' })),
    ]);
    expect(tile(feed[0]!).srcSet).toContain(feed[0]!.variants[0]!.url);
  });

  it('puts a story’s title into og:title, the title and the JSON-LD as written', async () => {
    const title = `T A $\` B $' C $& D $$ E $1`;
    const created = await request(ctx.app)
      .post('/api/story-api')
      .set({ Authorization: `Bearer ${TOKEN}` })
      .send({ title, teaser_text: `Teaser $& $' $\``, full_story_content: 'Once.', story_category: 'the-eternal', status: 'published' });
    expect(created.status).toBe(200);

    const page = await request(ctx.app).get(`/story/${created.body.story.slug}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    const head = readHead(page.text);
    expect(head.ogTitle).toBe(`${title} — Mirrorverse Stories`);
    expect(head.twitterTitle).toBe(`${title} — Mirrorverse Stories`);
    expect(head.title).toBe(`${title} — Mirrorverse Stories`);
    expect(head.imageAlt).toBe(title);
    expect(head.ogDescription).toBe(`Teaser $& $' $\``);
    expect(head.jsonLd).toMatchObject({ '@type': 'Article', headline: title, description: `Teaser $& $' $\`` });
  });
});
