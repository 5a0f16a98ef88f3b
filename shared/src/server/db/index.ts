/** The database handle, its schema types and transactions. */
export * from './database';
export * from './transaction';
export type * from './schema';
