import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { suiteDialect } from '../support/database';
import { bearer, readCodeFromOutbox, signIn } from '../support/auth';
import { useTestApp } from '../support/test-app';

const dialect = suiteDialect();
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

describe(`sign-in by e-mail code (${dialect})`, () => {
  const ctx = useTestApp(dialect);

  it('creates an account with 20 credits on the first sign-in and signs in again later', async () => {
    const email = uniqueEmail('newcomer');
    expect((await request(ctx.app).post('/api/check-quota').send({ email })).body).toEqual({ success: true, canSignUp: true });

    const sent = await request(ctx.app).post('/.netlify/functions/request-otp').send({ email: ` ${email.toUpperCase()} ` });
    expect(sent.body).toEqual({ success: true, message: 'Login code sent to your email!' });
    const code = await readCodeFromOutbox(ctx.app, email);

    const verified = await request(ctx.app).post('/api/verify-otp').send({ email, code });
    expect(verified.status).toBe(200);
    expect(verified.body.accessToken.split('.')).toHaveLength(3);
    expect(verified.body.token).toBe(verified.body.accessToken);
    expect(verified.body.user).toMatchObject({ email, credits: 20, shareToFeed: true, onboarding_completed: false });
    expect(verified.body.isNewUser).toBe(true);

    const profile = await request(ctx.app).get('/api/get-user-profile').set(bearer(verified.body));
    expect(profile.body).toMatchObject({ success: true, email, user: { totalLikesReceived: 0 } });

    const onboarding = await request(ctx.app).post('/api/update-profile').set(bearer(verified.body)).send({});
    expect(onboarding.body.profile.onboarding_completed).toBe(true);

    const again = await signIn(ctx.app, email);
    expect(again.user.id).toBe(verified.body.user.id);
    expect(again.user.credits).toBe(20);
  });

  it('refuses a wrong code with the spec text, and a code once used', async () => {
    const email = uniqueEmail('typo');
    await request(ctx.app).post('/api/request-otp').send({ email });
    const code = await readCodeFromOutbox(ctx.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await request(ctx.app).post('/api/verify-otp').send({ email, code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid code');
    expect((await request(ctx.app).post('/api/verify-otp').send({ email, code })).status).toBe(200);
    expect((await request(ctx.app).post('/api/verify-otp').send({ email, code })).body.error).toBe('Invalid code');
  });

  it('rejects malformed input with 400 and field messages', async () => {
    const res = await request(ctx.app).post('/api/verify-otp').send({ email: 'not-an-email', code: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(['email: Please enter a valid email address', 'code: Please enter a valid 6-digit code']);
  });

  it('kills a code after 5 wrong attempts: the right code is refused then', async () => {
    const email = uniqueEmail('guesser');
    await request(ctx.app).post('/api/request-otp').send({ email });
    const code = await readCodeFromOutbox(ctx.app, email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await request(ctx.app).post('/api/verify-otp').send({ email, code: wrong });
    const res = await request(ctx.app).post('/api/verify-otp').send({ email, code });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('lets a code expire after its 10 minutes', async () => {
    const email = uniqueEmail('late');
    await request(ctx.app).post('/api/request-otp').send({ email });
    const code = await readCodeFromOutbox(ctx.app, email);
    const stored = await ctx.infra.db.selectFrom('sign_in_codes').select(['expires_at', 'created_at']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(600_000);
    await ctx.infra.db.updateTable('sign_in_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    const res = await request(ctx.app).post('/api/verify-otp').send({ email, code });
    expect(res.body.error).toBe('This code has expired. Please request a new one.');
  });

  it('replaces the previous code when a new one is requested, and stores only a hash', async () => {
    const email = uniqueEmail('resend');
    await request(ctx.app).post('/api/request-otp').send({ email });
    const first = await readCodeFromOutbox(ctx.app, email);
    const t = Date.now();
    await request(ctx.app).post('/api/request-otp').send({ email });
    const second = await readCodeFromOutbox(ctx.app, email, t);
    const row = await ctx.infra.db.selectFrom('sign_in_codes').select('code_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(second);
    if (first !== second) {
      expect((await request(ctx.app).post('/api/verify-otp').send({ email, code: first })).body.error).toBe('Invalid code');
    }
    expect((await request(ctx.app).post('/api/verify-otp').send({ email, code: second })).status).toBe(200);
  });

  it('rotates refresh tokens and ends the whole session when a spent one is reused', async () => {
    const session = await signIn(ctx.app, uniqueEmail('rotator'));
    const first = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.accessToken.split('.')).toHaveLength(3);
    expect(first.body.refreshToken).not.toBe(session.refreshToken);

    // Sent again before its successor was used (a lost answer, a client that keeps its first
    // token): the same successor again, nothing ended.
    const again = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken });
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).toBe(first.body.refreshToken);

    const second = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    // Now the first token is a stolen one: its reuse ends the session, successors included.
    const reuse = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken });
    expect(reuse.status).toBe(401);
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: second.body.refreshToken })).status).toBe(401);
  });

  it('logs out: the refresh token stops working', async () => {
    const session = await signIn(ctx.app, uniqueEmail('leaver'));
    const out = await request(ctx.app).post('/api/logout').set(bearer(session)).send({ refreshToken: session.refreshToken });
    expect(out.body).toEqual({ success: true });
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('logs out with the refresh token alone, once the access token has expired', async () => {
    const session = await signIn(ctx.app, uniqueEmail('late-leaver'));
    const out = await request(ctx.app).post('/api/logout').send({ refreshToken: session.refreshToken });
    expect(out.body).toEqual({ success: true });
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken })).status).toBe(401);
    expect((await request(ctx.app).post('/api/logout').send({})).status).toBe(401);
  });

  it('accepts only valid access tokens', async () => {
    const session = await signIn(ctx.app, uniqueEmail('holder'));
    const [h, p, s] = session.accessToken.split('.');
    const forged = `${h}.${p}.${s!.slice(0, -4)}AAAA`;
    for (const auth of [undefined, 'Bearer abc', `Bearer ${forged}`, `Bearer ${h}.${p}`]) {
      const req = request(ctx.app).get('/api/get-user-profile');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please sign in to continue.');
    }
  });

  it('gives an invited friend 10 bonus credits and records the referral', async () => {
    const inviter = await signIn(ctx.app, uniqueEmail('inviter'));
    const friendEmail = uniqueEmail('friend');
    const friend = await signIn(ctx.app, friendEmail, { referrerEmail: inviter.user.email });
    expect(friend.user.credits).toBe(30);
    const referral = await ctx.infra.db.selectFrom('referrals').selectAll().where('referred_user_id', '=', friend.user.id).executeTakeFirstOrThrow();
    expect(referral).toMatchObject({ referrer_id: inviter.user.id, friend_email: friendEmail });
    const ledger = await ctx.infra.db.selectFrom('credit_ledger').select(['reason', 'delta']).where('user_id', '=', friend.user.id).orderBy('id').execute();
    expect(ledger).toEqual([{ reason: 'signup', delta: 20 }, { reason: 'invited_bonus', delta: 10 }]);
  });

  it('refuses a banned account everywhere, and mails it no code', async () => {
    const email = uniqueEmail('banned');
    const session = await signIn(ctx.app, email);
    await ctx.infra.db.updateTable('users').set({ banned: true }).where('id', '=', session.user.id).execute();
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(session))).status).toBe(403);
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken })).status).toBe(403);
    const asked = new Date();
    const sent = await request(ctx.app).post('/api/request-otp').send({ email });
    // The same answer as for anyone, so typing an address never reveals a ban; but no mail.
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: 'Login code sent to your email!' });
    const mailed = await ctx.infra.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('created_at', '>=', asked).execute();
    expect(mailed).toEqual([]);
    expect((await request(ctx.app).post('/api/verify-otp').send({ email, code: '123456' })).body.error).toBe('Invalid code');
  });

  it('keeps settings, the upload agreement and the quota per person', async () => {
    const session = await signIn(ctx.app, uniqueEmail('settler'));
    expect((await request(ctx.app).get('/api/user-settings').set(bearer(session))).body).toEqual({
      success: true,
      settings: { share_to_feed: true, media_upload_agreed: false, notification_digest: false },
    });
    await request(ctx.app).post('/api/user-settings').set(bearer(session)).send({ share_to_feed: false });
    await request(ctx.app).post('/api/upload-agreement').set(bearer(session));
    expect((await request(ctx.app).get('/api/user-settings').set(bearer(session))).body.settings).toEqual({
      share_to_feed: false,
      media_upload_agreed: true,
      notification_digest: false,
    });
    expect((await request(ctx.app).get('/api/check-quota').set(bearer(session))).body).toEqual({
      success: true,
      quota: { quota_reached: false, remaining: 20 },
    });
    const quota = (await request(ctx.app).get('/api/getQuota').set(bearer(session))).body as { dailyTopUp: { nextAt: string } };
    // The daily top-up it is measured against: back to 20 at the next midnight UTC.
    expect(quota).toEqual({ success: true, remaining: 20, currentBalance: 20, dailyTopUp: { level: 20, nextAt: expect.stringMatching(/T00:00:00\.000Z$/) } });
    const untilTopUp = Date.parse(quota.dailyTopUp.nextAt) - Date.now();
    expect(untilTopUp > 0 && untilTopUp <= 24 * 3600_000).toBe(true);
  });

  it('adds to the waitlist once per e-mail', async () => {
    const email = uniqueEmail('waiting');
    for (let i = 0; i < 2; i++) {
      const res = await request(ctx.app).post('/api/waitlist-signup').send({ email, referrerEmail: '' });
      expect(res.body.success).toBe(true);
    }
    const rows = await ctx.infra.db.selectFrom('waitlist').select('email').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect((await request(ctx.app).post('/api/waitlist-signup').send({ email: '' })).body.details).toEqual(['email: Please enter your email address']);
  });

  it('limits code requests per e-mail with a 429 and the spec message', async () => {
    const email = uniqueEmail('hammer');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await request(ctx.app).post('/api/request-otp').send({ email });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body.error).toBe('Too many requests. Please wait a moment.');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changes the e-mail after a code sent to the new address', async () => {
    const session = await signIn(ctx.app, uniqueEmail('mover'));
    const newEmail = uniqueEmail('moved');
    const asked = await request(ctx.app).post('/api/request-email-change-otp').set(bearer(session)).send({ newEmail });
    expect(asked.body).toEqual({ success: true, message: 'Verification code sent to your new email address!' });
    const code = await readCodeFromOutbox(ctx.app, newEmail);
    const wrong = await request(ctx.app).post('/api/change-email').set(bearer(session)).send({ newEmail, otp: code === '123456' ? '654321' : '123456' });
    expect(wrong.body.error).toBe('Invalid code');
    const changed = await request(ctx.app).post('/api/change-email').set(bearer(session)).send({ newEmail, otp: code });
    expect(changed.body).toEqual({ success: true, newEmail });
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(session))).body.email).toBe(newEmail);

    const other = await signIn(ctx.app, uniqueEmail('squatter'));
    const taken = await request(ctx.app).post('/api/request-email-change-otp').set(bearer(other)).send({ newEmail });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe('That email address is already in use.');
  });

  it('deletes an account with every row and file of it', async () => {
    const session = await signIn(ctx.app, uniqueEmail('goner'));
    const id = session.user.id;
    const { db, storage } = ctx.infra;
    await storage.put(`users/${id}/media/a.webp`, Buffer.from('a'), { contentType: 'image/webp' });
    await storage.put(`users/${id}/uploads/b.jpg`, Buffer.from('b'), { contentType: 'image/jpeg' });
    await storage.put(`elsewhere/${id}-c.webp`, Buffer.from('c'), { contentType: 'image/webp' });
    await db.insertInto('media').values({ user_id: id, type: 'image', preset_type: 'presets', storage_key: `users/${id}/media/a.webp`, thumbnail_key: `elsewhere/${id}-c.webp` }).execute();
    await db.insertInto('drafts').values({ user_id: id, media_url: 'https://x/y.jpg' }).execute();

    const res = await request(ctx.app).post('/api/delete-account').set(bearer(session)).set('X-User-Email', session.user.email);
    expect(res.body).toEqual({ success: true });
    for (const table of ['users', 'media', 'drafts', 'credit_ledger', 'refresh_tokens'] as const) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await db.selectFrom(table).select(column).where(column, '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    for (const key of [`users/${id}/media/a.webp`, `users/${id}/uploads/b.jpg`, `elsewhere/${id}-c.webp`]) {
      expect(await storage.exists(key), key).toBe(false);
    }
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(session))).status).toBe(401);
  });
});

