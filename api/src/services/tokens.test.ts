import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, TokenService } from './tokens';

describe('TokenService access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps accepting a token it verified until its expiry, and refuses it from then on', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = new TokenService('unit-test-secret-unit-test-secret');
    const token = await tokens.signAccessToken('user-1', 'session-1');
    await expect(tokens.verifyAccessToken(token)).resolves.toEqual({ userId: 'user-1', sessionId: 'session-1' });
    await expect(tokens.verifyAccessToken(token)).resolves.toEqual({ userId: 'user-1', sessionId: 'session-1' });
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    await expect(tokens.verifyAccessToken(token)).resolves.toBeNull();
  });

  it('never accepts a token signed with another secret, even one it has seen verified elsewhere', async () => {
    const ours = new TokenService('unit-test-secret-unit-test-secret');
    const theirs = new TokenService('another-secret-another-secret-xx');
    const token = await theirs.signAccessToken('user-1', 'session-1');
    await expect(theirs.verifyAccessToken(token)).resolves.not.toBeNull();
    await expect(ours.verifyAccessToken(token)).resolves.toBeNull();
    await expect(ours.verifyAccessToken(`${token.slice(0, -2)}xx`)).resolves.toBeNull();
  });
});
