import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { type Session, bearer, createAccount } from '../support/auth';
import { suiteDialect } from '../support/database';
import { ORACLE_OF_SEOUL, pollUntilFinished, runCustomPrompt, submitRunOfPhoto } from '../support/runs';
import { type TestContext, useTestApp } from '../support/test-app';
import { fakeWebDist, unescapeHtml as unescape } from '../support/web-dist';

/** Issue 27 item 4: a page per public creation, /m/<id>, with its own meta, share image and a real 404 otherwise. */
const dialect = suiteDialect();
const PUBLIC_URL = 'https://mirror.example';

const webDist = fakeWebDist();


function head(html: string) {
  const part = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: string, name: string) => {
    const found = /content="([^"]*)"/.exec(part.match(new RegExp(`<meta ${attribute}="${name}" content="[^"]*" />`))?.[0] ?? '');
    return found ? unescape(found[1]!) : undefined;
  };
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(part);
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(part)![1]!),
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(part)?.[1],
    ogImage: meta('property', 'og:image'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    twitterCard: meta('name', 'twitter:card'),
    twitterImage: meta('name', 'twitter:image'),
    robots: meta('name', 'robots'),
    jsonLd: ld ? (JSON.parse(ld[1]!) as Record<string, unknown>) : undefined,
  };
}

async function createMedia(ctx: TestContext, session: Session, prompt: string): Promise<string> {
  const { answer } = await runCustomPrompt(ctx.app, session, prompt);
  return (answer.body as { media: { id: string } }).media.id;
}

const page = (ctx: TestContext, id: string) => request(ctx.app).get(`/m/${id}`).set('Accept', 'text/html');
const item = (ctx: TestContext, id: string, session?: Session) => {
  const call = request(ctx.app).get('/api/get-media-item').query({ id });
  return session ? call.set(bearer(session)) : call;
};
const setPublic = (ctx: TestContext, session: Session, mediaId: string, isPublic: boolean) =>
  request(ctx.app).post('/api/share-media').set(bearer(session)).send({ mediaId, isPublic });

describe(`creation pages /m/<id> (${dialect})`, () => {
  const ctx = useTestApp(dialect, { WEB_DIST_DIR: webDist, GENERATION_PROVIDER: 'instant', PUBLIC_URL });

  it('serves a public creation’s page with its title, description, canonical link, 1200×630 share image, cards and JSON-LD', async () => {
    const session = await createAccount(ctx.infra, `m-${randomBytes(4).toString('hex')}@example.com`, 20);
    await ctx.infra.db.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', session.user.id).execute();
    const prompt = 'A lighthouse keeper reading by lantern light in a storm';
    const id = await createMedia(ctx, session, prompt);
    expect((await setPublic(ctx, session, id, true)).status).toBe(200);

    const res = await page(ctx, id);
    expect(res.status).toBe(200);
    const meta = head(res.text);
    expect(meta.title).toBe(`${prompt} by Ada Lovelace — Mirrorverse`);
    expect(meta.ogTitle).toBe(meta.title);
    expect(meta.description).toBe(prompt);
    expect(meta.canonical).toBe(`${PUBLIC_URL}/m/${id}`);
    expect(meta.ogImage).toBe(`${PUBLIC_URL}/share/m/${id}.jpg`);
    expect(meta.twitterCard).toBe('summary_large_image');
    expect(meta.twitterImage).toBe(meta.ogImage);
    expect(meta.robots).toBeUndefined();
    expect(meta.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      url: `${PUBLIC_URL}/m/${id}`,
      description: prompt,
      thumbnailUrl: meta.ogImage,
      contentUrl: expect.stringMatching(/^http/),
      creator: { '@type': 'Person', name: 'Ada Lovelace' },
    });

    const image = await request(ctx.app).get(`/share/m/${id}.jpg`).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(image.body as Buffer).metadata();
    expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    // The creation itself is in it: not a flat fill.
    const stats = await sharp(image.body as Buffer).stats();
    expect(stats.channels.some((c) => c.stdev > 5)).toBe(true);

    const sitemap = await request(ctx.app).get('/sitemap.xml');
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}/m/${id}</loc>`);

    const answer = await item(ctx, id);
    expect(answer.status).toBe(200);
    expect(answer.body.item).toMatchObject({ id, prompt, user: { name: 'Ada Lovelace' }, source_url: null });
    expect(answer.body.item.width).toBeGreaterThan(0);
  });

  it('describes a look’s creation by its caption (the look’s short description), never by the look’s engine prompt (issue 41)', async () => {
    const session = await createAccount(ctx.infra, `m-look-${randomBytes(4).toString('hex')}@example.com`, 20);
    await ctx.infra.db.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', session.user.id).execute();
    const runId = await submitRunOfPhoto(ctx.app, session, 'astronaut.png', ORACLE_OF_SEOUL);
    const id = ((await pollUntilFinished(ctx.app, session, runId)).body as { media: { id: string } }).media.id;
    expect((await setPublic(ctx, session, id, true)).status).toBe(200);

    const meta = head((await page(ctx, id)).text);
    expect(meta.title).toBe('Oracle of Seoul by Ada Lovelace — Mirrorverse');
    // The viewer's caption of the look, as a card shows it.
    expect(meta.description).toBe('A mystical oracle of a future Seoul');
    expect(meta.ogDescription).toBe(meta.description);
    expect(meta.jsonLd).toMatchObject({ name: 'Oracle of Seoul', description: meta.description });
    expect(JSON.stringify(meta)).not.toContain('Restyle this photo');
  });

  it('answers 404 (page, share image and call) for private, deleted, expired and unknown ids; 400 for an invalid id in the call', async () => {
    const owner = await createAccount(ctx.infra, `m-${randomBytes(4).toString('hex')}@example.com`, 20);
    const stranger = await createAccount(ctx.infra, `m-${randomBytes(4).toString('hex')}@example.com`, 20);
    const id = await createMedia(ctx, owner, 'A private study of a red teapot');
    expect((await setPublic(ctx, owner, id, false)).status).toBe(200);

    const expectMissing = async (mediaId: string) => {
      const res = await page(ctx, mediaId);
      expect(res.status, `/m/${mediaId}`).toBe(404);
      expect(res.text).toContain('id="root"');
      expect(head(res.text).robots).toBe('noindex, nofollow');
      expect(head(res.text).ogImage).toBeUndefined();
      expect((await request(ctx.app).get(`/share/m/${mediaId}.jpg`)).status).toBe(404);
    };

    // Private: a 404 page for everyone; the call answers its owner only.
    await expectMissing(id);
    expect((await request(ctx.app).get('/sitemap.xml')).text).not.toContain(`/m/${id}<`);
    expect((await item(ctx, id)).status).toBe(404);
    expect((await item(ctx, id, stranger)).status).toBe(404);
    const own = await item(ctx, id, owner);
    expect(own.status).toBe(200);
    expect(own.body.item.id).toBe(id);

    // Expired (a guest's item past its time), even when public.
    expect((await setPublic(ctx, owner, id, true)).status).toBe(200);
    expect((await page(ctx, id)).status).toBe(200);
    await ctx.infra.db.updateTable('media').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    await expectMissing(id);
    expect((await item(ctx, id)).status).toBe(404);
    await ctx.infra.db.updateTable('media').set({ expires_at: null }).where('id', '=', id).execute();

    // Deleted.
    expect((await request(ctx.app).delete('/api/delete-media').set(bearer(owner)).send({ mediaId: id })).status).toBe(200);
    await expectMissing(id);
    expect((await item(ctx, id)).status).toBe(404);

    // Unknown and not an id at all.
    await expectMissing(randomUUID());
    await expectMissing('not-an-id');
    const invalid = await item(ctx, 'not-an-id');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/Invalid id/);
  });
});