// An app of its own: its sign-ups would spend the code requests (30 an hour from one address) the file above counts on.
describe(`names given at sign-up (${dialect})`, () => {
  const ctx = useTestApp(dialect);

  it('names a new account at sign-up from its address: a display name, and a username its /u/ page answers to', async () => {
    // One local part at three addresses: the first gets it as a username, the others a numbered one.
    const olgas = [];
    for (const domain of ['example.com', 'example.org', 'example.net']) olgas.push(await signIn(ctx.app, `olga.ui4@${randomBytes(3).toString('hex')}.${domain}`));
    expect(olgas.map((s) => [s.user.name, s.user.username])).toEqual([
      ['Olga', 'olga.ui4'],
      ['Olga', 'olga.ui4_2'],
      ['Olga', 'olga.ui4_3'],
    ]);
    // A reserved word is never given; a short local part is lengthened into a valid name.
    expect((await signIn(ctx.app, `Admin@${randomBytes(3).toString('hex')}.example.com`)).user).toMatchObject({ name: 'Admin', username: 'admin2' });
    expect((await signIn(ctx.app, `jo@${randomBytes(3).toString('hex')}.example.com`)).user).toMatchObject({ name: 'Jo', username: 'jo2' });

    const creator = await request(ctx.app).get('/api/get-creator').query({ username: 'olga.ui4_2' });
    expect(creator.status).toBe(200);
    expect(creator.body.creator).toMatchObject({ name: 'Olga', username: 'olga.ui4_2', creations: 0 });
    const profileNow = await request(ctx.app).get('/api/get-user-profile').set(bearer(olgas[0]!));
    expect(profileNow.body.user).toMatchObject({ name: 'Olga', username: 'olga.ui4' });
  });
});

describe(`a full beta (${dialect})`, () => {
  const ctx = useTestApp(dialect, { BETA_ACCOUNT_CAP: '1' });

  it('closes sign-up for new e-mails but lets existing accounts in', async () => {
    const first = uniqueEmail('early');
    await signIn(ctx.app, first);
    const late = uniqueEmail('late');
    expect((await request(ctx.app).post('/api/check-quota').send({ email: late })).body).toEqual({ success: true, canSignUp: false });
    const refused = await request(ctx.app).post('/api/request-otp').send({ email: late });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Beta full. Join the waitlist to be first in line for the next drop.');
    expect((await request(ctx.app).post('/api/check-quota').send({ email: first })).body.canSignUp).toBe(true);
    await signIn(ctx.app, first);
  });
});
