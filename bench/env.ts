// Where the benchmarks find Postgres and Redis: the test servers' variables, else the local defaults.
export const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
