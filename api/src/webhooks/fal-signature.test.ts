import { createHash, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFalJwksCache, verifyFalWebhook } from './fal-signature';

function keyPair(): { privateKey: ReturnType<typeof generateKeyPairSync>['privateKey']; jwk: JsonWebKey } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, jwk: publicKey.export({ format: 'jwk' }) };
}

const signer = keyPair();
const other = keyPair();
const now = 1_760_000_000;
const body = Buffer.from(JSON.stringify({ request_id: 'req-1', status: 'OK', payload: { images: [] } }));

function signedHeaders(raw: Buffer, timestamp = now, key = signer.privateKey): Record<string, string> {
  const message = `req-1\nuser-9\n${timestamp}\n${createHash('sha256').update(raw).digest('hex')}`;
  return {
    'x-fal-webhook-request-id': 'req-1',
    'x-fal-webhook-user-id': 'user-9',
    'x-fal-webhook-timestamp': String(timestamp),
    'x-fal-webhook-signature': sign(null, Buffer.from(message), key).toString('hex'),
  };
}

describe('verifyFalWebhook', () => {
  it('accepts a body signed by one of the published keys', () => {
    expect(verifyFalWebhook(body, signedHeaders(body), [other.jwk, signer.jwk], now)).toBe(true);
  });

  it('refuses a tampered body', () => {
    const tampered = Buffer.from(body.toString().replace('OK', 'ERROR'));
    expect(verifyFalWebhook(tampered, signedHeaders(body), [signer.jwk], now)).toBe(false);
  });

  it('refuses a signature made with a key fal does not publish', () => {
    expect(verifyFalWebhook(body, signedHeaders(body, now, other.privateKey), [signer.jwk], now)).toBe(false);
  });

  it('refuses a timestamp more than 300 s away, either way', () => {
    expect(verifyFalWebhook(body, signedHeaders(body, now - 301), [signer.jwk], now)).toBe(false);
    expect(verifyFalWebhook(body, signedHeaders(body, now + 301), [signer.jwk], now)).toBe(false);
    expect(verifyFalWebhook(body, signedHeaders(body, now - 299), [signer.jwk], now)).toBe(true);
  });

  it('refuses a changed request id, missing headers and malformed signatures', () => {
    const headers = signedHeaders(body);
    expect(verifyFalWebhook(body, { ...headers, 'x-fal-webhook-request-id': 'req-2' }, [signer.jwk], now)).toBe(false);
    expect(verifyFalWebhook(body, { ...headers, 'x-fal-webhook-signature': undefined }, [signer.jwk], now)).toBe(false);
    expect(verifyFalWebhook(body, { ...headers, 'x-fal-webhook-signature': 'zz' }, [signer.jwk], now)).toBe(false);
    expect(verifyFalWebhook(body, headers, [], now)).toBe(false);
    expect(verifyFalWebhook(body, headers, [{ kty: 'RSA', n: 'x', e: 'AQAB' }], now)).toBe(false);
  });
});

describe('createFalJwksCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function jwksFetch(answers: Array<() => Response>) {
    return vi.fn<typeof fetch>(() => Promise.resolve((answers.shift() ?? (() => new Response('gone', { status: 500 })))()));
  }

  it('fetches the key set once a day and keeps the old keys when a refetch fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fetchImpl = jwksFetch([() => Response.json({ keys: [signer.jwk] })]);
    const cache = createFalJwksCache('http://127.0.0.1:1/.well-known/jwks.json', fetchImpl);

    expect(await cache.keys()).toEqual([signer.jwk]);
    expect(await cache.keys()).toEqual([signer.jwk]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2026-01-02T01:00:00Z'));
    expect(await cache.keys()).toEqual([signer.jwk]);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('refetches on request after a failed verify, but not more than once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fetchImpl = jwksFetch([() => Response.json({ keys: [other.jwk] }), () => Response.json({ keys: [other.jwk, signer.jwk] })]);
    const cache = createFalJwksCache('http://127.0.0.1:1/jwks', fetchImpl);

    expect(await cache.keys()).toEqual([other.jwk]);
    expect(await cache.keys({ refresh: true })).toEqual([other.jwk]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2026-01-01T00:02:00Z'));
    const keys = await cache.keys({ refresh: true });
    expect(verifyFalWebhook(body, signedHeaders(body), keys, now)).toBe(true);
  });

  it('starts at most one fetch a minute while fal fails, whatever the callers ask for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fetchImpl = jwksFetch([]);
    const cache = createFalJwksCache('http://127.0.0.1:1/jwks', fetchImpl);
    for (let i = 0; i < 50; i++) await expect(cache.keys({ refresh: i % 2 === 0 })).rejects.toThrow(/500/);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    await expect(cache.keys()).rejects.toThrow(/500/);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('throws when fal cannot be reached and no keys are known yet', async () => {
    const cache = createFalJwksCache('http://127.0.0.1:1/jwks', jwksFetch([]));
    await expect(cache.keys()).rejects.toThrow(/500/);
  });
});
