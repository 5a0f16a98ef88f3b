import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isPrivateAddress, literalAddress } from './private-address';

describe('isPrivateAddress', () => {
  it.each(['10.0.0.1', '127.0.0.1', '169.254.169.254', '172.31.255.255', '192.168.1.1', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd12:3456::1', 'fe80::1', 'ff02::1'])(
    'holds %s private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it('holds IPv4 ranges private however IPv6 writes them', () => {
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:a00:1')).toBe(true);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('::a00:1')).toBe(true);
    expect(isPrivateAddress('::ffff:808:808')).toBe(false);
  });

  it.each(['8.8.8.8', '203.0.113.9', '172.32.0.1', '2606:4700::1111'])('holds %s public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('holds what is no address private', () => expect(isPrivateAddress('example.com')).toBe(true));
});

describe('the host of a URL', () => {
  it('reads a literal address, brackets dropped', () => {
    expect(literalAddress(new URL('https://[::1]:8443/x'))).toBe('::1');
    expect(literalAddress(new URL('https://10.0.0.1/x'))).toBe('10.0.0.1');
    expect(literalAddress(new URL('https://example.com/x'))).toBeUndefined();
  });

  it('knows this machine by its loopback addresses and localhost names', () => {
    for (const url of ['http://localhost:3000/', 'http://api.localhost/', 'http://127.0.0.1/', 'http://127.1.2.3/', 'http://[::1]/', 'http://LOCALHOST./']) {
      expect(isLoopbackHost(new URL(url)), url).toBe(true);
    }
    for (const url of ['http://10.0.0.1/', 'http://example.com/', 'http://localhost.example.com/']) {
      expect(isLoopbackHost(new URL(url)), url).toBe(false);
    }
  });
});
