import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, metricsAccess, sameSecret } from './access';

describe('metricsAccess', () => {
  it('answers only this machine when no token is set, whatever it sends', () => {
    expect(metricsAccess(undefined, '127.0.0.1', undefined)).toBe('allowed');
    expect(metricsAccess(undefined, '::ffff:127.0.0.1', undefined)).toBe('allowed');
    expect(metricsAccess(undefined, '10.0.0.7', 'Bearer anything')).toBe('denied');
  });

  it('wants the bearer token when one is set, from anywhere, this machine included', () => {
    const token = 'metrics-token-0123456789';
    expect(metricsAccess(token, '10.0.0.7', `Bearer ${token}`)).toBe('allowed');
    expect(metricsAccess(token, '127.0.0.1', undefined)).toBe('denied');
    expect(metricsAccess(token, '10.0.0.7', `Bearer ${token}x`)).toBe('denied');
    expect(metricsAccess(token, '10.0.0.7', token)).toBe('denied');
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
