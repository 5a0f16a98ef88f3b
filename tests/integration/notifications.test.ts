import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@app/shared/api/notifications';
import { listen } from '../../api/src/compose';
import { DigestUnsubscribe, sendNotificationDigests } from '@app/shared/server/notifications';
import { createRepositories, type OutgoingMail } from '@app/shared/server/repositories';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';
import { PermanentGenerationError, type GeneratedImage, type ImageProvider, type ImageRequest } from '../../worker/src/providers/provider';
import { bearer, createAccounts, type Session, signIn, uniqueEmail } from '../support/auth';
import { suiteDialect } from '../support/database';
import { EventStream } from '../support/event-stream';
import { insertMedia } from '../support/media-rows';
import { pollUntilFinished, randomRunId, submitAccepted } from '../support/runs';
import { useTestApp } from '../support/test-app';
import { until } from '../support/wait';

/** Issue 46 §3: the notifications of runs, likes, follows, takedowns and referrals, read by their owner alone. */
const dialect = suiteDialect();
const SECRET = 'notifications-admin-secret-0123456789';
const hex = () => randomBytes(3).toString('hex');

/** Makes a plain image of any prompt; "refuse" in a prompt fails the run for good. */
class PlainProvider implements ImageProvider {
  readonly name = 'plain';
  readonly checksIdentity = false;
  async generate(req: ImageRequest): Promise<GeneratedImage> {
    if (req.prompt.includes('refuse')) throw new PermanentGenerationError('the AI service refused this prompt');
    const data = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#8040c0' } }).png().toBuffer();
    return { data, contentType: 'image/png', width: 64, height: 80, provider: this.name };
  }
}

interface Answer {
  items: Notification[];
  hasMore: boolean;
  nextCursor: string | null;
  unreadCount: number;
}

