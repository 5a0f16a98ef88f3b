import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

/** A secret as `openssl rand -base64 48` makes them. */
const STRONG_SECRET = 'kJ9vQ2mX7pL4tR8wZ1nB6cF3hD5gS0aEyU2iO7qWxVb=';

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
    expect(config.database).toEqual({ url: 'postgres://u:p@db:5432/app', poolSize: 10, preparedStatements: true });
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app', DATABASE_PREPARED_STATEMENTS: 'false' }).database).toMatchObject({ preparedStatements: false });
    expect(config.redis).toEqual({ endpoint: { kind: 'standalone', url: 'redis://cache:6379' } });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'media', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(config.http.publicUrl).toBe('https://app.example.com');
  });

  it('reads Sentinel and Cluster settings, and says what is wrong with them by name (issue 43)', () => {
    expect(parseConfig({ REDIS_SENTINELS: 's1:26379, s2:26379,[::1]:26380', REDIS_SENTINEL_NAME: 'main', REDIS_PASSWORD: 'pw', REDIS_TLS: 'true' }).redis).toEqual({
      endpoint: {
        kind: 'sentinel',
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26379 },
          { host: '::1', port: 26380 },
        ],
        name: 'main',
        sentinelPassword: undefined,
        password: 'pw',
        tls: true,
      },
    });
    expect(parseConfig({ REDIS_CLUSTER_NODES: 'n1:7000,n2:7001', QUEUE_PREFIX: '{mv}' }).redis).toEqual({
      endpoint: { kind: 'cluster', nodes: [{ host: 'n1', port: 7000 }, { host: 'n2', port: 7001 }], password: undefined, tls: false },
    });
    expect(problemsOf({ REDIS_URL: 'redis://a:6379', REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'main' })).toEqual([
      'REDIS_URL, REDIS_SENTINELS: set one of them (a single endpoint, Sentinel or Cluster), not 2',
    ]);
    expect(problemsOf({ REDIS_SENTINELS: 's1:26379' })).toEqual(['REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the master group the sentinels watch)']);
    expect(problemsOf({ REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'main' })).toEqual(['REDIS_SENTINELS: "s1" is not host:port']);
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'n1:7000' })).toEqual([
      'QUEUE_PREFIX: a Redis Cluster needs a hash-tagged prefix, e.g. QUEUE_PREFIX={mirrorverse}, so each queue\'s keys share one slot',
    ]);
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'n1:99999', QUEUE_PREFIX: '{mv}' })).toEqual(['REDIS_CLUSTER_NODES: "n1:99999" is not host:port']);
    expect(problemsOf({ REDIS_PASSWORD: 'pw' })).toEqual([
      'REDIS_PASSWORD / REDIS_TLS: only with REDIS_SENTINELS or REDIS_CLUSTER_NODES (a REDIS_URL carries its own)',
    ]);
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
    const config = parseConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET });
    expect(config.mail.devOutbox).toBe(false);
  });

  it('refuses a published, placeholder or repeated JWT secret in production, naming the variable', () => {
    for (const weak of [
      'dev-only-insecure-jwt-secret-change-me-000000', // the old docker-compose default
      'x'.repeat(32),
      'secret'.repeat(6),
      'changeme'.repeat(4),
      'please-replace-me-with-something-long',
      'abababababababababababababababababab1',
    ]) {
      const problems = problemsOf({ NODE_ENV: 'production', JWT_SECRET: weak });
      expect(problems, weak).toHaveLength(1);
      expect(problems[0]).toMatch(/^JWT_SECRET: must not be guessable in production/);
    }
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'changeme' })).toEqual(['JWT_SECRET: must be at least 32 characters']);
    // Development keeps working with whatever a person typed, as long as it is long enough.
    expect(parseConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('wants an admin secret of at least 16 characters, not a guessable one in production', () => {
    expect(problemsOf({ ADMIN_SECRET: 'short-secret' })).toEqual(['ADMIN_SECRET: must be at least 16 characters']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, ADMIN_SECRET: 'changeme-changeme' })[0]).toMatch(/^ADMIN_SECRET: must not be guessable/);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, ADMIN_SECRET: 'a'.repeat(20) })[0]).toMatch(/^ADMIN_SECRET: /);
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, ADMIN_SECRET: 'q8Zr-2vLx7Tn#pW4' }).adminSecret).toBe('q8Zr-2vLx7Tn#pW4');
  });

  it("refuses MinIO's default login as S3 secret key in production", () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'minioadmin', S3_SECRET_ACCESS_KEY: 'minioadmin' };
    expect(problemsOf(env)[0]).toMatch(/^S3_SECRET_ACCESS_KEY: must not be guessable/);
  });

  it('listens on loopback only unless HOST says otherwise', () => {
    expect(parseConfig({}).http.host).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
  });

  it('trusts no proxy by default, and takes what Express takes for TRUST_PROXY', () => {
    expect(parseConfig({}).http.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7, 172.16.0.0/255.240.0.0' }).http.trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
      '172.16.0.0/255.240.0.0',
    ]);
    for (const bad of ['somewhere', '10.0.0.0/33', '1.2.3.4/8/8', 'loopback,,nope']) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: must be false, true, a hop count/);
    }
  });

  it("lists each provider's result hosts, default or named, and refuses anything else", () => {
    const keys = { FAL_KEY: 'k', BFL_API_KEY: 'k', REPLICATE_API_TOKEN: 'r8_k' };
    const defaults = parseConfig(keys).providers;
    expect(defaults.fal?.outputHosts).toEqual(['fal.media', '*.fal.media']);
    expect(defaults.bfl?.outputHosts).toEqual(['*.bfl.ai', '*.bfl.ml']);
    expect(defaults.replicate?.outputHosts).toEqual(['replicate.delivery', '*.replicate.delivery']);
    expect(parseConfig({ ...keys, FAL_OUTPUT_HOSTS: 'cdn.example.com, http://127.0.0.1:4010' }).providers.fal?.outputHosts).toEqual(['cdn.example.com', 'http://127.0.0.1:4010']);
    expect(() => parseConfig({ ...keys, FAL_OUTPUT_HOSTS: 'http://127.0.0.1:4010/files' })).toThrow(/FAL_OUTPUT_HOSTS/);
    expect(() => parseConfig({ ...keys, BFL_OUTPUT_HOSTS: '*' })).toThrow(/BFL_OUTPUT_HOSTS/);
    expect(parseConfig({}).generation.providerOutputMaxBytes).toBe(200 * 1024 * 1024);
  });

  it('treats blank variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '  ' }).http.port).toBe(3000);
  });

  it('wants S3 credentials in pairs and a bucket for any S3 setting', () => {
    expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })[0]).toMatch(/^S3_ACCESS_KEY_ID/);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })[0]).toMatch(/^S3_BUCKET/);
  });

  describe('generation providers', () => {
    it('routes every mode to the local engine by default, and a mode to its own provider when told', () => {
      expect(new Set(Object.values(parseConfig({}).generation.routes))).toEqual(new Set(['local']));
      const config = parseConfig({ GENERATION_PROVIDER: 'bfl', BFL_API_KEY: 'k', GENERATION_PROVIDER_STORY_TIME: 'local', GENERATION_PROVIDER_CYBER_SIREN: 'fal', FAL_KEY: 'f' });
      expect(config.generation.routes).toMatchObject({ 'story-time': 'local', 'cyber-siren': 'fal', 'ghibli-reaction': 'bfl', 'custom-prompt': 'bfl' });
      expect(config.providers.bfl).toMatchObject({ key: 'k', baseUrl: 'https://api.bfl.ai', model: 'flux-kontext-pro', concurrency: 24 });
      expect(config.providers.fal).toMatchObject({ baseUrl: 'https://queue.fal.run', concurrency: 2 });
    });

    it('stops start-up when a chosen provider has no key, naming the variable and who chose it', () => {
      expect(problemsOf({ GENERATION_PROVIDER_CYBER_SIREN: 'fal' })).toEqual(['FAL_KEY: required because GENERATION_PROVIDER_CYBER_SIREN=fal']);
      expect(problemsOf({ GENERATION_PROVIDER: 'comfyui' })).toEqual(['COMFYUI_URL: required because GENERATION_PROVIDER=comfyui']);
      expect(problemsOf({ GENERATION_PROVIDER: 'dall-e' })[0]).toMatch(/^GENERATION_PROVIDER:/);
    });

    it('refuses the instant provider in production', () => {
      const production = { NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET };
      expect(problemsOf({ ...production, GENERATION_PROVIDER_PRESETS: 'instant' })).toEqual([
        'GENERATION_PROVIDER_PRESETS: instant is for load tests and demos, not NODE_ENV=production',
      ]);
    });

    it('drops a trailing slash from provider addresses, so paths can be appended', () => {
      expect(parseConfig({ FAL_KEY: 'f', FAL_QUEUE_URL: 'http://127.0.0.1:9000/' }).providers.fal?.baseUrl).toBe('http://127.0.0.1:9000');
    });
  });

  describe('screening', () => {
    it('screens by default, with review and block thresholds per class', () => {
      const { screening } = parseConfig({});
      expect(screening.enabled).toBe(true);
      expect(screening.thresholds).toEqual({
        Drawing: { review: null, block: null },
        Hentai: { review: 0.6, block: 0.85 },
        Neutral: { review: null, block: null },
        Porn: { review: 0.6, block: 0.85 },
        Sexy: { review: 0.8, block: null },
      });
    });

    it('takes an operator\'s thresholds (a score, or off) and SCREENING=off', () => {
      const { screening } = parseConfig({ SCREENING: 'off', SCREENING_PORN_BLOCK: '0.9', SCREENING_SEXY_BLOCK: '0.97', SCREENING_HENTAI_REVIEW: 'off' });
      expect(screening.enabled).toBe(false);
      expect(screening.thresholds.Porn).toEqual({ review: 0.6, block: 0.9 });
      expect(screening.thresholds.Sexy).toEqual({ review: 0.8, block: 0.97 });
      expect(screening.thresholds.Hentai).toEqual({ review: null, block: 0.85 });
    });

    it('refuses a threshold that is not a score, and a review above its block', () => {
      expect(problemsOf({ SCREENING_PORN_BLOCK: '85' })).toEqual(['SCREENING_PORN_BLOCK: must be a score from 0 to 1, or off']);
      expect(problemsOf({ SCREENING: 'maybe' })[0]).toMatch(/^SCREENING:/);
      expect(problemsOf({ SCREENING_PORN_REVIEW: '0.9', SCREENING_PORN_BLOCK: '0.8' })).toEqual([
        'SCREENING_PORN_REVIEW: 0.9 is above SCREENING_PORN_BLOCK (0.8); a score reviews before it blocks',
      ]);
    });
  });
});
