/** The database handle, its schema types and transactions. */
export * from './database';
export type { Db } from './db';
export * from './transaction';
export { executePrepared } from './prepared-statements';
export type * from './schema';