describe(`notifications (${dialect})`, () => {
  const ctx = useTestApp(dialect, { ADMIN_SECRET: SECRET, SECRET_GUESS_DELAY_MS: '1' }, { overrides: { provider: new PlainProvider() } });
  let people: Record<'ada' | 'bob' | 'cy' | 'dan' | 'eve', Session>;
  const names: Record<string, string> = {};
  let port: number;
  let close: () => Promise<void>;

  const read = async (who: Session, query: Record<string, string | number> = {}): Promise<Answer> => {
    const res = await request(ctx.app).get('/api/get-notifications').query(query).set(bearer(who));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Answer;
  };
  const like = async (who: Session, mediaId: string) => {
    const res = await request(ctx.app).post('/api/toggleLike').set(bearer(who)).send({ mediaId, mediaType: 'image' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { liked: boolean };
  };
  const markRead = (who: Session, body: Record<string, unknown>) => request(ctx.app).post('/api/mark-notifications-read').set(bearer(who)).send(body);
  const creation = (owner: Session) => insertMedia(ctx.infra.db, { user_id: owner.user.id, status: 'completed', preset_type: 'custom', final_url: `users/${owner.user.id}/media/${hex()}/full.png`, thumbnail_url: `users/${owner.user.id}/media/${hex()}/thumb.jpg` });
  const ban = (who: Session, banned: boolean) => ctx.infra.db.updateTable('users').set({ banned }).where('id', '=', who.user.id).execute();
  const clear = (who: Session) => ctx.infra.db.deleteFrom('notifications').where('user_id', '=', who.user.id).execute();

  beforeAll(async () => {
    ({ port, close } = await listen(ctx.app, 0, '127.0.0.1'));
    people = await createAccounts(ctx.infra, ['ada', 'bob', 'cy', 'dan', 'eve']);
    for (const [name, session] of Object.entries(people)) {
      names[name] = `${name}_${hex()}`;
      await ctx.infra.db.updateTable('users').set({ username: names[name], name: name.toUpperCase(), credits: 100 }).where('id', '=', session.user.id).execute();
    }
  }, 120_000);
  afterAll(() => close?.());
  afterEach(() => {
    for (const stream of EventStream.opened) stream.close();
  });

  it('asks for a sign-in, and refuses a cursor or an upTo it did not make with a 400', async () => {
    expect((await request(ctx.app).get('/api/get-notifications')).status).toBe(401);
    expect((await request(ctx.app).post('/api/mark-notifications-read').send({ upTo: new Date().toISOString() })).status).toBe(401);
    const cursor = await request(ctx.app).get('/api/get-notifications').query({ cursor: 'not-a-cursor' }).set(bearer(people.ada));
    expect(cursor.status).toBe(400);
    expect(cursor.body.error).toMatch(/cursor/);
    for (const body of [{}, { upTo: 'yesterday' }, { upTo: 42 }]) {
      const res = await markRead(people.ada, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/upTo/);
    }
  });

  it('groups the likes of one creation ("EVE and 2 others"), never tells a like of one\'s own, and follows an unlike', async () => {
    const { ada, bob, cy, eve } = people;
    await clear(ada);
    const item = await creation(ada);
    await like(ada, item);
    expect((await read(ada)).items).toEqual([]);
    await like(bob, item);
    await like(cy, item);
    await like(eve, item);
    const answer = await read(ada);
    expect(answer.unreadCount).toBe(1);
    expect(answer.items).toHaveLength(1);
    const [grouped] = answer.items;
    expect(grouped).toMatchObject({
      kind: 'like',
      read: false,
      actorCount: 3,
      text: { actor: 'EVE', others: 2, action: 'liked your creation' },
      message: 'EVE and 2 others liked your creation',
      href: `/m/${item}`,
      media: { id: item, thumbnailUrl: expect.stringContaining('thumb.jpg') },
    });
    expect(grouped!.actors.map((a) => a.username)).toEqual([names.eve, names.cy]);
    // An unlike takes the liker out; a like again counts them once.
    expect((await like(cy, item)).liked).toBe(false);
    expect((await read(ada)).items[0]).toMatchObject({ actorCount: 2, text: { others: 1 } });
    await like(cy, item);
    expect((await read(ada)).items[0]).toMatchObject({ actorCount: 3, text: { actor: 'CY', others: 2 } });
    // Once read, a new like starts a new group.
    expect((await markRead(ada, { upTo: grouped!.id })).body).toMatchObject({ marked: 1, unreadCount: 0 });
    // An unlike tells nothing; liking again does.
    expect((await like(bob, item)).liked).toBe(false);
    expect((await read(ada)).unreadCount).toBe(0);
    await like(bob, item);
    const again = await read(ada);
    expect(again.unreadCount).toBe(1);
    expect(again.items[0]).toMatchObject({ kind: 'like', read: false, actorCount: 1, message: 'BOB liked your creation' });
    expect(again.items[1]).toMatchObject({ kind: 'like', read: true, actorCount: 3 });
  });

  it('does not leak a banned liker: unnamed, uncounted, and a like only they made is gone', async () => {
    const { bob, dan, eve } = people;
    await clear(dan);
    const shared = await creation(dan);
    const theirsAlone = await creation(dan);
    await like(bob, shared);
    await like(eve, shared);
    await like(eve, theirsAlone);
    expect((await read(dan)).unreadCount).toBe(2);
    await ban(eve, true);
    try {
      const answer = await read(dan);
      expect(answer.unreadCount).toBe(1);
      expect(answer.items).toHaveLength(1);
      expect(answer.items[0]).toMatchObject({ media: { id: shared }, actorCount: 1, message: 'BOB liked your creation' });
      expect(JSON.stringify(answer)).not.toContain(names.eve);
    } finally {
      await ban(eve, false);
    }
    expect((await read(dan)).unreadCount).toBe(2);
  });

  it('pages newest first by cursor, each once, and marks read up to a notification or a time, idempotently', async () => {
    const { bob, cy } = people;
    await clear(cy);
    const items: string[] = [];
    for (let i = 0; i < 5; i++) {
      const item = await creation(cy);
      items.push(item);
      await like(bob, item);
    }
    const seen: Notification[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const answer = await read(cy, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(answer.items.length).toBeLessThanOrEqual(2);
      expect(answer.unreadCount).toBe(5);
      expect(answer.nextCursor === null).toBe(!answer.hasMore);
      seen.push(...answer.items);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    expect(seen.map((n) => n.media?.id)).toEqual([...items].reverse());
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Up to the third newest: it and the two older ones.
    expect((await markRead(cy, { upTo: seen[2]!.id })).body).toMatchObject({ success: true, marked: 3, unreadCount: 2 });
    expect((await markRead(cy, { upTo: seen[2]!.id })).body).toMatchObject({ marked: 0, unreadCount: 2 });
    expect((await read(cy)).items.map((n) => n.read)).toEqual([false, false, true, true, true]);
    expect((await markRead(cy, { upTo: new Date(Date.now() + 60_000).toISOString() })).body).toMatchObject({ marked: 2, unreadCount: 0 });
  });

  it('is read and marked by its owner alone', async () => {
    const { ada, bob, eve } = people;
    await clear(eve);
    await clear(bob);
    await like(ada, await creation(eve));
    const [theirs] = (await read(eve)).items;
    expect(theirs).toBeDefined();
    // Nobody reads another's: each list is the caller's own.
    expect((await read(bob)).items.map((n) => n.id)).not.toContain(theirs!.id);
    // Marking read up to someone else's notification marks nothing, of theirs or one's own.
    expect((await markRead(bob, { upTo: theirs!.id })).body).toMatchObject({ marked: 0 });
    expect((await read(eve)).items[0]).toMatchObject({ id: theirs!.id, read: false });
  });

  it('tells a follow, once while unread, leading to the follower', async () => {
    const { ada, bob } = people;
    await clear(bob);
    const follow = (action: string) => request(ctx.app).post(`/api/${action}`).set(bearer(ada)).send({ userId: bob.user.id });
    expect((await follow('follow-creator')).status).toBe(200);
    expect((await follow('unfollow-creator')).status).toBe(200);
    expect((await follow('follow-creator')).status).toBe(200);
    const answer = await until(() => read(bob), (a) => a.items.length > 0, 5_000, 'the follow notification');
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({ kind: 'follow', actorCount: 1, message: 'ADA started following you', href: `/u/${names.ada}`, media: null });
  });

  it('tells a creation hidden by moderation to its owner', async () => {
    const { dan } = people;
    await clear(dan);
    const item = await creation(dan);
    const res = await request(ctx.app).post('/api/admin-resolve-report').set({ 'X-Admin-Secret': SECRET }).send({ mediaId: item, action: 'hide' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = await read(dan);
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({ kind: 'media_hidden', media: { id: item }, href: `/m/${item}`, text: { actor: null } });
  });

  it("tells a run's end from its real settlement: done with its creation, failed with none; a referral's reward to the inviter", async () => {
    const { ada } = people;
    await ctx.infra.db.updateTable('users').set({ email: uniqueEmail('inviter') }).where('id', '=', ada.user.id).execute();
    const inviter = await ctx.infra.db.selectFrom('users').select('email').where('id', '=', ada.user.id).executeTakeFirstOrThrow();
    await clear(ada);
    const friend = await signIn(ctx.app, uniqueEmail('friend'), { referrerEmail: inviter.email });
    await ctx.infra.db.updateTable('users').set({ name: 'FRIEND', credits: 100 }).where('id', '=', friend.user.id).execute();

    const done = randomRunId();
    await submitAccepted(ctx.app, friend, { mode: 'custom', prompt: 'a lighthouse at dawn', runId: done });
    const answer = await pollUntilFinished(ctx.app, friend, done);
    expect(answer.status).toBe(200);
    const failed = randomRunId();
    await submitAccepted(ctx.app, friend, { mode: 'custom', prompt: 'please refuse this', runId: failed });
    await pollUntilFinished(ctx.app, friend, failed);

    const mine = await read(friend);
    expect(mine.items.map((n) => [n.kind, n.runId])).toEqual([
      ['run_failed', failed],
      ['run_done', done],
    ]);
    expect(mine.items[1]).toMatchObject({ media: { id: answer.body.media.id }, href: `/m/${answer.body.media.id}`, message: 'Your creation is ready' });
    expect(mine.items[0]).toMatchObject({ media: null, href: null });
    // The web marks read the run whose card was on screen as it ended: that one alone.
    expect((await markRead(friend, { runId: failed })).body).toMatchObject({ marked: 1, unreadCount: 1 });

    const theirs = await read(ada);
    expect(theirs.items).toHaveLength(1);
    expect(theirs.items[0]).toMatchObject({ kind: 'referral', actors: [{ name: 'FRIEND' }] });
  });

  it('mails the daily digest only to those who turned it on, once a day, with a one-click unsubscribe', async () => {
    const { bob, cy } = people;
    await clear(cy);
    await like(bob, await creation(cy));
    const settings = () => request(ctx.app).get('/api/user-settings').set(bearer(cy));
    expect((await settings()).body.settings).toMatchObject({ notification_digest: false });
    const mails: OutgoingMail[] = [];
    const digest = () =>
      sendNotificationDigests({
        notifications: createRepositories(ctx.infra.db).notifications,
        send: async (mail) => void mails.push(mail),
        unsubscribe: new DigestUnsubscribe(ctx.infra.secrets.signingSecret),
        urls: new MediaUrls(ctx.infra.storage, new MediaSigner(ctx.infra.secrets.signingSecret)),
        publicUrl: 'https://mirror.example',
      });
    await digest();
    expect(mails.filter((m) => m.to === cy.user.email)).toEqual([]);

    const on = await request(ctx.app).post('/api/user-settings').set(bearer(cy)).send({ notification_digest: true });
    expect(on.body.settings).toMatchObject({ notification_digest: true });
    await digest();
    const sent = mails.filter((m) => m.to === cy.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('BOB liked your creation');
    const link = sent[0]!.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.text).toContain(link);
    // A second run the same day sends nothing more.
    await digest();
    expect(mails.filter((m) => m.to === cy.user.email)).toHaveLength(1);

    // The link works without a sign-in; a forged one is a 400.
    const token = new URL(link).searchParams.get('token')!;
    const forged = await request(ctx.app).post('/api/unsubscribe-digest').query({ token: `${people.dan.user.id}.${token.split('.')[1]}` });
    expect(forged.status).toBe(400);
    const oneClick = await request(ctx.app).post('/api/unsubscribe-digest').query({ token }).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status, JSON.stringify(oneClick.body)).toBe(200);
    expect((await settings()).body.settings).toMatchObject({ notification_digest: false });
    const page = await request(ctx.app).get('/api/unsubscribe-digest').query({ token });
    expect(page.status).toBe(200);
    expect(page.text).toContain('no longer get the daily notifications e-mail');
  });

  it('reaches the liked person\'s open stream as a notification event with the unread count', async () => {
    const { bob, cy } = people;
    await clear(cy);
    const stream = await EventStream.open(port, '/api/run-events', { authorization: `Bearer ${cy.accessToken}` });
    expect(stream.status).toBe(200);
    await like(bob, await creation(cy));
    const event = await until(
      async () => stream.events.find((e) => e.type === 'notification'),
      (found) => found !== undefined,
      10_000,
      'a notification event',
      50,
    );
    expect(event!.data).toEqual({ type: 'notification', unreadCount: 1 });
  });
});
