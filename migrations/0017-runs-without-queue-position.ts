import { type Kysely, sql } from 'kysely';

/**
 * A run's provider queue position and its stages between queued and the end (running,
 * identity_check, retrying) were written as it worked and read by nothing: what a person sees
 * while a run works are its live events. The position goes; the stage keeps its start and end.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table generation_runs drop column queue_position`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table generation_runs add column queue_position integer`.execute(db);
}
