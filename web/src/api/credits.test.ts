import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiSession } from './client';
import { getCreditsUsed } from './credits';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const entry = (id: number, delta: number, reason: string, balanceAfter: number) => ({ id, delta, reason, balanceAfter, runId: reason === 'signup' ? null : `run-${id}`, createdAt: '2026-01-01T00:00:00.000Z' });

describe('the credits used, from the ledger', () => {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>();
  beforeEach(() => {
    configureApiSession({ read: () => ({ accessToken: 'aaa.bbb.ccc', refreshToken: null }), store: () => {}, expire: () => {} });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sums what runs were charged less what was refunded, over every page', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ success: true, entries: [entry(5, 2, 'refund', 16), entry(4, -2, 'generation', 14), entry(3, -15, 'generation', 16)], nextCursor: 3 }))
      .mockResolvedValueOnce(json({ success: true, entries: [entry(2, 11, 'daily_topup', 31), entry(1, 20, 'signup', 20)], nextCursor: null }));
    // 15 + 2 charged, 2 refunded; grants are not "used".
    await expect(getCreditsUsed()).resolves.toBe(15);
    expect(fetchMock.mock.calls[1]![0]).toContain('cursor=3');
  });
});
