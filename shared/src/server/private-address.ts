import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses that are ours or nobody's, which nothing a client or a provider names may make us
 * connect to: loopback, private, carrier-grade NAT, link-local, unique-local, multicast, reserved.
 * Used for provider outputs (worker/src/providers/remote/output-download.ts) and for the runs'
 * webhooks (shared/src/server/generation/run-webhooks.ts), checked on the literal address a URL
 * names and again on the address a name resolves to when connecting (`publicLookup`).
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
  // The same ranges written as IPv6 (a URL's parser writes [::ffff:10.0.0.1] as [::ffff:a00:1]):
  // IPv4-mapped, and the deprecated IPv4-compatible form.
  blocked.addSubnet(`::ffff:${network}`, 96 + prefix, 'ipv6');
  blocked.addSubnet(`::${network}`, 96 + prefix, 'ipv6');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one of ours or nobody's: loopback, private, link-local, unique-local, multicast... Not an address at all counts as private. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an address when it is a literal one (`[::1]` unbracketed), else undefined. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) !== 0 ? host : undefined;
}

/** Whether a URL names this machine: a loopback address, or `localhost` and its subdomains. */
export function isLoopbackHost(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const literal = literalAddress(url);
  if (literal === undefined) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(literal)?.[1] ?? literal;
  return mapped === '::1' || (net.isIPv4(mapped) && mapped.startsWith('127.'));
}

/** The error `publicLookup` fails with (`code` EPRIVATE), so a caller tells a refusal from a network failure. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATE';

/** dns.lookup that fails for a private address, so the check holds for the address actually connected to. */
export const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options }, (error, address: string | dns.LookupAddress[], family?: number) => {
    if (error) return callback(error, address as string, family);
    const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
    const inside = addresses.find((a) => isPrivateAddress(a));
    if (inside) {
      return callback(Object.assign(new Error(`${hostname} resolves to ${inside}, a private address`), { code: PRIVATE_ADDRESS_CODE }), address as string, family);
    }
    (callback as (e: null, a: string | dns.LookupAddress[], f?: number) => void)(null, address, family);
  });
};
