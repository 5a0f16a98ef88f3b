import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { seedDemo } from '../support/demo';
import { type RunningProcess, freePort, runEntry, waitForOk } from '../support/process';

/**
 * Stored media are keys; addresses are made from the configured base when an answer is built
 * (MediaUrls). So content made while the product answered on one address is served whole when it
 * answers on another: a new port here, as for a new domain, bucket or CDN.
 */
describe('media addresses follow the address the product answers on', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-addresses-'));
  const env = { DATA_DIR: dataDir, REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `addresses-${process.pid}` };
  let product: RunningProcess;
  let base: string;

  beforeAll(async () => {
    ensureBuilt('all-in-one');
    await seedDemo(env);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    product = runEntry('all-in-one', { ...env, LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base });
    await waitForOk(`${base}/readyz`, product, 120_000);
  }, 300_000);

  afterAll(async () => {
    product?.child.kill('SIGTERM');
    await product?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (call: string) => {
    const res = await fetch(`${base}/.netlify/functions/${call}`);
    expect(res.status, call).toBe(200);
    return res.json();
  };

  it('serves every feed, trending, story and tag image of the demo from the new address', async () => {
    const feed = await get('getPublicFeed?limit=50');
    const trending = await get('getTrending');
    const stories = await get('story-api');
    const tag = feed.items.flatMap((i: { tags: string[] }) => i.tags)[0];
    const tagPage = await get(`getTagPage?tag=${encodeURIComponent(tag)}`);
    expect(feed.items.length).toBeGreaterThanOrEqual(10);
    // Every demo creation names its creator, whose /u/ page it links to.
    const creators = new Set(feed.items.map((i: { user: { name: string; username: string } }) => `${i.user.name} @${i.user.username}`));
    expect([...creators].sort()).toEqual(['Ada Okafor @ada.okafor', 'Mira Vale @mira.vale', 'Theo Lin @theo.lin']);

    // Twelve different creations (never one prompt twice), and each story about a person is
    // illustrated with one of that person's creations (issue 41 §7: not the fixtures' cat).
    const prompts = feed.items.map((i: { prompt: string }) => i.prompt);
    expect(new Set(prompts).size).toBe(prompts.length);
    const creatorOf = new Map(feed.items.map((i: { finalUrl: string; user: { username: string } }) => [i.finalUrl, i.user.username]));
    const heroes = Object.fromEntries(stories.map((story: { title: string; hero_image_url: string | null }) => [story.title, creatorOf.get(story.hero_image_url ?? '') ?? null]));
    expect(heroes).toEqual({
      'The Girl in the Lantern Glass': 'mira.vale',
      'Saint of the Neon Rain': 'theo.lin',
      'What the Tide Remembers': 'ada.okafor',
      'The Masquerade at Hollow Court': 'mira.vale',
    });

    const addresses = new Set<string>();
    for (const item of [...feed.items, ...trending.items]) {
      for (const url of [item.finalUrl, item.imageUrl, item.thumbnailUrl]) if (url) addresses.add(url);
      for (const video of item.metadata.videoResults) if (video.videoUrl) addresses.add(video.videoUrl);
      for (const variant of item.variants) addresses.add(variant.url);
    }
    for (const story of stories) if (story.hero_image_url) addresses.add(story.hero_image_url);
    for (const media of tagPage.media) if (media.image_url) addresses.add(media.image_url);
    // The right-sized copies the story and tag pages load (issue 47).
    const heroCopies = stories.flatMap((story: { hero_still: { variants: Array<{ url: string }> } | null }) => story.hero_still?.variants ?? []);
    const tileCopies = tagPage.media.flatMap((media: { variants: Array<{ url: string }> }) => media.variants);
    expect(heroCopies.length).toBeGreaterThan(0);
    for (const variant of [...heroCopies, ...tileCopies]) addresses.add(variant.url);
    expect(stories.filter((s: { hero_image_url: string | null }) => s.hero_image_url).length).toBeGreaterThan(0);

    for (const url of addresses) {
      expect(url.startsWith(`${base}/media/users/`), url).toBe(true);
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^(image|video)\//);
      await res.arrayBuffer();
    }
  });
});
