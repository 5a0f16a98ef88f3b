/** Redis connections and the embedded redis-server of the all-in-one process. */
export * from './redis';
export * from './redis-endpoint';
export * from './embedded-redis';
