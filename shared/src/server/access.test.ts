import { describe, expect, it } from 'vitest';
import { isLocalCaller, isLoopbackAddress, metricsAccess, sameSecret } from './access';

const from = (remoteAddress: string) => ({ socket: { remoteAddress } });

describe('metricsAccess', () => {
  it('answers only this machine when no token is set, whatever it sends', () => {
    expect(metricsAccess(undefined, from('127.0.0.1'), undefined)).toBe('allowed');
    expect(metricsAccess(undefined, from('::ffff:127.0.0.1'), undefined)).toBe('allowed');
    expect(metricsAccess(undefined, from('10.0.0.7'), 'Bearer anything')).toBe('denied');
  });

  it('wants the bearer token when one is set, from anywhere, this machine included', () => {
    const token = 'metrics-token-0123456789';
    expect(metricsAccess(token, from('10.0.0.7'), `Bearer ${token}`)).toBe('allowed');
    expect(metricsAccess(token, from('127.0.0.1'), undefined)).toBe('denied');
    expect(metricsAccess(token, from('10.0.0.7'), `Bearer ${token}x`)).toBe('denied');
    expect(metricsAccess(token, from('10.0.0.7'), token)).toBe('denied');
  });
});

describe('isLocalCaller', () => {
  it('wants the socket peer and every client address the app trusts to be loopback', () => {
    expect(isLocalCaller(from('::1'))).toBe(true);
    expect(isLocalCaller({ ...from('127.0.0.1'), ip: '127.0.0.1', ips: [] })).toBe(true);
    // A reverse proxy on this host: the peer is loopback, the client it forwarded for is not.
    expect(isLocalCaller({ ...from('127.0.0.1'), ip: '203.0.113.7', ips: ['203.0.113.7'] })).toBe(false);
    // Every hop trusted and a forged leftmost 127.0.0.1: the real client is still in the chain.
    expect(isLocalCaller({ ...from('127.0.0.1'), ip: '127.0.0.1', ips: ['127.0.0.1', '203.0.113.7'] })).toBe(false);
    expect(isLocalCaller({ ...from('203.0.113.9'), ip: '127.0.0.1', ips: ['127.0.0.1'] })).toBe(false);
    expect(isLocalCaller({ ...from('127.0.0.1'), ip: undefined })).toBe(false);
  });
});

describe('sameSecret and isLoopbackAddress', () => {
  it('compare secrets of any length and recognise loopback addresses', () => {
    expect(sameSecret('a', 'a')).toBe(true);
    expect(sameSecret('a', 'a-much-longer-secret')).toBe(false);
    expect(sameSecret(undefined, 'a')).toBe(false);
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});
