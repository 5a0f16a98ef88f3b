/** Redis connections and the embedded redis-server of the all-in-one process. */
export * from './redis';
export * from './embedded-redis';
