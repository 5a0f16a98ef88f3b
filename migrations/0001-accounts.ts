import { type Kysely, sql } from 'kysely';

/** People, their sign-in codes and sessions, credits, referrals and the waitlist. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('avatar_url', 'text')
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn('share_to_feed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('media_upload_agreed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('media_upload_agreed_at', 'timestamptz')
    .addColumn('onboarding_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('banned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('banned_at', 'timestamptz')
    .addColumn('referrer_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('signup_ip', 'text')
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_signup_ip_idx').on('users').columns(['signup_ip', 'created_at']).execute();

  // One live code per (purpose, e-mail): a new request replaces the previous one.
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('sign_in', 'email_change')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sign_in_codes_purpose_email_key', ['purpose', 'email'])
    .execute();

  // Refresh tokens rotate on every use; a reused one revokes its whole family.
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  // Every change of a balance is a row here; users.credits is the running sum.
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`reason in ('signup', 'invited_bonus', 'referral_reward', 'generation', 'refund', 'daily_topup', 'admin_adjustment')`,
        ),
    )
    .addColumn('run_id', 'text')
    // Makes one-time grants (a referral reward, a refund of a run) exactly-once.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_ledger_user_idx').on('credit_ledger').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('referrer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_email', 'text', (c) => c.notNull())
    .addColumn('referred_user_id', 'uuid', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('invited_at', 'timestamptz')
    .addColumn('signed_up_at', 'timestamptz')
    .addColumn('rewarded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('referrals_referrer_friend_key', ['referrer_id', 'friend_email'])
    .execute();

  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('referrer_email', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('waitlist'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['waitlist', 'referrals', 'credit_ledger', 'refresh_tokens', 'sign_in_codes', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
