import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { defineCall } from '@app/shared/api/define-call';
import { z } from 'zod';
import { callApi, callApiData, configureApiSession, isValidJwt, type SessionTokens } from './client';

const OLD = 'aaa.bbb.old';
const NEW = 'aaa.bbb.new';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authHeader(call: unknown[]): string | null {
  const init = call[1] as RequestInit;
  return new Headers(init.headers).get('Authorization');
}

/** A call of any name that takes any success answer: these tests are about the transport. */
function anyCall(name: string, method: 'GET' | 'POST' = 'GET') {
  return defineCall({ name, method, request: z.unknown(), response: z.looseObject({ success: z.literal(true) }) });
}

describe('the request client', () => {
  let tokens: SessionTokens;
  let expire: ReturnType<typeof vi.fn<() => void>>;
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

  beforeEach(() => {
    tokens = { accessToken: OLD, refreshToken: 'refresh-1-0123456789' };
    expire = vi.fn<() => void>();
    configureApiSession({
      read: () => tokens,
      store: (accessToken, refreshToken) => {
        tokens = { accessToken, refreshToken };
      },
      expire,
    });
    fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON to the functions base with the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, value: 1 }));
    const answer = await callApiData(anyCall('update-profile', 'POST'), { body: {} });
    expect(answer.value).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/update-profile');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(authHeader(fetchMock.mock.calls[0]!)).toBe(`Bearer ${OLD}`);
  });

  it('attaches a token only when it has exactly three dot-separated parts', async () => {
    expect(isValidJwt('a.b.c')).toBe(true);
    expect(isValidJwt('a.b')).toBe(false);
    expect(isValidJwt('a.b.c.d')).toBe(false);
    expect(isValidJwt('a..c')).toBe(false);
    tokens = { accessToken: 'not-a-jwt', refreshToken: null };
    fetchMock.mockResolvedValueOnce(json(200, { success: true }));
    await callApiData(anyCall('get-user-profile'));
    expect(authHeader(fetchMock.mock.calls[0]!)).toBeNull();
  });

  it('refreshes once on a 401, keeps the rotated tokens and retries once', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, error: 'Unauthorized' }))
      .mockResolvedValueOnce(json(200, { success: true, accessToken: NEW, refreshToken: 'refresh-2-0123456789' }))
      .mockResolvedValueOnce(json(200, { success: true, ok: 'yes' }));
    const answer = await callApiData(anyCall('get-user-profile'));
    expect(answer.ok).toBe('yes');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/.netlify/functions/get-user-profile',
      '/.netlify/functions/refresh-token',
      '/.netlify/functions/get-user-profile',
    ]);
    expect(JSON.parse((fetchMock.mock.calls[1]![1] as RequestInit).body as string)).toEqual({
      refreshToken: 'refresh-1-0123456789',
    });
    expect(authHeader(fetchMock.mock.calls[2]!)).toBe(`Bearer ${NEW}`);
    expect(tokens).toEqual({ accessToken: NEW, refreshToken: 'refresh-2-0123456789' });
    expect(expire).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that get a 401 at the same time', async () => {
    let refreshes = 0;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url.endsWith('/refresh-token')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { success: true, accessToken: NEW, refreshToken: 'refresh-2-0123456789' });
      }
      const bearer = new Headers(init.headers).get('Authorization');
      return bearer === `Bearer ${NEW}` ? json(200, { success: true }) : json(401, { success: false, error: 'Unauthorized' });
    });
    await Promise.all([callApiData(anyCall('a')), callApiData(anyCall('b')), callApiData(anyCall('c'))]);
    expect(refreshes).toBe(1);
  });

  it('retries only once: a second 401 fails the call without another refresh', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, error: 'Unauthorized' }))
      .mockResolvedValueOnce(json(200, { success: true, accessToken: NEW, refreshToken: 'refresh-2-0123456789' }))
      .mockResolvedValueOnce(json(401, { success: false, error: 'Still no' }));
    await expect(callApiData(anyCall('get-user-profile'))).rejects.toMatchObject({ status: 401, serverError: 'Still no' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('ends the session once when the refresh is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, error: 'Unauthorized' }))
      .mockResolvedValueOnce(json(401, { success: false, error: 'Invalid refresh token' }));
    await expect(callApiData(anyCall('get-user-profile'))).rejects.toMatchObject({ status: 401 });
    expect(expire).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the session when the refresh meets a server or network failure', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, error: 'Unauthorized' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApiData(anyCall('get-user-profile'))).rejects.toMatchObject({ status: 0 });
    expect(expire).not.toHaveBeenCalled();
  });

  it('does not refresh calls made without the session (sign-in, logout)', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, error: 'Unauthorized' }));
    await expect(callApiData(anyCall('logout', 'POST'), { body: {}, bearer: OLD })).rejects.toBeInstanceOf(ApiError);
    await expect(callApiData(anyCall('verify-otp', 'POST'), { body: {}, auth: 'none' })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authHeader(fetchMock.mock.calls[1]!)).toBeNull();
  });

  it("surfaces the server's error text and code", async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, { success: false, error: 'Beta full. Join the waitlist to be first in line for the next drop.', code: 'BETA_FULL' }),
    );
    const error = await callApiData(anyCall('request-otp', 'POST'), { body: { email: 'a@b.co' }, auth: 'none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'BETA_FULL' });
    expect((error as ApiError).serverError).toMatch(/^Beta full/);
  });

  it('turns a failed fetch into the network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await callApiData(anyCall('check-quota', 'POST'), { body: {}, auth: 'none' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Network error. Please try again.' });
  });

  it('treats an answer that is not JSON as a failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<!doctype html>', { status: 200 }));
    await expect(callApiData(anyCall('get-launch-status'), { auth: 'none' })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('endSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('buys a fresh access token to log out with when the kept one has expired', async () => {
    const { endSession } = await import('./auth');
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(json(401, { success: false, error: 'Please sign in to continue.' }))
      .mockResolvedValueOnce(json(200, { success: true, accessToken: NEW, refreshToken: 'refresh-2-0123456789' }))
      .mockResolvedValueOnce(json(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    await endSession(OLD, 'refresh-1-0123456789');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/.netlify/functions/logout',
      '/.netlify/functions/refresh-token',
      '/.netlify/functions/logout',
    ]);
    expect(authHeader(fetchMock.mock.calls[2]!)).toBe(`Bearer ${NEW}`);
    expect(JSON.parse(fetchMock.mock.calls[2]![1].body as string)).toEqual({ refreshToken: 'refresh-2-0123456789' });
  });
});

