import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RECEIVED, type ReviewEntry } from '@app/shared/api/reports';
import { bearer, createAccounts, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { useTestApp } from '../support/test-app';

/** Issue 42 items 2 and 3: reports, the admin's review queue and its decisions, and what the owner sees after. */
const dialect = suiteDialect();
const SECRET = 'integration-admin-secret-reports-0123';
const admin = { 'X-Admin-Secret': SECRET };

describe(`reports and the review queue (${dialect})`, () => {
  const ctx = useTestApp(dialect, { ADMIN_SECRET: SECRET, SECRET_GUESS_DELAY_MS: '1' }, { workers: false });
  let owner: Session;
  let ada: Session;
  let bo: Session;
  let cy: Session;

  beforeAll(async () => {
    ({ owner, ada, bo, cy } = await createAccounts(ctx.infra, ['owner', 'ada', 'bo', 'cy']));
    await ctx.infra.db.updateTable('users').set({ name: 'Olive Owner', username: `olive-${randomBytes(3).toString('hex')}` }).where('id', '=', owner.user.id).execute();
  }, 120_000);

  /** A finished item of `who`, public unless told otherwise, `minutesAgo` old. */
  const addMedia = (who: Session, fields: { isPublic?: boolean; minutesAgo?: number; prompt?: string } = {}) =>
    insertMedia(ctx.infra.db, {
      user_id: who.user.id,
      preset_type: 'custom',
      status: 'completed',
      prompt: fields.prompt ?? 'A quiet harbour at dusk',
      final_url: `users/${who.user.id}/media/${randomBytes(4).toString('hex')}/full.jpg`,
      thumbnail_url: `users/${who.user.id}/media/${randomBytes(4).toString('hex')}/thumb.jpg`,
      is_public: fields.isPublic ?? true,
      width: 800,
      height: 1000,
      created_at: new Date(Date.now() - (fields.minutesAgo ?? 0) * 60_000),
    });
  const report = (who: Session | undefined, body: Record<string, unknown>) => {
    const call = request(ctx.app).post('/api/report-media').send(body);
    return who ? call.set(bearer(who)) : call;
  };
  const openReports = (mediaId: string) =>
    ctx.infra.db.selectFrom('media_reports').select(['reason', 'note', 'resolution']).where('media_id', '=', mediaId).execute();
  const queue = async (): Promise<ReviewEntry[]> => {
    const res = await request(ctx.app).get('/api/admin-get-reports').set(admin);
    expect(res.status).toBe(200);
    return res.body.entries;
  };
  const resolve = (body: Record<string, unknown>) => request(ctx.app).post('/api/admin-resolve-report').set(admin).send(body);
  const auditOf = (target: string) =>
    ctx.infra.db.selectFrom('admin_audit').select(['action', 'details']).where('target', '=', target).orderBy('id').execute();
  const feedIds = async () => ((await request(ctx.app).get('/api/getPublicFeed').query({ limit: 100 })).body.items as Array<{ id: string }>).map((i) => i.id);

  it('takes a report with 202, and a second one of the same item as received again without a second row', async () => {
    const id = await addMedia(owner);
    const first = await report(ada, { mediaId: id, reason: 'violence', note: '  A fight scene  ' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ success: true, alreadyReported: false, message: REPORT_RECEIVED });
    const again = await report(ada, { mediaId: id, reason: 'harassment' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ success: true, alreadyReported: true, message: REPORT_RECEIVED });
    expect(await openReports(id)).toEqual([{ reason: 'violence', note: 'A fight scene', resolution: null }]);
  });

  it('refuses one’s own creation (400), what the reporter cannot see (404), a stranger (401) and bad input (400 naming it)', async () => {
    const mine = await addMedia(owner);
    const own = await report(owner, { mediaId: mine, reason: 'other' });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe("You can't report your own creation.");

    const hiddenFromAda = await addMedia(owner, { isPublic: false });
    expect((await report(ada, { mediaId: hiddenFromAda, reason: 'other' })).status).toBe(404);
    expect((await report(ada, { mediaId: '00000000-0000-4000-8000-000000000000', reason: 'other' })).status).toBe(404);

    expect((await report(undefined, { mediaId: mine, reason: 'other' })).status).toBe(401);

    const badReason = await report(ada, { mediaId: mine, reason: 'ugly' });
    expect(badReason.status).toBe(400);
    expect(JSON.stringify(badReason.body)).toContain('reason must be one of sexual, violence, minor, harassment, copyright, other');
    const longNote = await report(ada, { mediaId: mine, reason: 'other', note: 'x'.repeat(501) });
    expect(longNote.status).toBe(400);
    expect(JSON.stringify(longNote.body)).toContain('at most 500 characters');
    expect(await openReports(mine)).toEqual([]);
  });

  it('lets one person send 20 reports an hour, then answers 429 with Retry-After', async () => {
    const [spammer] = Object.values(await createAccounts(ctx.infra, ['spammer']));
    const ids = await Promise.all(Array.from({ length: 21 }, () => addMedia(owner)));
    for (const id of ids.slice(0, 20)) expect((await report(spammer, { mediaId: id, reason: 'other' })).status).toBe(202);
    const refused = await report(spammer, { mediaId: ids[20], reason: 'other' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await openReports(ids[20]!)).toEqual([]);
    // Someone else is not held back by it.
    expect((await report(cy, { mediaId: ids[20], reason: 'other' })).status).toBe(202);
    // Those twenty-one are not what the next tests look at.
    for (const id of ids) expect((await resolve({ mediaId: id, action: 'keep' })).status).toBe(200);
  });

  describe('the queue and the admin’s decisions', () => {
    let violent: string;
    let harassing: string;
    let minor: string;
    let held: string;
    let review: string;

    beforeAll(async () => {
      // Any item an earlier test left in the queue is kept, so the queue holds these five only.
      for (const entry of await queue()) await resolve({ mediaId: entry.mediaId, action: 'keep' });
      violent = await addMedia(owner, { minutesAgo: 50, prompt: 'violent' });
      harassing = await addMedia(owner, { minutesAgo: 40, prompt: 'harassing' });
      minor = await addMedia(owner, { minutesAgo: 30, prompt: 'minor' });
      held = await addMedia(owner, { minutesAgo: 20, prompt: 'held', isPublic: false });
      review = await addMedia(owner, { minutesAgo: 10, prompt: 'review' });
      // The screening's verdicts, as the worker will write them.
      const screening = (verdict: string, scores: Record<string, number>) =>
        JSON.stringify({ classifier: 'nsfw-v1', scores, verdict, screenedAt: new Date().toISOString() });
      await ctx.infra.db.updateTable('media').set({ moderation: 'held', moderation_reason: 'sexual', screening: screening('block', { sexual: 0.97, violence: 0.02 }) }).where('id', '=', held).execute();
      await ctx.infra.db.updateTable('media').set({ moderation: 'review', moderation_reason: 'violence', screening: screening('review', { sexual: 0.1, violence: 0.61 }) }).where('id', '=', review).execute();

      expect((await report(ada, { mediaId: violent, reason: 'violence', note: 'Blood everywhere' })).status).toBe(202);
      expect((await report(ada, { mediaId: harassing, reason: 'harassment', note: 'Mocks my friend' })).status).toBe(202);
      expect((await report(bo, { mediaId: harassing, reason: 'harassment', note: 'Bullying' })).status).toBe(202);
      expect((await report(cy, { mediaId: harassing, reason: 'sexual' })).status).toBe(202);
      expect((await report(bo, { mediaId: minor, reason: 'minor', note: 'A child in a swimsuit' })).status).toBe(202);
    }, 60_000);

    it('lists reported and held items most urgent first, with their owner, reasons, notes and scores', async () => {
      const entries = await queue();
      // A minor first, then held by the screening, then most reports, then the longest waiting.
      expect(entries.map((e) => e.mediaId)).toEqual([minor, held, harassing, violent, review]);
      const byId = new Map(entries.map((e) => [e.mediaId, e]));
      expect(byId.get(harassing)).toMatchObject({
        type: 'image',
        prompt: 'harassing',
        isPublic: true,
        owner: { id: owner.user.id, name: 'Olive Owner', banned: false },
        moderation: { state: 'clear', reason: null },
        reasons: { harassment: 2, sexual: 1 },
        openReports: 3,
        screening: null,
      });
      expect(byId.get(harassing)!.notes.map((n) => n.note).sort()).toEqual(['Bullying', 'Mocks my friend']);
      expect(byId.get(harassing)!.thumbnailUrl).toMatch(/^http.*\/thumb\.jpg$/);
      expect(byId.get(harassing)!.firstReportedAt).not.toBeNull();
      expect(byId.get(held)).toMatchObject({
        isPublic: false,
        moderation: { state: 'held', reason: 'sexual' },
        reasons: {},
        openReports: 0,
        notes: [],
        screening: { classifier: 'nsfw-v1', scores: { sexual: 0.97, violence: 0.02 }, verdict: 'block' },
        firstReportedAt: null,
      });
      expect(byId.get(minor)).toMatchObject({ reasons: { minor: 1 }, notes: [{ reason: 'minor', note: 'A child in a swimsuit' }] });

      const config = await request(ctx.app).get('/api/admin-config').set(admin);
      expect(config.body.stats.openReports).toBe(5);
      for (const path of ['/api/admin-get-reports']) expect((await request(ctx.app).get(path).set(bearer(ada))).status).toBe(401);
      expect((await request(ctx.app).post('/api/admin-resolve-report').set(bearer(ada)).send({ mediaId: violent, action: 'keep' })).status).toBe(401);
    });

    it('keeps an item: nothing holds it, the owner’s choice stands, its reports are closed and audited', async () => {
      expect(await feedIds()).not.toContain(review);
      const res = await resolve({ mediaId: review, action: 'keep' });
      expect(res.body).toEqual({ success: true, mediaId: review, action: 'keep', resolved: 0, ownerBanned: false });
      const row = await ctx.infra.db.selectFrom('media').select(['moderation', 'is_public']).where('id', '=', review).executeTakeFirstOrThrow();
      expect(row).toEqual({ moderation: 'clear', is_public: true });
      expect(await feedIds()).toContain(review);
      expect(await auditOf(review)).toEqual([expect.objectContaining({ action: 'keep-media' })]);
      expect((await queue()).map((e) => e.mediaId)).not.toContain(review);
    });

    it('hides an item: gone from the feed and for strangers, its owner sees it marked and cannot make it public', async () => {
      expect(await feedIds()).toContain(harassing);
      const res = await resolve({ mediaId: harassing, action: 'hide' });
      expect(res.body).toMatchObject({ success: true, action: 'hide', resolved: 3, ownerBanned: false });
      expect((await openReports(harassing)).map((r) => r.resolution)).toEqual(['hide', 'hide', 'hide']);
      expect(await auditOf(harassing)).toEqual([{ action: 'hide-media', details: expect.objectContaining({ reason: 'harassment', reports: 3 }) }]);

      expect(await feedIds()).not.toContain(harassing);
      for (const viewer of [undefined, ada]) {
        const call = request(ctx.app).get('/api/get-media-item').query({ id: harassing });
        expect((await (viewer ? call.set(bearer(viewer)) : call)).status).toBe(404);
      }
      const own = await request(ctx.app).get('/api/get-media-item').query({ id: harassing }).set(bearer(owner));
      expect(own.status).toBe(200);
      expect(own.body.item.moderation).toEqual({ state: 'hidden', reason: 'harassment' });
      const library = await request(ctx.app).get('/api/getUserMedia').query({ all: 'true' }).set(bearer(owner));
      const item = (library.body.items as Array<{ id: string; moderation: unknown }>).find((i) => i.id === harassing);
      expect(item?.moderation).toEqual({ state: 'hidden', reason: 'harassment' });
      // A public item of someone else carries no moderation field at all.
      const other = await request(ctx.app).get('/api/get-media-item').query({ id: violent }).set(bearer(ada));
      expect(other.body.item).not.toHaveProperty('moderation');

      const share = await request(ctx.app).post('/api/share-media').set(bearer(owner)).send({ mediaId: harassing, isPublic: true });
      expect(share.status).toBe(400);
      expect(share.body.error).toBe("This creation was hidden by moderation and can't be made public.");
      expect((await request(ctx.app).post('/api/share-media').set(bearer(owner)).send({ mediaId: harassing, isPublic: false })).status).toBe(200);
    });

    it('shows the owner "waiting for review" for a held item, and hides it with the screening’s reason', async () => {
      const library = await request(ctx.app).get('/api/getUserMedia').query({ all: 'true' }).set(bearer(owner));
      const item = (library.body.items as Array<{ id: string; moderation: unknown }>).find((i) => i.id === held);
      expect(item?.moderation).toEqual({ state: 'held', reason: 'sexual' });
      expect((await resolve({ mediaId: held, action: 'hide' })).body).toMatchObject({ resolved: 0 });
      const row = await ctx.infra.db.selectFrom('media').select(['moderation', 'moderation_reason']).where('id', '=', held).executeTakeFirstOrThrow();
      expect(row).toEqual({ moderation: 'hidden', moderation_reason: 'sexual' });
    });

    it('deletes an item with its reports and bans its owner, each in the audit log', async () => {
      const [other] = Object.values(await createAccounts(ctx.infra, ['offender']));
      const theirs = await addMedia(other!);
      expect((await report(ada, { mediaId: theirs, reason: 'sexual' })).status).toBe(202);
      const res = await resolve({ mediaId: theirs, action: 'delete', banOwner: true });
      expect(res.body).toEqual({ success: true, mediaId: theirs, action: 'delete', resolved: 1, ownerBanned: true });
      expect(await ctx.infra.db.selectFrom('media').select('id').where('id', '=', theirs).executeTakeFirst()).toBeUndefined();
      expect(await openReports(theirs)).toEqual([]);
      const user = await ctx.infra.db.selectFrom('users').select('banned').where('id', '=', other!.user.id).executeTakeFirstOrThrow();
      expect(user.banned).toBe(true);
      expect(await auditOf(theirs)).toEqual([{ action: 'delete-media', details: expect.objectContaining({ review: true, reports: 1 }) }]);
      expect((await auditOf(other!.user.id)).map((a) => a.action)).toEqual(['ban-user']);
      expect((await resolve({ mediaId: theirs, action: 'keep' })).status).toBe(404);
      expect((await resolve({ mediaId: violent, action: 'bury' })).status).toBe(400);
    });

    it('leaves the queue with what nobody decided yet', async () => {
      expect((await queue()).map((e) => e.mediaId)).toEqual([minor, violent]);
    });
  });
});
