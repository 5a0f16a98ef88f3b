import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = parseConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.http.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ pgliteDir: path.resolve('data/db') });
    expect(config.redis).toEqual({ embedded: { bin: 'redis-server', dir: path.resolve('data/redis') } });
    expect(config.storage).toEqual({ driver: 'local', root: path.resolve('data/media'), publicBaseUrl: 'http://localhost:3000/media' });
    expect(config.mail.devOutbox).toBe(true);
  });

  it('uses the servers when their variables are set', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(config.database).toEqual({ url: 'postgres://u:p@db:5432/app', poolSize: 10 });
    expect(config.redis).toEqual({ url: 'redis://cache:6379' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'media', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(config.http.publicUrl).toBe('https://app.example.com');
  });

  it('reports every bad variable at once, each by name', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x/y', REDIS_URL: 'localhost', WORKER_GENERATION_CONCURRENCY: '0' });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('whole number from 1 to 65535');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(problems.some((p) => p.startsWith('REDIS_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('WORKER_GENERATION_CONCURRENCY:'))).toBe(true);
  });

  it('refuses production without a JWT secret and turns the dev outbox off there', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET: required when NODE_ENV=production']);
    const config = parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(config.mail.devOutbox).toBe(false);
  });

  it('treats blank variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '  ' }).http.port).toBe(3000);
  });

  it('wants S3 credentials in pairs and a bucket for any S3 setting', () => {
    expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })[0]).toMatch(/^S3_ACCESS_KEY_ID/);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })[0]).toMatch(/^S3_BUCKET/);
  });
});