describe('callApi', () => {
  const call = defineCall({ name: 'get-thing', method: 'GET', request: undefined, response: z.object({ success: z.literal(true), count: z.number() }) });

  beforeEach(() => {
    configureApiSession({ read: () => ({ accessToken: null, refreshToken: null }), store: () => {}, expire: () => {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('parses the answer with the call schema', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, count: 3, extra: 'x' })));
    expect(await callApi(call)).toEqual({ ok: true, data: { success: true, count: 3 } });
  });

  it('returns a 200 that says success:false as { ok: false, body } instead of throwing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: false, error: 'Generation failed', status: 'failed' })));
    expect(await callApi(call)).toEqual({ ok: false, body: { success: false, error: 'Generation failed', status: 'failed' } });
    await expect(callApiData(call)).rejects.toMatchObject({ serverError: 'Generation failed' });
  });

  it('takes a list answer (story-api answers an array) and checks it with the schema', async () => {
    const list = defineCall({ name: 'story-api', method: 'GET', request: undefined, response: z.array(z.object({ slug: z.string() })) });
    vi.stubGlobal('fetch', vi.fn(async () => json(200, [{ slug: 'a' }])));
    expect(await callApiData(list)).toEqual([{ slug: 'a' }]);
    vi.stubGlobal('fetch', vi.fn(async () => json(200, [{ slug: 1 }])));
    await expect(callApi(list)).rejects.toMatchObject({ status: 502, code: 'BAD_ANSWER' });
  });

  it('refuses an answer of the wrong shape, and still throws for an HTTP failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, count: 'three' })));
    await expect(callApi(call)).rejects.toMatchObject({ status: 502, code: 'BAD_ANSWER' });
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { success: false, error: 'Not found' })));
    await expect(callApi(call)).rejects.toBeInstanceOf(ApiError);
  });
});
