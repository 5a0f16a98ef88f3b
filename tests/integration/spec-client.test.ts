import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INVITED_ACCOUNTS_PER_IP_PER_DAY } from '../../api/src/services/referrals.service';
import { readCodeFromOutbox, signIn } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

const dialect = suiteDialect();
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * A client written from the spec's "calls made" tables alone: each call reads only the fields the
 * spec says it reads, and follows the spec's rules with them. DESIGN.md promises such a client
 * works with this server unchanged.
 */
describe(`a client that knows only the spec (${dialect})`, () => {

  const ctx = useTestApp(dialect);

  /** Spec 1 §7: POST refresh-token, body refreshToken; reads success, accessToken (nothing else). */
  const specRefresh = async (refreshToken: string) => {
    const res = await request(ctx.app).post('/.netlify/functions/refresh-token').send({ refreshToken });
    return { status: res.status, success: res.body.success as boolean | undefined, accessToken: res.body.accessToken as string | undefined };
  };
  const profileStatus = (accessToken: string) =>
    request(ctx.app).get('/.netlify/functions/get-user-profile').set('Authorization', `Bearer ${accessToken}`).then((r) => r.status);

  describe('sessions (spec 1 §7 refresh-token)', () => {
    it('keeps a client that never reads the new refresh token signed in over many refreshes', async () => {
      const session = await signIn(ctx.app, email('spec-refresh'));
      for (let i = 0; i < 5; i++) {
        const refreshed = await specRefresh(session.refreshToken);
        expect(refreshed, `refresh ${i + 1}`).toMatchObject({ status: 200, success: true });
        expect(await profileStatus(refreshed.accessToken!)).toBe(200);
      }
    });

    it('rotates for a client that takes each new refresh token, over many refreshes', async () => {
      const session = await signIn(ctx.app, email('rotating'));
      let token = session.refreshToken;
      const seen = new Set([token]);
      for (let i = 0; i < 5; i++) {
        const res = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: token });
        expect(res.status).toBe(200);
        expect(seen.has(res.body.refreshToken)).toBe(false);
        token = res.body.refreshToken;
        seen.add(token);
        expect(await profileStatus(res.body.accessToken)).toBe(200);
      }
    });

    it('ends the whole session when a spent token comes back after its successor was used (theft)', async () => {
      const session = await signIn(ctx.app, email('stolen'));
      const first = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken });
      const successor = first.body.refreshToken as string;
      // The rightful client moves on with the successor...
      const second = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: successor });
      expect(second.status).toBe(200);
      // ...and the old token, replayed by whoever copied it, ends the session for both.
      expect((await specRefresh(session.refreshToken)).status).toBe(401);
      expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: second.body.refreshToken })).status).toBe(401);
      expect(await profileStatus(second.body.accessToken)).toBe(401);
    });

    it('answers 401 for anything that is not a live refresh token, malformed ones included', async () => {
      for (const refreshToken of ['x', 'not a token at all', 'a'.repeat(43), '', 42, null]) {
        const res = await request(ctx.app).post('/api/refresh-token').send({ refreshToken });
        expect(res.status, JSON.stringify(refreshToken)).toBe(401);
        expect(res.body.success).toBe(false);
      }
      expect((await request(ctx.app).post('/api/refresh-token').send({})).status).toBe(401);
    });
  });

  it('reads `profile` from get-user-profile (spec 3 §7) as well as the fields of specs 1 and 2', async () => {
    const session = await signIn(ctx.app, email('profile'));
    const res = await request(ctx.app).get('/.netlify/functions/get-user-profile').set('Authorization', `Bearer ${session.accessToken}`);
    expect(res.body.profile).toMatchObject({ id: session.user.id, email: session.user.email });
    // Spec 1: id, user.id, user.totalLikesReceived, onboarding_completed, createdAt, name, avatar.
    expect(res.body).toMatchObject({ id: session.user.id, user: { id: session.user.id, totalLikesReceived: 0 }, onboarding_completed: expect.any(Boolean) });
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(res.body).toHaveProperty('name');
    expect(res.body).toHaveProperty('avatar');
    // Spec 2: user.id and user.email.
    expect(res.body.user.email).toBe(session.user.email);
  });

  it('finds an id on every weekly preset (spec 3 §3 Preset: id, label), equal to its key', async () => {
    const res = await request(ctx.app).get('/.netlify/functions/get-presets');
    const presets = res.body.data.presets as Array<{ id: string; key: string; label: string }>;
    expect(presets.length).toBeGreaterThan(0);
    for (const preset of presets.slice(0, 5)) {
      expect(preset.id).toBe(preset.key);
      expect(preset.label.length).toBeGreaterThan(0);
    }
  });

  it('saves a draft whose aspect_ratio is the number 4/3, stored as "4/3"', async () => {
    const session = await signIn(ctx.app, email('drafts'));
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    const asNumber = await request(ctx.app).post('/.netlify/functions/user-drafts').set(auth).send({ media_url: 'http://localhost/media/a.jpg', aspect_ratio: 4 / 3 });
    expect(asNumber.status).toBe(200);
    expect(asNumber.body.draft.aspect_ratio).toBe('4/3');
    const asText = await request(ctx.app).post('/.netlify/functions/user-drafts').set(auth).send({ media_url: 'http://localhost/media/b.jpg', aspect_ratio: '16:9' });
    expect(asText.body.draft.aspect_ratio).toBe('16/9');
    const updated = await request(ctx.app).put('/.netlify/functions/user-drafts').set(auth).send({ id: asText.body.draft.id, aspect_ratio: 0.8 });
    expect(updated.body.draft.aspect_ratio).toBe('4/5');
    const nonsense = await request(ctx.app).post('/.netlify/functions/user-drafts').set(auth).send({ media_url: 'http://localhost/media/c.jpg', aspect_ratio: 'wide' });
    expect(nonsense.status).toBe(400);
  });

  it('maps a credits refusal to No Credits by either of spec 1 §8’s rules', async () => {
    const session = await signIn(ctx.app, email('poor'));
    const upload = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
    await ctx.infra.db.updateTable('users').set({ credits: 0 }).where('id', '=', session.user.id).execute();
    const res = await request(ctx.app)
      .post('/.netlify/functions/unified-generate')
      .set('Authorization', `Bearer ${session.accessToken}`)
      .send({ mode: 'custom', prompt: 'neon city', sourceAssetId: upload.secure_url });
    // The table rule: error text containing "Insufficient credits"; the engine's: INSUFFICIENT_CREDITS.
    expect(res.body.error).toMatch(/Insufficient credits/);
    expect(res.body.error).toMatch(/INSUFFICIENT_CREDITS/);
  });

  it('keeps inviting from a shared address where many people signed up, and limits invitation sign-ups only', async () => {
    // Everyone here comes from the same address (the test client's loopback).
    for (let i = 0; i < INVITED_ACCOUNTS_PER_IP_PER_DAY + 2; i++) await signIn(ctx.app, email('colleague'));
    const inviter = await signIn(ctx.app, email('inviter'));
    const invite = (friendEmail: string) =>
      request(ctx.app)
        .post('/.netlify/functions/send-referral-invite')
        .set('Authorization', `Bearer ${inviter.accessToken}`)
        .send({ referrerEmail: inviter.user.email, friendEmail });
    const first = await invite(email('friend'));
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);

    // Accounts made through invitations from this address, up to the limit...
    for (let i = 0; i < INVITED_ACCOUNTS_PER_IP_PER_DAY; i++) {
      const friend = email('invited');
      const before = Date.now() - 1;
      await request(ctx.app).post('/api/request-otp').send({ email: friend });
      const code = await readCodeFromOutbox(ctx.app, friend, before);
      const verified = await request(ctx.app).post('/api/verify-otp').send({ email: friend, code, referrerEmail: inviter.user.email });
      expect(verified.status).toBe(200);
    }
    const limited = await invite(email('one-more'));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('ACCOUNT_LIMIT_EXCEEDED');
  }, 120_000);
});

