/**
 * `npm run demo`: fills an empty installation with content the product makes itself — a few
 * accounts, creations from the fixture portraits in several modes (public, some liked) and
 * published stories in different categories — so the feed, trending, tag pages and stories are
 * not empty on a first run. Run it with the product stopped (the embedded database takes one
 * process at a time), on the same DATA_DIR / DATABASE_URL as `npm start`. Never runs on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeWorkers } from '@app/worker';
import { getConfig } from '@app/shared/server/config';
import { openInfrastructure } from '@app/shared/server/infrastructure';
import { createLogger } from '@app/shared/server/logger';
import { createRepositories } from '@app/shared/server/repositories';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';
import { composeApi, listen } from '../api/src/compose';
import { StoriesService } from '../api/src/services/stories.service';

const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/faces');
const SEEDED_KEY = 'demo-seeded';

/**
 * Three people, each with a portrait of a person (the fixtures' cat is for the identity check's
 * tests, not for people's content) and four creations of their own: twelve different looks and
 * prompts, so the feed, trending and the stories' pictures show people, never the same prompt
 * twice. In the fixtures, as the screening's test classifies what they make.
 */
const PEOPLE = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../tests/fixtures/demo-people.json'), 'utf8')) as Array<{
  name: string;
  username: string;
  email: string;
  photo: string;
  creations: Array<Record<string, unknown>>;
}>;

const STORIES = [
  {
    title: 'The Girl in the Lantern Glass',
    hero: 'mira.vale',
    story_category: 'the-haunted',
    teaser_text: 'Every night at nine, a face that is not hers looks back from the shop window.',
    body: [
      'The antique shop on Wren Street kept its lamps lit long after closing. Nobody asked why.',
      'Mira noticed the reflection on a Tuesday: her own coat, her own scarf, but a stranger\'s patient smile.',
      'By Friday the stranger had learned to wave first.',
    ],
  },
  {
    title: 'Saint of the Neon Rain',
    hero: 'theo.lin',
    story_category: 'the-divine',
    teaser_text: 'In a city that never switches off, one halo still flickers in the downpour.',
    body: [
      'The signal towers hummed hymns nobody had written. Theo heard them only when it rained.',
      'Under the overpass a woman stood in a circle of light that no street lamp could explain.',
      'She said his name as if she had been practising it for years.',
    ],
  },
  {
    title: 'What the Tide Remembers',
    hero: 'ada.okafor',
    story_category: 'the-elemental',
    teaser_text: 'The sea returns everything eventually — even the people we were.',
    body: [
      'Ada found the photograph in a bottle, salt-bleached and curling at the corners.',
      'It showed her at seven years old, on a beach she had never visited, beside a mother she had never met.',
      'The tide came in. The photograph was dry.',
    ],
  },
  {
    title: 'The Masquerade at Hollow Court',
    hero: 'mira.vale',
    story_category: 'the-masked',
    teaser_text: 'Behind the porcelain mask, the face changes with every dance.',
    body: [
      'Invitations arrived without a sender, sealed in black wax pressed with a crescent.',
      'At midnight every guest removed their mask. Every guest but one wore the same face underneath.',
    ],
  },
];

