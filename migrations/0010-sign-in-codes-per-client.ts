import type { Kysely } from 'kysely';

/**
 * A sign-in code belongs to the client (IP) that asked for it, beside its purpose and address:
 * a stranger asking for codes no longer replaces the owner's, and a stranger's wrong guesses
 * land on codes of their own (docs/decisions.md, "Sign-in code guessing"). Codes asked for
 * without a client (an e-mail change) have the client ''.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sign_in_codes').addColumn('client', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('sign_in_codes').dropConstraint('sign_in_codes_purpose_email_key').execute();
  await db.schema.alterTable('sign_in_codes').addUniqueConstraint('sign_in_codes_purpose_email_client_key', ['purpose', 'email', 'client']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('sign_in_codes').where('client', '<>', '').execute();
  await db.schema.alterTable('sign_in_codes').dropConstraint('sign_in_codes_purpose_email_client_key').execute();
  await db.schema.alterTable('sign_in_codes').addUniqueConstraint('sign_in_codes_purpose_email_key', ['purpose', 'email']).execute();
  await db.schema.alterTable('sign_in_codes').dropColumn('client').execute();
}
