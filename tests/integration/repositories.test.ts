import { InsufficientCreditsError } from '@app/shared/server/repositories';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { availableDialects, useTestRepositories } from '../support/database';

describe.each(availableDialects())('repositories on %s', (dialect) => {
  const repos = useTestRepositories(dialect);

  let counter = 0;
  const newUser = () => repos.users.create({ email: `Person${++counter}@Example.com `, referral_code: `code-${dialect}-${counter}` });

  it('creates every table of the data model', async () => {
    // Only this database's schema: other test files have schemas of their own in the same Postgres.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(repos.db);
    const tables = (await repos.db.introspection.getTables()).filter((t) => t.schema === rows[0]!.schema);
    expect(tables.map((t) => t.name).sort()).toEqual(
      [
        'admin_audit', 'api_keys', 'app_settings', 'credit_ledger', 'drafts', 'generation_runs', 'likes', 'mail_outbox', 'media', 'media_reports', 'provider_requests', 'referrals',
        'refresh_tokens', 'sign_in_codes', 'stories', 'uploads', 'users', 'waitlist', 'weekly_presets',
        'webhook_deliveries', 'webhook_secrets', 'follows', 'notifications', 'collections', 'collection_items',
      ].sort(),
    );
  });

  it('gives a retried run\'s output its new screening, but keeps an item an admin hid hidden', async () => {
    const user = await newUser();
    const output = async (runId: string, moderation: 'clear' | 'held', fields: Record<string, unknown> = {}) => {
      await repos.media.insertRunOutput({
        run_id: runId, output_index: 0, user_id: user.id, type: 'image', preset_type: 'custom_prompt', status: 'completed', is_public: true, final_url: 'a.jpg', width: 8, height: 8,
        moderation, moderation_reason: moderation === 'held' ? 'Porn' : null, screening: JSON.stringify({ classifier: 'fake', scores: {}, verdict: moderation === 'held' ? 'block' : 'public', screenedAt: 'now' }),
        ...(moderation === 'held' ? { is_public: false } : {}),
        ...fields,
      });
      return repos.db.selectFrom('media').select(['id', 'is_public', 'moderation', 'moderation_reason', 'screening']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    };
    for (const runId of [`run-screen-${dialect}-1`, `run-screen-${dialect}-2`]) {
      await repos.db.insertInto('generation_runs').values({ run_id: runId, user_id: user.id, mode: 'custom-prompt', request: JSON.stringify({}) }).execute();
    }
    const first = `run-screen-${dialect}-1`;
    expect(await output(first, 'clear')).toMatchObject({ is_public: true, moderation: 'clear' });
    // The retry made something that is held: it goes private with its reason.
    expect(await output(first, 'held')).toMatchObject({ is_public: false, moderation: 'held', moderation_reason: 'Porn', screening: { verdict: 'block' } });

    const second = `run-screen-${dialect}-2`;
    const { id } = await output(second, 'clear');
    await repos.db.updateTable('media').set({ moderation: 'hidden', moderation_reason: 'harassment' }).where('id', '=', id).execute();
    expect(await output(second, 'clear')).toMatchObject({ moderation: 'hidden', moderation_reason: 'harassment', screening: { verdict: 'public' } });
  });

  it('stores e-mails lowercased and finds them whatever the case', async () => {
    const user = await newUser();
    expect(user.email).toBe(`person${counter}@example.com`);
    expect(user.credits).toBe(0);
    expect(user.share_to_feed).toBe(true);
    expect((await repos.users.findByEmail(`PERSON${counter}@example.COM`))?.id).toBe(user.id);
  });

  it('refuses a second account with the same e-mail', async () => {
    const user = await newUser();
    await expect(repos.users.create({ email: user.email.toUpperCase(), referral_code: 'another' })).rejects.toThrow();
  });

  it('keeps the balance and the ledger in step, and never below zero', async () => {
    const user = await newUser();
    expect(await repos.credits.apply({ userId: user.id, delta: 20, reason: 'signup' })).toEqual({ applied: true, balance: 20 });
    expect(await repos.credits.apply({ userId: user.id, delta: -5, reason: 'generation', runId: 'run-1' })).toEqual({ applied: true, balance: 15 });
    await expect(repos.credits.apply({ userId: user.id, delta: -16, reason: 'generation' })).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await repos.credits.balance(user.id)).toBe(15);
    const history = await repos.credits.history(user.id);
    expect(history.map((h) => [h.delta, h.balance_after, h.reason])).toEqual([
      [-5, 15, 'generation'],
      [20, 20, 'signup'],
    ]);
  });

  it('applies a change with an idempotency key exactly once, even when raced', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => repos.credits.apply({ userId: user.id, delta: 10, reason: 'referral_reward', idempotencyKey: `reward:${user.id}` })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await repos.credits.balance(user.id)).toBe(10);
  });

  it('lets concurrent debits spend the balance exactly, not more', async () => {
    const user = await newUser();
    await repos.credits.apply({ userId: user.id, delta: 10, reason: 'signup' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => repos.credits.apply({ userId: user.id, delta: -2, reason: 'generation' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(await repos.credits.balance(user.id)).toBe(0);
  });

  it('cascades a deleted account to its ledger rows', async () => {
    const user = await newUser();
    await repos.credits.apply({ userId: user.id, delta: 20, reason: 'signup' });
    expect(await repos.users.delete(user.id)).toBe(true);
    const left = await repos.db.selectFrom('credit_ledger').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
  });

  it('reads an account with its own run in one query, never another person’s run', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const runId = `run-${dialect}-of-account`;
    await repos.runs.createIfAbsent({ runId, userId: ada.id, mode: 'custom', request: {}, creditsReserved: 2 });
    const own = await repos.runs.ofAccount(ada.id, runId);
    expect(own.account).toEqual({ id: ada.id, banned: false, credits: 0 });
    expect(own.run).toMatchObject({ run_id: runId, user_id: ada.id, status: 'processing', credits_reserved: 2, finished_at: null });
    expect(await repos.runs.ofAccount(ada.id, `${runId}-none`)).toEqual({ account: { id: ada.id, banned: false, credits: 0 }, run: undefined });
    expect(await repos.runs.ofAccount(bob.id, runId)).toEqual({ account: { id: bob.id, banned: false, credits: 0 }, run: undefined });
    await repos.users.delete(bob.id);
    expect(await repos.runs.ofAccount(bob.id, runId)).toEqual({ account: undefined, run: undefined });
  });

  it('reads the launch flag, launched by default, and changes it', async () => {
    expect(await repos.settings.getLaunchStatus()).toEqual({ is_launched: true });
    await repos.settings.setLaunchStatus(false);
    expect(await repos.settings.getLaunchStatus()).toEqual({ is_launched: false });
    await repos.settings.setLaunchStatus(true);
  });

  it('keeps media jsonb metadata and text[] tags as JS values', async () => {
    const user = await newUser();
    const media = await repos.db
      .insertInto('media')
      .values({ user_id: user.id, type: 'image', preset_type: 'unreal_reflection', metadata: JSON.stringify({ identity: { score: 0.91 } }), tags: ['unreal-reflection', 'neon'] })
      .returningAll()
      .executeTakeFirstOrThrow();
    const tagged = await repos.db.selectFrom('media').select('id').where('tags', '@>', sql<string[]>`array['neon']::text[]`).execute();
    expect(media.metadata).toEqual({ identity: { score: 0.91 } });
    expect(media.tags).toEqual(['unreal-reflection', 'neon']);
    expect(tagged.map((t) => t.id)).toContain(media.id);
  });
});
