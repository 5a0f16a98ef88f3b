import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The Kysely handle over our schema, as `createDatabase` opens it and every repository takes it. */
export type Db = Kysely<Database>;