async function main() {
  const config = getConfig();
  if (!config.mail.devOutbox) throw new Error('The demo signs its people in through the development outbox: run it without SMTP_URL and outside production.');
  const logger = createLogger({ ...config, log: { ...config.log, level: 'error' } }, 'demo');
  const infra = await openInfrastructure(config, logger);
  const repos = createRepositories(infra.db);
  if (await repos.settings.get(SEEDED_KEY)) {
    console.log('Demo content is already here (this installation was seeded before). Nothing to do.');
    await infra.close();
    return;
  }
  const workers = await composeWorkers(config, logger, infra);
  const http = await listen(composeApi(config, logger, infra), 0, '127.0.0.1');
  const base = `http://127.0.0.1:${http.port}`;
  try {
    const sessions = [];
    for (const person of PEOPLE) sessions.push({ ...person, token: await signIn(base, person.email) });
    for (const person of sessions) {
      await call(base, 'update-profile', person.token, { name: person.name, username: person.username, onboarding_completed: true });
      await repos.credits.apply({ userId: await userIdOf(base, person.token), delta: 40, reason: 'admin_adjustment' });
    }

    const mediaIds: string[] = [];
    /** Each person's creations, for the pictures of the stories told about them. */
    const made = new Map<string, string[]>();
    for (const person of sessions) {
      const source = await upload(base, person.token, person.photo);
      await call(base, 'upload-agreement', person.token, {});
      const theirs: string[] = [];
      for (const creation of person.creations) {
        const runId = `run_demo_${Math.random().toString(36).slice(2, 12)}`;
        await call(base, 'unified-generate', person.token, { ...creation, runId, sourceAssetId: source });
        const media = await waitForRun(base, person.token, runId);
        if (media) theirs.push(media);
        process.stdout.write('.');
      }
      mediaIds.push(...theirs);
      made.set(person.username, theirs);
    }
    console.log(`\n${mediaIds.length} creations made.`);

    // Everyone likes a few of the others' creations, so trending has an order.
    for (const [i, person] of sessions.entries()) {
      for (const [j, id] of mediaIds.entries()) if ((i + j) % 3 === 0) await call(base, 'toggleLike', person.token, { mediaId: id });
    }

    const urls = new MediaUrls(infra.storage, new MediaSigner(infra.secrets.signingSecret));
    const stories = new StoriesService(repos, urls);
    const images = new Map((await repos.media.listForAdmin({ limit: 50, offset: 0 })).filter((m) => m.type === 'image' && m.final_url).map((m) => [m.id, m.final_url]));
    // A story about a person is illustrated with one of their creations (a different one each).
    const used = new Set<string>();
    const heroOf = (username: string) => {
      const id = (made.get(username) ?? []).find((candidate) => images.has(candidate) && !used.has(candidate));
      if (id) used.add(id);
      return id ? (images.get(id) ?? null) : null;
    };
    for (const [i, story] of STORIES.entries()) {
      await stories.create({
        title: story.title,
        teaser_text: story.teaser_text,
        full_story_content: story.body.join('\n\n'),
        story_category: story.story_category,
        status: 'published',
        featured: i === 0,
        hero_image_url: urls.url(heroOf(story.hero)),
      });
    }
    await repos.settings.set(SEEDED_KEY, { at: new Date().toISOString() });
    console.log(`${STORIES.length} stories published. Start the product with \`npm start\` and open ${config.http.publicUrl}`);
  } finally {
    await http.close();
    await workers.close();
    await infra.close();
  }
}

async function call(base: string, name: string, token: string | null, body?: unknown, method = 'POST'): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/${name}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function signIn(base: string, email: string): Promise<string> {
  const since = Date.now() - 1_000;
  await call(base, 'request-otp', null, { email });
  for (let i = 0; i < 100; i++) {
    const outbox = (await (await fetch(`${base}/api/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string; sentAt: string }> };
    const message = outbox.messages.find((m) => Date.parse(m.sentAt) >= since);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return String((await call(base, 'verify-otp', null, { email, code })).accessToken);
    await sleep(100);
  }
  throw new Error(`no sign-in code reached ${email}`);
}

async function userIdOf(base: string, token: string): Promise<string> {
  const profile = await call(base, 'get-user-profile', token, undefined, 'GET');
  return String(profile.id);
}

async function upload(base: string, token: string, photo: string): Promise<string> {
  const signed = await call(base, 'cloudinary-sign', token, { folder: 'sources' });
  const form = new FormData();
  for (const field of ['timestamp', 'signature', 'folder'] as const) form.set(field, String(signed[field]));
  form.set('api_key', String(signed.apiKey));
  form.set('file', new Blob([fs.readFileSync(path.join(FIXTURES, photo))]), photo);
  const res = await fetch(`${base}/v1_1/${String(signed.cloudName)}/auto/upload`, { method: 'POST', body: form });
  const json = (await res.json()) as { secure_url?: string };
  if (!res.ok || !json.secure_url) throw new Error(`upload answered ${res.status}: ${JSON.stringify(json)}`);
  return json.secure_url;
}

/** Polls getMediaByRunId as the web app does; the media id once finished, undefined when nothing was made. */
async function waitForRun(base: string, token: string, runId: string): Promise<string | undefined> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${base}/api/getMediaByRunId?runId=${runId}`, { headers: { authorization: `Bearer ${token}` } });
    // 202: still processing (404 from servers before it answered so).
    if (res.status !== 202 && res.status !== 404) {
      // A run that missed the identity check still keeps its image: it counts as a creation.
      return ((await res.json()) as { media?: { id?: string } }).media?.id;
    }
    await sleep(500);
  }
  throw new Error(`run ${runId} did not finish`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
