import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { dailyCreditTopup, expireGuestMedia } from '@app/shared/server/maintenance';
import { createRepositories } from '@app/shared/server/repositories';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Session, signIn, uniqueEmail as email } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp, type TestContext } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

const dialect = suiteDialect();

async function waitForRuns(ctx: TestContext, runIds: string[]) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await ctx.infra.db.selectFrom('generation_runs').select('status').where('run_id', 'in', runIds).execute();
    if (rows.every((r) => r.status !== 'processing')) return;
    if (Date.now() > deadline) throw new Error('runs did not finish');
    await sleep(100);
  }
}

describe(`the signed-in area on the server (${dialect})`, () => {
  let alice: Session;
  let bob: Session;

  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    alice = await signIn(ctx.app, email('alice'));
    bob = await signIn(ctx.app, email('bob'));
  }, 120_000);

  it('keeps drafts to their owner, with the spec defaults', async () => {
    const created = await request(ctx.app).post('/api/user-drafts').set(bearer(alice)).send({ media_url: 'http://localhost:3000/media/x.jpg', prompt: '   ' });
    expect(created.body.draft).toMatchObject({ prompt: 'Untitled draft', aspect_ratio: '4/3', width: 800, height: 600, media_type: 'photo' });
    const id = created.body.draft.id;
    expect((await request(ctx.app).put('/api/user-drafts').set(bearer(bob)).send({ id, prompt: 'mine now' })).status).toBe(404);
    expect((await request(ctx.app).delete('/api/user-drafts').set(bearer(bob)).send({ id })).status).toBe(404);
    expect((await request(ctx.app).get('/api/getUserDrafts').set(bearer(bob))).body.drafts).toEqual([]);
    const updated = await request(ctx.app).put('/api/user-drafts').set(bearer(alice)).send({ id, prompt: 'neon portrait' });
    expect(updated.body.draft.prompt).toBe('neon portrait');
    expect((await request(ctx.app).get('/api/getUserDrafts').set(bearer(alice))).body.drafts.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await request(ctx.app).delete('/api/user-drafts').set(bearer(alice)).send({ id })).body).toEqual({ success: true });
  });

  it('rewards the inviter once, however many first creations race', async () => {
    const inviter = await signIn(ctx.app, email('inviter'));
    const friend = await signIn(ctx.app, email('friend'), { referrerEmail: inviter.user.email });
    const upload = await uploadFile(ctx.app, friend, fixture('astronaut.png'), 'me.png');
    const runIds = [1, 2, 3].map(() => `run_${randomBytes(8).toString('hex')}`);
    await Promise.all(
      runIds.map((runId) => request(ctx.app).post('/api/unified-generate').set(bearer(friend)).send({ mode: 'custom', prompt: 'golden hour', runId, sourceAssetId: upload.secure_url })),
    );
    await waitForRuns(ctx, runIds);
    const quota = await request(ctx.app).get('/api/getQuota').set(bearer(inviter));
    expect(quota.body.currentBalance).toBe(30);
    const stats = await request(ctx.app).get('/api/get-referral-stats').set(bearer(inviter));
    expect(stats.body).toMatchObject({ success: true, stats: { totalReferrals: 1, totalCreditsEarned: 10 } });
    expect(typeof stats.body.stats.referralCode).toBe('string');
  });

  it('sends an invitation e-mail, and refuses the cases of the spec', async () => {
    const friendEmail = email('newfriend');
    const sent = await request(ctx.app).post('/api/send-referral-invite').set(bearer(alice)).send({ referrerEmail: alice.user.email, referrerName: 'Alice', friendEmail, referralCode: '' });
    expect(sent.body).toEqual({ success: true, message: 'Invitation sent successfully!' });
    const deadline = Date.now() + 10_000;
    let text = '';
    while (!text.includes('/auth?referrer=') && Date.now() < deadline) {
      const outbox = await request(ctx.app).get('/api/dev/outbox').query({ email: friendEmail });
      text = outbox.body.messages[0]?.text ?? '';
      await sleep(50);
    }
    expect(text).toContain(`/auth?referrer=${encodeURIComponent(alice.user.email)}`);

    const notMe = await request(ctx.app).post('/api/send-referral-invite').set(bearer(alice)).send({ referrerEmail: bob.user.email, friendEmail: email('x') });
    expect(notMe.body).toMatchObject({ success: false, code: 'REFERRER_NOT_FOUND', error: 'Referrer account not found. Please try again.' });
    const existing = await request(ctx.app).post('/api/send-referral-invite').set(bearer(alice)).send({ referrerEmail: alice.user.email, friendEmail: bob.user.email });
    expect(existing.body).toMatchObject({ success: false, code: 'REFERRAL_VALIDATION_FAILED' });
  });

  it('publishes new creations only while share to feed is on; one item can be shared by hand', async () => {
    const upload = await uploadFile(ctx.app, bob, fixture('astronaut.png'), 'b.png');
    await request(ctx.app).post('/api/user-settings').set(bearer(bob)).send({ share_to_feed: false });
    const runId = `run_${randomBytes(8).toString('hex')}`;
    await request(ctx.app).post('/api/unified-generate').set(bearer(bob)).send({ mode: 'custom', prompt: 'teal night', runId, sourceAssetId: upload.secure_url });
    await waitForRuns(ctx, [runId]);
    const media = await ctx.infra.db.selectFrom('media').select(['id', 'is_public']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(media.is_public).toBe(false);
    const feed = async () => (await request(ctx.app).get('/api/getPublicFeed').query({ limit: 100 })).body.items.map((i: { id: string }) => i.id);
    expect(await feed()).not.toContain(media.id);
    expect((await request(ctx.app).post('/api/share-media').set(bearer(alice)).send({ mediaId: media.id })).status).toBe(404);
    await request(ctx.app).post('/api/share-media').set(bearer(bob)).send({ mediaId: media.id, isPublic: true });
    expect(await feed()).toContain(media.id);
  });

  it('expires guest media after 48 hours, files and rows, and lets a guest claim theirs on sign-in', async () => {
    const { db, storage } = ctx.infra;
    const guestId = `guest-${randomBytes(8).toString('hex')}`;
    const old = await db.insertInto('media').values({ guest_id: guestId, type: 'image', preset_type: 'custom_prompt', expires_at: new Date(Date.now() - 1000) }).returning('id').executeTakeFirstOrThrow();
    const fresh = await db.insertInto('media').values({ guest_id: guestId, type: 'image', preset_type: 'custom_prompt', expires_at: new Date(Date.now() + 47 * 3600_000) }).returning('id').executeTakeFirstOrThrow();
    await storage.put(`guests/${guestId}/media/${old.id}/full.jpg`, Buffer.from('x'), { contentType: 'image/jpeg' });

    expect(await expireGuestMedia(createRepositories(db).media, storage)).toBe(1);
    expect(await storage.exists(`guests/${guestId}/media/${old.id}/full.jpg`)).toBe(false);
    expect(await db.selectFrom('media').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();

    const claimed = await request(ctx.app).post('/api/migrate-guest-media').set(bearer(alice)).send({ guestId });
    expect(claimed.body).toEqual({ success: true, migrated: 1 });
    const row = await db.selectFrom('media').select(['user_id', 'expires_at', 'guest_id']).where('id', '=', fresh.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: alice.user.id, expires_at: null, guest_id: null });
  });

  it('tops balances below 20 back up once a day', async () => {
    const { db } = ctx.infra;
    await db.updateTable('users').set({ credits: 3 }).where('id', '=', bob.user.id).execute();
    const day = new Date('2026-11-22T00:00:05Z');
    const repos = createRepositories(db);
    expect(await dailyCreditTopup(repos, day)).toBeGreaterThanOrEqual(1);
    await dailyCreditTopup(repos, day);
    const rows = await db.selectFrom('credit_ledger').select('delta').where('user_id', '=', bob.user.id).where('reason', '=', 'daily_topup').execute();
    expect(rows).toEqual([{ delta: 17 }]);
    expect((await request(ctx.app).get('/api/getQuota').set(bearer(bob))).body.currentBalance).toBe(20);
  });

  it('reports a delete-all that partly fails, and leaves the failed item in place', async () => {
    const user = await signIn(ctx.app, email('cleaner'));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await ctx.infra.db.insertInto('media').values({ user_id: user.user.id, type: 'image', preset_type: 'edit' }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const storage = ctx.infra.storage;
    const original = storage.deletePrefix.bind(storage);
    storage.deletePrefix = async (prefix: string) => {
      if (prefix.endsWith(ids[1]!)) throw new Error('storage unavailable');
      return original(prefix);
    };
    try {
      const res = await request(ctx.app).delete('/api/delete-media').set(bearer(user)).send({ all: true });
      // The storage's own message stays in the log; the person reads a sentence meant for them.
      expect(res.body).toMatchObject({ success: false, deleted: 2, failed: 1, errors: [{ mediaId: ids[1], error: 'Could not delete this item. Please try again.' }] });
    } finally {
      storage.deletePrefix = original;
    }
    const left = await ctx.infra.db.selectFrom('media').select('id').where('user_id', '=', user.user.id).execute();
    expect(left).toEqual([{ id: ids[1] }]);
  });
});
